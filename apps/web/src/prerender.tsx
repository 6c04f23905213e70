import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { DemoBannerView } from './components/DemoBanner';
import { LandingScreen } from './screens/landing/LandingScreen';

/**
 * The landing page's markup for `#root`, static HTML: the build writes it into landing.html
 * (build/prerender-landing.ts), so `/` paints from HTML and CSS alone, and its only script,
 * landing-entry.ts, gives the interactive parts their behaviour without React. Drawn signed out;
 * the script switches what depends on the session once the check answers, and shows the demo
 * banner (as the app's RootLayout does) on a demo deployment.
 */
export function renderLanding(): string {
  const page = (
    <>
      <LandingScreen />
      <DemoBannerView hidden />
    </>
  );
  const router = createMemoryRouter([{ path: '/', element: page }]);
  return renderToStaticMarkup(<RouterProvider router={router} />);
}
