import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { CookieNotice } from '../components/layout/cookie-notice';
import { Footer } from '../components/layout/footer';
import { NavBar } from '../components/layout/navbar';
import { Loading } from '../components/ui/loading';
import { AccessGate } from './access-gate';

export function RootLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#inhalt"
        className="sr-only z-50 rounded bg-brand-600 px-3 py-2 text-white focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        Zum Inhalt springen
      </a>
      {/* Early in the tab order, though it is shown at the bottom of the screen. */}
      <CookieNotice />
      <NavBar />
      <div className="flex flex-1 flex-col">
        <AccessGate>
          <Suspense fallback={<Loading />}>{children}</Suspense>
        </AccessGate>
      </div>
      <Footer />
    </div>
  );
}

/** Public pages: the whole area below the navigation bar is the main content. */
export function PublicLayout() {
  return (
    <main id="inhalt" className="flex flex-1 flex-col">
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </main>
  );
}
