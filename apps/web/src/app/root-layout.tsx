import { Outlet, ScrollRestoration } from 'react-router-dom';
import { CookieNotice } from '../components/layout/cookie-notice';
import { Footer } from '../components/layout/footer';
import { NavBar } from '../components/layout/navbar';
import { Loading } from '../components/ui/loading';
import { AccessGate } from './access-gate';

export function RootLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#inhalt"
        className="sr-only z-50 rounded bg-brand-600 px-3 py-2 text-white focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        Zum Inhalt springen
      </a>
      <NavBar />
      <div className="flex flex-1 flex-col">
        <AccessGate>
          <Outlet />
        </AccessGate>
      </div>
      <Footer />
      <CookieNotice />
      <ScrollRestoration />
    </div>
  );
}

/** Public pages: the whole area below the navigation bar is the main content. */
export function PublicLayout() {
  return (
    <main id="inhalt" className="flex flex-1 flex-col">
      <Outlet />
    </main>
  );
}

export function RootFallback() {
  return <Loading />;
}

/** A failed lazy chunk (e.g. after a deploy) or a render error: never a blank page. */
export function RootError() {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-bold">Etwas ist schiefgelaufen</h1>
      <p className="mt-4">Bitte lade die Seite neu.</p>
      <button
        type="button"
        className="mt-6 rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white"
        onClick={() => window.location.reload()}
      >
        Seite neu laden
      </button>
    </div>
  );
}
