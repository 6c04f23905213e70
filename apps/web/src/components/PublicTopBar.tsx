import clsx from 'clsx';
import { useCallback, useRef, useState } from 'react';
import { copy } from '@reframe/shared';
import { useAuth } from '../auth/use-auth';
import { ButtonLink } from './Button';
import { Logo } from './Logo';
import { MenuToggle } from './MenuToggle';
import { useCloseOnEscape } from './use-close-on-escape';
import { useScrolledPast } from './use-scrolled-past';

/** Brief: the top bar turns translucent once the page is scrolled more than 10 px. */
const SCROLL_THRESHOLD_PX = 10;

/** In-page anchors of the landing sections, shared by the top bar and the footer. */
export const publicSectionLinks = [
  { href: '/#features', label: copy.landing.sections.features },
  { href: '/#examples', label: copy.landing.sections.examples },
  { href: '/#demo', label: copy.landing.sections.demo },
  { href: '/#pricing', label: copy.landing.sections.pricing },
] as const;

function TopBarActions({
  signedIn,
  stacked,
  onNavigate,
}: {
  signedIn: boolean;
  stacked?: boolean;
  onNavigate?: () => void;
}) {
  const size = stacked ? 'lg' : 'md';
  const width = stacked ? 'w-full' : undefined;
  if (signedIn) {
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
      {/* The brief's "Try for Free" goes to /signin signed out: the hero's and this one alike. */}
      <ButtonLink to="/signin" size={size} className={width} onClick={onNavigate}>
        {copy.topBar.tryForFree}
      </ButtonLink>
    </>
  );
}

/** Fixed public navigation for the marketing pages: section links, sign-in or the app. */
export function PublicTopBar() {
  const { currentUser } = useAuth();
  const signedIn = currentUser !== null;
  const scrolled = useScrolledPast(SCROLL_THRESHOLD_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useCloseOnEscape(menuOpen, closeMenu, toggleRef);

  return (
    <>
      {menuOpen && (
        // As in the app shell: the page behind is dimmed, and a tap on it closes the menu (issue 41).
        <div
          aria-hidden="true"
          data-testid="public-menu-backdrop"
          onClick={closeMenu}
          className="fixed inset-0 z-30 bg-slate-900/40 backdrop-blur-[2px] md:hidden"
        />
      )}
      <header
        data-scrolled={scrolled}
        className={clsx(
          'fixed inset-x-0 top-0 z-40 border-b transition-colors duration-200',
          // The open menu is drawn on solid white: nothing of the page shows through it.
          menuOpen
            ? 'border-slate-200 bg-white'
            : scrolled
              ? 'border-slate-200/80 bg-white/80 backdrop-blur-md'
              : 'border-transparent bg-white',
        )}
      >
        <nav
          aria-label={copy.landing.sectionNavLabel}
          className="mx-auto flex h-16 max-w-6xl items-center gap-6 px-5 sm:px-8 md:gap-4 lg:grid lg:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] lg:gap-6"
        >
          <Logo className="shrink-0 lg:justify-self-start" />
          <ul className="hidden min-w-0 items-center gap-1 md:flex">
            {publicSectionLinks.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  className="rounded-lg px-2 py-2 text-sm font-medium whitespace-nowrap text-slate-600 hover:bg-slate-100 hover:text-slate-900 lg:px-3"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
          {/*
          Pages are first drawn signed out (the prerendered landing page, before the session check
          answers). Nothing else in the bar depends on these buttons' width (from lg the links are
          centred between two equal columns; below, they follow the logo and only they may
          shrink), and a new box replaces the old one when the state changes, so the switch moves
          nothing that was on screen.
        */}
          <div
            key={signedIn ? 'signed-in' : 'signed-out'}
            className="ml-auto hidden shrink-0 items-center gap-2 md:flex"
          >
            <TopBarActions signedIn={signedIn} />
          </div>
          <MenuToggle
            ref={toggleRef}
            open={menuOpen}
            controls="public-mobile-menu"
            onToggle={() => setMenuOpen((open) => !open)}
            className="-mr-2 ml-auto md:hidden"
          />
        </nav>
        {menuOpen && (
          <div
            id="public-mobile-menu"
            className="border-t border-slate-200 px-5 pt-2 pb-5 md:hidden"
          >
            <ul className="flex flex-col py-2">
              {publicSectionLinks.map((link) => (
                <li key={link.href}>
                  <a
                    href={link.href}
                    onClick={closeMenu}
                    className="block rounded-lg px-3 py-3 text-base font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900"
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
            <div className="flex flex-col gap-2 border-t border-slate-200 pt-4">
              <TopBarActions signedIn={signedIn} stacked onNavigate={closeMenu} />
            </div>
          </div>
        )}
      </header>
    </>
  );
}
