import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/app';
import { Providers, createAppQueryClient } from './app/providers';
import { installPrefetch } from './app/prefetch';
import { hydratePublic } from './app/public-data';
import { preloadChunksFor } from './app/router';
import { initialQueryState } from './config/public-config';
import { RenderTimeContext } from './lib/render-time';
import './index.css';

preloadChunksFor(window.location.pathname);
installPrefetch();

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

// The public data the BFF rendered the page with: the first render needs no request (decision 036).
const queryClient = createAppQueryClient();
const renderedAt = hydratePublic(queryClient, initialQueryState());

const app = (
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RenderTimeContext value={renderedAt}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </RenderTimeContext>
    </Providers>
  </StrictMode>
);

// Public pages come rendered from the BFF and are hydrated; other pages (and `pnpm dev`) render here.
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
