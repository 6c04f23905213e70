import { Link } from 'react-router';
import { apiWebCopy, copy } from '@reframe/shared';
import { Logo } from '../../components/Logo';
import { publicSectionLinks } from '../../components/PublicTopBar';
import { useCurrentYear } from '../../components/use-current-year';

const linkClass = 'rounded-sm text-slate-600 hover:text-slate-900';

export function PublicFooter() {
  const year = useCurrentYear();
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto max-w-6xl px-5 py-12 sm:px-8">
        <div className="flex flex-col gap-8 md:flex-row md:items-start md:justify-between">
          <div className="max-w-xs">
            <Logo />
            <p className="mt-3 text-sm leading-6 text-slate-600">{copy.landing.footerTagline}</p>
          </div>
          <nav
            aria-label={copy.landing.footerNavLabel}
            className="grid grid-cols-2 gap-x-12 gap-y-3 text-sm font-medium sm:grid-cols-3"
          >
            {publicSectionLinks.map((link) => (
              <a key={link.href} href={link.href} className={linkClass}>
                {link.label}
              </a>
            ))}
            <Link to="/signin" className={linkClass}>
              {copy.topBar.logIn}
            </Link>
            <Link to="/signup" className={linkClass}>
              {copy.auth.signUp}
            </Link>
            <Link to="/docs/api" className={linkClass}>
              {apiWebCopy.docsLinkLabel}
            </Link>
            <Link to="/terms" className={linkClass}>
              {copy.legal.terms.title}
            </Link>
            <Link to="/privacy" className={linkClass}>
              {copy.legal.privacy.title}
            </Link>
          </nav>
        </div>
        <div className="mt-10 flex flex-col gap-2 border-t border-slate-200 pt-6 text-xs text-slate-500 sm:flex-row sm:justify-between">
          <p>{copy.landing.copyright(year)}</p>
          <p>{copy.landing.photoCredits}</p>
        </div>
      </div>
    </footer>
  );
}
