import { PublicTopBar } from '../../components/PublicTopBar';
import { Hero } from './Hero';
import { PublicFooter } from './PublicFooter';

/** The marketing page. The landing issue adds features, galleries, the demo and pricing here. */
export function LandingScreen() {
  return (
    <>
      <PublicTopBar />
      <main>
        <Hero />
      </main>
      <PublicFooter />
    </>
  );
}
