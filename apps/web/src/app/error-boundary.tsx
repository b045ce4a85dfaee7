import { Component, type ErrorInfo, type ReactNode } from 'react';

/** A failed lazy chunk (e.g. after a deploy) or a render error: a German message, never a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // Reported once to the browser console for support; the user sees the message below.
    console.error('Darstellungsfehler', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main id="inhalt" className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-2xl font-bold">Etwas ist schiefgelaufen</h1>
        <p className="mt-4">Bitte lade die Seite neu.</p>
        <button
          type="button"
          className="mt-6 cursor-pointer rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white"
          onClick={() => window.location.reload()}
        >
          Seite neu laden
        </button>
      </main>
    );
  }
}
