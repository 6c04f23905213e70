import { useCallback, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AppSidebarContent } from './AppSidebar';
import { Logo } from './Logo';
import { MenuToggle } from './MenuToggle';
import { useCloseOnEscape } from './use-close-on-escape';

/**
 * Every /app screen: a fixed left sidebar on wide screens; on phones a top bar whose menu button
 * opens the same sidebar as a panel, over a backdrop. Escape, a tap on the backdrop and a change
 * of page close it; the backdrop keeps that tap from reaching the page behind.
 */
export function AppShell() {
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useCloseOnEscape(menuOpen, closeMenu, toggleRef);
  const location = useLocation();
  const [menuPath, setMenuPath] = useState(location.pathname);
  // Close the phone menu whenever the route changes (set during render, not in an effect).
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    setMenuOpen(false);
  }

  return (
    <div className="min-h-dvh bg-slate-50">
      <aside className="fixed inset-y-0 left-0 hidden w-72 flex-col border-r border-slate-200 bg-white px-5 py-6 lg:flex">
        <Logo to="/app" className="mb-8 px-1" />
        <AppSidebarContent />
      </aside>

      {menuOpen && (
        <div
          aria-hidden="true"
          data-testid="app-menu-backdrop"
          onClick={closeMenu}
          className="fixed inset-0 z-20 bg-slate-900/40 backdrop-blur-[2px] lg:hidden"
        />
      )}
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur-md lg:hidden">
        <div className="flex h-16 items-center justify-between px-4">
          <Logo to="/app" />
          <MenuToggle
            ref={toggleRef}
            open={menuOpen}
            controls="app-mobile-menu"
            onToggle={() => setMenuOpen((open) => !open)}
            className="-mr-1"
          />
        </div>
        {menuOpen && (
          <div
            id="app-mobile-menu"
            className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-200 bg-white px-4 py-5 shadow-lg"
          >
            <AppSidebarContent onNavigate={closeMenu} />
          </div>
        )}
      </header>

      <div className="lg:pl-72">
        <Outlet />
      </div>
    </div>
  );
}
