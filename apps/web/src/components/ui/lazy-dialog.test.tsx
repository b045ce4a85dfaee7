import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chunk, lazyComponent } from '../../lib/chunks';
import { LazyDialog } from './lazy-dialog';

function Form({ open, title }: { open: boolean; title: string }) {
  return open ? <div role="dialog" aria-label={title} /> : <p>geschlossen</p>;
}

/** A dialog module that arrives when the test says so. */
function deferredDialog() {
  let arrive: () => void = () => undefined;
  const promise = new Promise<{ Form: typeof Form }>((resolve) => (arrive = () => resolve({ Form })));
  const importer = vi.fn(() => promise);
  const loader = chunk(importer);
  return { loader, importer, Dialog: lazyComponent(loader, (m) => m.Form), arrive };
}

describe('a dialog whose code is a chunk of its own', () => {
  beforeEach(() => vi.stubGlobal('cancelIdleCallback', () => undefined));
  afterEach(() => {
    cleanup(); // unmount while the idle callbacks are still stubbed
    vi.unstubAllGlobals();
  });

  it('renders nothing and loads its code when the browser is idle', async () => {
    let idle: () => void = () => undefined;
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => ((idle = callback), 1));
    const { loader, importer, Dialog, arrive } = deferredDialog();
    const { container, rerender } = render(
      <LazyDialog chunk={loader} open={false} onClose={() => undefined}>
        <Dialog open={false} title="Neues Sync Objekt hinzufügen" />
      </LazyDialog>,
    );
    expect(container.textContent).toBe('');
    expect(importer).not.toHaveBeenCalled();
    idle();
    expect(importer).toHaveBeenCalledTimes(1);
    await act(async () => {
      arrive();
      await loader();
    });
    // Loaded, it opens in the first commit, without the loading notice.
    rerender(
      <LazyDialog chunk={loader} open onClose={() => undefined}>
        <Dialog open title="Neues Sync Objekt hinzufügen" />
      </LazyDialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Neues Sync Objekt hinzufügen' })).toBeTruthy();
    expect(screen.queryByText('Formular wird geladen...')).toBeNull();
    // Closed, it stays mounted: closing is the dialog's own.
    rerender(
      <LazyDialog chunk={loader} open={false} onClose={() => undefined}>
        <Dialog open={false} title="Neues Sync Objekt hinzufügen" />
      </LazyDialog>,
    );
    expect(screen.getByText('geschlossen')).toBeTruthy();
  });

  it('opened before its code is there, says it is loading until the code arrives', async () => {
    vi.stubGlobal('requestIdleCallback', () => 1);
    const { loader, Dialog, arrive } = deferredDialog();
    render(
      <LazyDialog chunk={loader} open onClose={() => undefined}>
        <Dialog open title="Sync Gruppe bearbeiten" />
      </LazyDialog>,
    );
    expect(screen.getByText('Formular wird geladen...')).toBeTruthy();
    await act(async () => {
      arrive();
      await loader();
    });
    expect(await screen.findByRole('dialog', { name: 'Sync Gruppe bearbeiten' })).toBeTruthy();
    expect(screen.queryByText('Formular wird geladen...')).toBeNull();
  });

  it('says so when its code does not load, gives the focus back on closing, and asks again when reopened', async () => {
    vi.stubGlobal('requestIdleCallback', () => 1);
    // React reports the caught failure to the console; the visitor sees the notice.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    const importer = vi.fn(() =>
      fail
        ? Promise.reject(new Error('Failed to fetch dynamically imported module'))
        : Promise.resolve({ Form }),
    );
    const loader = chunk(importer);
    const Dialog = lazyComponent(loader, (m) => m.Form);
    function Screen() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Aufbewahren
          </button>
          <LazyDialog chunk={loader} open={open} onClose={() => setOpen(false)}>
            <Dialog open={open} title="Eintrag aufbewahren" />
          </LazyDialog>
        </>
      );
    }
    render(<Screen />);
    const opener = screen.getByRole('button', { name: 'Aufbewahren' });
    opener.focus();
    fireEvent.click(opener);
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('Das Fenster konnte nicht geladen werden.');
    const close = screen.getByRole('button', { name: 'Schließen' });
    expect(document.activeElement).toBe(close);
    fireEvent.click(close);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(opener);
    // The connection is back: opened again, the code is asked for again and the dialog opens.
    fail = false;
    const calls = importer.mock.calls.length;
    fireEvent.click(opener);
    expect(await screen.findByRole('dialog', { name: 'Eintrag aufbewahren' })).toBeTruthy();
    expect(importer.mock.calls.length).toBe(calls + 1);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
