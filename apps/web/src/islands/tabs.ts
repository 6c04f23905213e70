const keyMoves: Record<string, (current: number, count: number) => number> = {
  ArrowRight: (current, count) => (current + 1) % count,
  ArrowLeft: (current, count) => (current - 1 + count) % count,
  Home: () => 0,
  End: (_current, count) => count - 1,
};

/**
 * WAI-ARIA tabs with automatic activation over prerendered panels (the landing galleries): a click
 * or the arrow keys (wrapping), Home and End select a tab, show its panel and hide the others;
 * only the selected tab is in the tab order.
 */
export function bindTabs(tablist: HTMLElement): () => void {
  const tabs = [...tablist.querySelectorAll<HTMLElement>('[role="tab"]')];
  const select = (index: number) => {
    tabs.forEach((tab, at) => {
      const selected = at === index;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
      if (panel) panel.hidden = !selected;
    });
  };
  const onClick = (event: MouseEvent) => {
    const index = tabs.findIndex(
      (tab) => event.target instanceof Node && tab.contains(event.target),
    );
    if (index >= 0) select(index);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const move = keyMoves[event.key];
    if (!move) return;
    event.preventDefault();
    const current = tabs.findIndex((tab) => tab.getAttribute('aria-selected') === 'true');
    const next = move(Math.max(current, 0), tabs.length);
    select(next);
    tabs[next]?.focus();
  };
  tablist.addEventListener('click', onClick);
  tablist.addEventListener('keydown', onKeyDown);
  return () => {
    tablist.removeEventListener('click', onClick);
    tablist.removeEventListener('keydown', onKeyDown);
  };
}
