/** Brief: the top bar turns translucent once the page is scrolled more than 10 px. */
const SCROLL_THRESHOLD_PX = 10;

/** A copy of one of the top bar's templates (PublicTopBar.tsx). */
function copyOfTemplate(scope: ParentNode, name: string): HTMLElement {
  const template = scope.querySelector<HTMLTemplateElement>(
    `template[data-menu-template="${name}"]`,
  );
  // Parsed from HTML, a template holds its content; drawn by React in the app, its children.
  const element = (template?.content.firstElementChild ?? template?.firstElementChild)?.cloneNode(
    true,
  );
  if (!(element instanceof HTMLElement)) throw new Error(`The top bar has no ${name} template`);
  return element;
}

/**
 * The public top bar's behaviour: translucent once scrolled, and at phone width a menu that opens
 * over a backdrop and closes on Escape (focus back on its toggle), on a tap on the backdrop or on
 * one of its links. `onMenuOpen` sees each menu as it opens (to show the right buttons).
 */
export function bindTopBar(scope: ParentNode, onMenuOpen: (menu: HTMLElement) => void): () => void {
  const header = scope.querySelector<HTMLElement>('[data-public-top-bar]');
  const toggle = header?.querySelector<HTMLButtonElement>('[data-menu-toggle]');
  if (!header || !toggle) throw new Error('The page has no public top bar');
  let open: { menu: HTMLElement; backdrop: HTMLElement } | null = null;

  const onScroll = () => {
    header.dataset.scrolled = String(window.scrollY > SCROLL_THRESHOLD_PX);
  };
  const close = () => {
    if (!open) return;
    open.menu.remove();
    open.backdrop.remove();
    open = null;
    toggle.setAttribute('aria-expanded', 'false');
    toggle.setAttribute('aria-label', toggle.dataset.labelOpen ?? '');
  };
  const openMenu = () => {
    const menu = copyOfTemplate(header, 'menu');
    const backdrop = copyOfTemplate(scope, 'backdrop');
    menu.id = toggle.getAttribute('aria-controls') ?? '';
    for (const element of [menu, backdrop]) {
      element.addEventListener('click', (event) => {
        if (event.target instanceof Element && event.target.closest('[data-menu-close]')) close();
      });
    }
    onMenuOpen(menu);
    header.before(backdrop);
    header.append(menu);
    open = { menu, backdrop };
    toggle.setAttribute('aria-expanded', 'true');
    toggle.setAttribute('aria-label', toggle.dataset.labelClose ?? '');
  };
  const onToggle = () => (open ? close() : openMenu());
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    close();
    toggle.focus();
  };

  onScroll();
  window.addEventListener('scroll', onScroll, { passive: true });
  toggle.addEventListener('click', onToggle);
  document.addEventListener('keydown', onKeyDown);
  return () => {
    close();
    window.removeEventListener('scroll', onScroll);
    toggle.removeEventListener('click', onToggle);
    document.removeEventListener('keydown', onKeyDown);
  };
}
