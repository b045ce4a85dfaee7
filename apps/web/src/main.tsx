import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/app';
import { Providers } from './app/providers';
import { installPrefetch } from './app/prefetch';
import { preloadChunksFor } from './app/router';
import './index.css';

preloadChunksFor(window.location.pathname);
installPrefetch();

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);
