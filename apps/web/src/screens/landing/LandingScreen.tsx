import { useEffect } from 'react';
import { PublicTopBar } from '../../components/PublicTopBar';
import { DemoSection } from './DemoSection';
import { FeatureCards } from './FeatureCards';
import { FinalCta } from './FinalCta';
import { Galleries } from './Galleries';
import { Hero } from './Hero';
import { Pricing } from './Pricing';
import { PublicFooter } from './PublicFooter';
import { copy } from '@reframe/shared';
import { startLanding } from '../../islands';

/**
 * The marketing page, in the brief's order (section 2, "Landing page"). Static markup: the build
 * prerenders it into landing.html, whose script (landing-entry.ts) gives it behaviour without
 * React; shown inside the app (a link to `/`), the same islands are started from here.
 */
export function LandingScreen() {
  useEffect(() => startLanding(document), []);
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-slate-900 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {copy.landing.skipToContent}
      </a>
      <PublicTopBar />
      <main id="main">
        <Hero />
        <FeatureCards />
        <Galleries />
        <DemoSection />
        <Pricing />
        <FinalCta />
      </main>
      <PublicFooter />
    </>
  );
}
