import clsx from 'clsx';
import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { copy } from '@reframe/shared';
import { useAuth } from '../auth/use-auth';
import { ButtonLink } from './Button';
import { Logo } from './Logo';
import { useScrolledPast } from './use-scrolled-past';

/** Brief: the top bar turns translucent once the page is scrolled more than 10 px. */
const SCROLL_THRESHOLD_PX = 10;

function TopBarActions({ stacked, onNavigate }: { stacked?: boolean; onNavigate?: () => void }) {
  const { currentUser } = useAuth();
  const size = stacked ? 'lg' : 'md';
  const width = stacked ? 'w-full' : undefined;
  if (currentUser) {
    return (
      <ButtonLink to="/app" size={size} className={width} onClick={onNavigate}>
        {copy.topBar.goToApp}
      </ButtonLink>
    );
  }
  return (
    <>
      <ButtonLink to="/signin" variant="ghost" size={size} className={width} onClick={onNavigate}>
        {copy.topBar.logIn}
      </ButtonLink>
      <ButtonLink to="/signup" size={size} className={width} onClick={onNavigate}>
        {copy.topBar.tryForFree}
      </ButtonLink>
    </>
  );
}

/** Fixed public navigation for the marketing pages; the landing issue adds section links here. */
export function PublicTopBar() {
  const scrolled = useScrolledPast(SCROLL_THRESHOLD_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const MenuIcon = menuOpen ? X : Menu;

  return (
    <header
      data-scrolled={scrolled}
      className={clsx(
        'fixed inset-x-0 top-0 z-40 border-b transition-colors duration-200',
        scrolled || menuOpen
          ? 'border-slate-200/80 bg-white/80 backdrop-blur-md'
          : 'border-transparent bg-white',
      )}
    >
      <nav className="mx-auto flex h-16 max-w-6xl items-center justify-between px-5 sm:px-8">
        <Logo />
        <div className="hidden items-center gap-2 sm:flex">
          <TopBarActions />
        </div>
        <button
          type="button"
          className="-mr-2 inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 sm:hidden"
          aria-expanded={menuOpen}
          aria-controls="public-mobile-menu"
          aria-label={menuOpen ? copy.topBar.closeMenu : copy.topBar.openMenu}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <MenuIcon aria-hidden="true" className="size-5" />
        </button>
      </nav>
      {menuOpen && (
        <div id="public-mobile-menu" className="border-t border-slate-200 px-5 py-4 sm:hidden">
          <div className="flex flex-col gap-2">
            <TopBarActions stacked onNavigate={() => setMenuOpen(false)} />
          </div>
        </div>
      )}
    </header>
  );
}
