import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { App } from './App';
import { routes } from './routes';

/**
 * The landing page's markup for `#root`, as a signed-out visitor's first render draws it: the
 * build writes it into landing.html (build/prerender-landing.ts), so `/` paints from HTML and CSS
 * before any script has run, and main.tsx hydrates it. Session-dependent parts (the top bar's
 * buttons, the calls to action) switch once the session check answers, exactly as they do
 * without the prerender.
 */
export function renderLanding(): string {
  const router = createMemoryRouter(routes, { initialEntries: ['/'] });
  return renderToString(<App router={router} queryClient={new QueryClient()} />);
}
