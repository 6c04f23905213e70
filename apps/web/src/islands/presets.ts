/**
 * The demo's preset buttons: the pressed one shows its result, a copy of its template
 * (`template[data-preset-result]`) in place of the figure's content, and takes the primary style.
 * Each button carries its two class lists (`data-class-pressed`, `data-class-unpressed`).
 */
export function bindPresets(group: HTMLElement, figure: HTMLElement): () => void {
  const buttons = [...group.querySelectorAll<HTMLButtonElement>('button[data-preset]')];
  const onClick = (event: MouseEvent) => {
    const chosen = buttons.find(
      (button) => event.target instanceof Node && button.contains(event.target),
    );
    if (!chosen || chosen.getAttribute('aria-pressed') === 'true') return;
    const preset = chosen.dataset.preset ?? '';
    const template = figure.parentElement?.querySelector<HTMLTemplateElement>(
      `template[data-preset-result="${preset}"]`,
    );
    if (!template) throw new Error(`The demo has no result for ${preset}`);
    const content = template.content.childElementCount > 0 ? template.content : template;
    figure.replaceChildren(...[...content.children].map((child) => child.cloneNode(true)));
    for (const button of buttons) {
      const pressed = button === chosen;
      button.setAttribute('aria-pressed', String(pressed));
      button.className =
        (pressed ? button.dataset.classPressed : button.dataset.classUnpressed) ?? '';
    }
  };
  group.addEventListener('click', onClick);
  return () => group.removeEventListener('click', onClick);
}
