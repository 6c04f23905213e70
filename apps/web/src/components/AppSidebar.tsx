import clsx from 'clsx';
import { Crop, CreditCard, History, LogOut, Settings, Users, type LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router';
import { copy } from '@reframe/shared';
import { useAuth } from '../auth/use-auth';
import { useSignOut } from '../auth/use-sign-out';
import { Alert } from './Alert';

const navItems: { to: string; label: string; icon: LucideIcon; end?: boolean }[] = [
  { to: '/app', label: copy.appShell.nav.resizer, icon: Crop, end: true },
  { to: '/app/history', label: copy.appShell.nav.history, icon: History },
  { to: '/app/billing', label: copy.appShell.nav.billing, icon: CreditCard },
  { to: '/app/team', label: copy.appShell.nav.team, icon: Users },
  { to: '/app/settings', label: copy.appShell.nav.settings, icon: Settings },
];

function UserBlock() {
  const { currentUser } = useAuth();
  const name = currentUser?.displayName || currentUser?.email || copy.appShell.fallbackUserName;
  const initial = (currentUser?.displayName || currentUser?.email || '?').charAt(0).toUpperCase();
  return (
    <div className="flex items-center gap-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200/70">
      <span
        aria-hidden="true"
        className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-600 text-base font-semibold text-white"
      >
        {initial}
      </span>
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold text-slate-900" data-testid="user-name">
          {name}
        </p>
        <p className="truncate text-xs text-slate-600" data-testid="user-email">
          {currentUser?.email}
        </p>
      </div>
    </div>
  );
}

/** Everything the sidebar holds; the phone menu shows the same parts. */
export function AppSidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const { signOut, busy, error } = useSignOut();
  return (
    <div className="flex h-full flex-col gap-6">
      <UserBlock />
      <nav aria-label="App" className="flex flex-col gap-1">
        {navItems.map(({ to, label, icon: Icon, end }) => (
          <NavLink
            key={to}
            to={to}
            end={end}
            onClick={onNavigate}
            className={({ isActive }) =>
              clsx(
                'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors',
                isActive
                  ? 'bg-brand-50 text-brand-700 ring-1 ring-brand-100'
                  : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
              )
            }
          >
            <Icon aria-hidden="true" className="size-[18px]" />
            {label}
          </NavLink>
        ))}
      </nav>
      <div className="mt-auto flex flex-col gap-3">
        {error && <Alert>{error}</Alert>}
        <button
          type="button"
          onClick={() => void signOut()}
          disabled={busy}
          className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 disabled:opacity-60"
        >
          <LogOut aria-hidden="true" className="size-[18px]" />
          {copy.appShell.signOut}
        </button>
      </div>
    </div>
  );
}
