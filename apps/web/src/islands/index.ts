import { bindPresets } from './presets';
import { isSignedIn, showSession } from './session';
import { bindTabs } from './tabs';
import { bindTopBar } from './top-bar';

/**
 * The public pages' behaviour without React: the top bar (menu, translucency) and what depends
 * on who is signed in. Returns the function that undoes it (in the app, PublicTopBar calls this
 * from an effect; the prerendered landing page never leaves).
 */
export function startPublicPage(scope: ParentNode): () => void {
  let signedIn = false;
  const session = new AbortController();
  const unbindTopBar = bindTopBar(scope, (menu) => showSession(menu, signedIn));
  void isSignedIn(session.signal).then((answer) => {
    if (session.signal.aborted) return;
    signedIn = answer;
    showSession(scope, signedIn);
  });
  return () => {
    session.abort();
    unbindTopBar();
  };
}

/**
 * The landing page's own behaviour: the gallery tabs and the demo's presets. (Its top bar is the
 * public page's; its before/after sliders are bound by CompareSlider in the app, and by
 * landing-entry.ts on the prerendered page.)
 */
export function startLanding(scope: ParentNode): () => void {
  const unbind: (() => void)[] = [];
  for (const tablist of scope.querySelectorAll<HTMLElement>('[role="tablist"]')) {
    unbind.push(bindTabs(tablist));
  }
  const presets = scope.querySelector<HTMLElement>('[data-demo-presets]');
  const figure = scope.querySelector<HTMLElement>('[data-demo-result]');
  if (presets && figure) unbind.push(bindPresets(presets, figure));
  return () => {
    for (const undo of unbind) undo();
  };
}
