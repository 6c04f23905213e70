import './zod-config';
import { QueryClient } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './App';
import { routes } from './routes';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true } },
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Every page but `/` arrives as an empty shell (index.html) and is drawn here; the server answers
// `/` with the prerendered landing page (landing.html), which never loads this module.
createRoot(container).render(
  <App router={createBrowserRouter(routes)} queryClient={queryClient} />,
);
