import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/app';
import { installPrefetch } from './app/prefetch';
import { preloadChunksFor } from './app/router';
import { initialPageState } from './config/public-config';
import { PublicDataContext, PublicDataStore, readPageState } from './lib/public-data';
import { RenderTimeContext } from './lib/render-time';
import './index.css';

preloadChunksFor(window.location.pathname);
installPrefetch();

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

// The public data the BFF rendered the page with: the first render needs no request (decision 036).
const page = readPageState(initialPageState());
const publicData = new PublicDataStore(page?.data);

const app = (
  <StrictMode>
    <PublicDataContext value={publicData}>
      <RenderTimeContext value={page?.renderedAt ?? null}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </RenderTimeContext>
    </PublicDataContext>
  </StrictMode>
);

// Public pages come rendered from the BFF and are hydrated; other pages (and `pnpm dev`) render here.
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
