import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { LandingScreen } from './screens/landing/LandingScreen';

/**
 * The landing page's markup for `#root`, static HTML: the build writes it into landing.html
 * (build/prerender-landing.ts), so `/` paints from HTML and CSS alone, and its only script,
 * landing-entry.ts, gives the interactive parts their behaviour without React. Drawn signed out;
 * the script switches what depends on the session once the check answers.
 */
export function renderLanding(): string {
  const router = createMemoryRouter([{ path: '/', element: <LandingScreen /> }]);
  return renderToStaticMarkup(<RouterProvider router={router} />);
}
