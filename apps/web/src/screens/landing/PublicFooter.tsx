import { Link } from 'react-router';
import { copy } from '@reframe/shared';
import { Logo } from '../../components/Logo';

export function PublicFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-5 py-10 sm:flex-row sm:items-center sm:justify-between sm:px-8">
        <div>
          <Logo />
          <p className="mt-2 text-sm text-slate-600">{copy.landing.footerTagline}</p>
        </div>
        <nav aria-label="Footer" className="flex gap-6 text-sm font-medium text-slate-700">
          <Link to="/signin" className="hover:text-slate-900">
            {copy.topBar.logIn}
          </Link>
          <Link to="/signup" className="hover:text-slate-900">
            {copy.auth.signUp}
          </Link>
        </nav>
        <p className="text-sm text-slate-600">{copy.landing.copyright(new Date().getFullYear())}</p>
      </div>
    </footer>
  );
}
