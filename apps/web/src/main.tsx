import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/app';
import { hydratePage } from './app/page-state';
import { installPrefetch, prefetchRouteData } from './app/prefetch';
import { preloadRoute } from './app/router';
import { initialMe, initialPageState } from './config/public-config';
import { RenderTimeContext } from './lib/render-time';
import { createQueryClient, seedSession } from './lib/query-client';
import './index.css';

preloadRoute(window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

// Who is signed in and the public data the BFF rendered the page with: the first render needs no
// request (decisions 002, 036, 050).
const queryClient = createQueryClient();
const me = initialMe();
if (me) seedSession(queryClient, me);
const renderedAt = hydratePage(queryClient, initialPageState());
installPrefetch(queryClient);
// The screen's first data, asked while its code loads rather than after (decision 092).
prefetchRouteData(queryClient, window.location.pathname);

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RenderTimeContext value={renderedAt}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </RenderTimeContext>
    </QueryClientProvider>
  </StrictMode>
);

// Public pages come rendered from the BFF and are hydrated; other pages (and `pnpm dev`) render here.
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
