import { Menu, X } from 'lucide-react';
import { useEffect } from 'react';
import { copy } from '@reframe/shared';
import { ButtonLink } from './Button';
import { startPublicPage } from '../islands';
import { Logo } from './Logo';

/** In-page anchors of the landing sections, shared by the top bar and the footer. */
export const publicSectionLinks = [
  { href: '/#features', label: copy.landing.sections.features },
  { href: '/#examples', label: copy.landing.sections.examples },
  { href: '/#demo', label: copy.landing.sections.demo },
  { href: '/#pricing', label: copy.landing.sections.pricing },
] as const;

/** The id of the phone menu, which exists only while it is open. */
const MOBILE_MENU_ID = 'public-mobile-menu';

/**
 * Both sets of buttons: signed out (shown first) and signed in (hidden until the session check
 * says so; islands/session.ts switches them). Each is a box of its own, so the switch replaces
 * one box by another and moves nothing else.
 */
function TopBarActions({ stacked }: { stacked?: boolean }) {
  const size = stacked ? 'lg' : 'md';
  const width = stacked ? 'w-full' : undefined;
  const box = stacked
    ? 'flex flex-col gap-2'
    : 'ml-auto hidden shrink-0 items-center gap-2 md:flex';
  const closes = stacked ? { 'data-menu-close': '' } : {};
  return (
    <>
      <div data-session="signed-out" className={box}>
        <ButtonLink to="/signin" variant="ghost" size={size} className={width} {...closes}>
          {copy.topBar.logIn}
        </ButtonLink>
        {/* The brief's "Try for Free" goes to /signin signed out: the hero's and this one alike. */}
        <ButtonLink to="/signin" size={size} className={width} {...closes}>
          {copy.topBar.tryForFree}
        </ButtonLink>
      </div>
      <div data-session="signed-in" hidden className={box}>
        <ButtonLink to="/app" size={size} className={width} {...closes}>
          {copy.topBar.goToApp}
        </ButtonLink>
      </div>
    </>
  );
}

/**
 * Fixed public navigation for the marketing pages: section links, sign-in or the app. Drawn once,
 * signed out, with no state: islands/top-bar.ts (the menu, the translucent bar once scrolled more
 * than 10 px) and islands/session.ts (signed in or not) give it its behaviour, on the prerendered
 * landing page and in the app's public pages alike. The open menu and its backdrop are copies of
 * the two templates.
 */
export function PublicTopBar() {
  useEffect(() => startPublicPage(document), []);
  return (
    <>
      <template data-menu-template="backdrop">
        {/* As in the app shell: the page behind is dimmed, and a tap on it closes the menu (issue 41). */}
        <div
          aria-hidden="true"
          data-testid="public-menu-backdrop"
          data-menu-close=""
          className="fixed inset-0 z-30 bg-slate-900/40 backdrop-blur-[2px] md:hidden"
        />
      </template>
      <header
        data-public-top-bar=""
        data-scrolled="false"
        className={
          // The open menu is drawn on solid white: nothing of the page shows through it.
          'fixed inset-x-0 top-0 z-40 border-b border-transparent bg-white transition-colors duration-200 has-data-mobile-menu:border-slate-200 data-[scrolled=true]:not-has-data-mobile-menu:border-slate-200/80 data-[scrolled=true]:not-has-data-mobile-menu:bg-white/80 data-[scrolled=true]:not-has-data-mobile-menu:backdrop-blur-md'
        }
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
          Nothing else in the bar depends on these buttons' width (from lg the links are centred
          between two equal columns; below, they follow the logo and only they may shrink).
        */}
          <TopBarActions />
          <button
            type="button"
            data-menu-toggle=""
            data-label-open={copy.topBar.openMenu}
            data-label-close={copy.topBar.closeMenu}
            aria-expanded="false"
            aria-controls={MOBILE_MENU_ID}
            aria-label={copy.topBar.openMenu}
            className="group -mr-2 ml-auto inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden"
          >
            <Menu aria-hidden="true" className="size-5 group-aria-expanded:hidden" />
            <X aria-hidden="true" className="hidden size-5 group-aria-expanded:block" />
          </button>
        </nav>
        <template data-menu-template="menu">
          <div data-mobile-menu="" className="border-t border-slate-200 px-5 pt-2 pb-5 md:hidden">
            <ul className="flex flex-col py-2">
              {publicSectionLinks.map((link) => (
                <li key={link.href}>
                  <a
                    href={link.href}
                    data-menu-close=""
                    className="block rounded-lg px-3 py-3 text-base font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900"
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
            <div className="border-t border-slate-200 pt-4">
              <TopBarActions stacked />
            </div>
          </div>
        </template>
      </header>
    </>
  );
}
