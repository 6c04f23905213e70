import './zod-config';
import { QueryClient } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './App';
import { routes } from './routes';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true } },
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = <App router={createBrowserRouter(routes)} queryClient={queryClient} />;

// The server answers `/` with the landing page prerendered at build time (landing.html, which
// loads this module through landing-entry.ts): React adopts that markup instead of drawing it
// again. Every other page arrives as an empty shell (index.html) and is drawn here.
if (container.hasChildNodes() && window.location.pathname === '/') hydrateRoot(container, app);
else createRoot(container).render(app);
