/**
 * The prerendered landing page's only script (build/prerender-landing.ts puts it in place of the
 * app's): the page arrives complete as HTML, and this gives its interactive parts (the menu, the
 * before/after sliders, the gallery tabs, the demo's presets, the signed-in buttons, the demo
 * banner) their behaviour, with no React, router or other app code (issue 41).
 */
import { bindCompareSlider } from './components/compare-slider-behaviour';
import { startLanding, startPublicPage } from './islands';
import { showDemoBanner } from './islands/demo-banner';

startPublicPage(document);
startLanding(document);
for (const slider of document.querySelectorAll<HTMLElement>('[data-compare-slider]')) {
  bindCompareSlider(slider);
}
void showDemoBanner(document);
