/**
 * What a compare slider does when its range input moves: the original's layer is clipped at the
 * divide and the divide's handle follows. The one owner of that rule, used by the app's
 * CompareSlider (in an effect) and by the landing page's island script, which carries no React.
 * Returns the function that unbinds it.
 */
export function bindCompareSlider(root: HTMLElement): () => void {
  const input = root.querySelector<HTMLInputElement>('input[type="range"]');
  const before = root.querySelector<HTMLElement>('[data-compare-before]');
  const divide = root.querySelector<HTMLElement>('[data-compare-divide]');
  if (!input || !before || !divide) throw new Error('A compare slider lacks its input or layers');
  const show = () => {
    const position = Number(input.value);
    before.style.clipPath = `inset(0 ${100 - position}% 0 0)`;
    divide.style.left = `${position}%`;
    input.setAttribute('aria-valuetext', `${position}%`);
  };
  // A page restored from the back-forward cache keeps the input's value: draw it.
  show();
  input.addEventListener('input', show);
  return () => input.removeEventListener('input', show);
}
