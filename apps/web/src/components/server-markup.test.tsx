import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chunk } from '../lib/chunks';
import { ServerMarkup } from './server-markup';

function Text() {
  return (
    <section id="haftung">
      <h2>Haftung</h2>
      <p>Für Inhalte verlinkter Seiten haften deren Betreiber.</p>
    </section>
  );
}

describe('a server-rendered part without its code', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('hydrates the markup the server sent without loading the part’s code', async () => {
    const container = document.createElement('div');
    // What the server rendered (it had the code): the part inside its one wrapper.
    container.innerHTML = renderToString(
      <div id="impressum-text">
        <Text />
      </div>,
    );
    document.body.append(container);
    const importer = vi.fn(() => Promise.resolve({ Text }));
    const text = chunk(importer);
    // A hydration mismatch would be a console.error, which fails the test (test/setup.ts).
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <ServerMarkup id="impressum-text" chunk={text} pick={(m) => m.Text} />);
      await Promise.resolve();
    });
    expect(screen.getByRole('heading', { name: 'Haftung' })).toBeTruthy();
    expect(container.querySelector('#haftung')).not.toBeNull();
    expect(importer).not.toHaveBeenCalled();
    act(() => root?.unmount());
  });

  it('loads the part’s code when the SPA renders the page itself', async () => {
    const importer = vi.fn(() => Promise.resolve({ Text }));
    const text = chunk(importer);
    render(<ServerMarkup id="impressum-text" chunk={text} pick={(m) => m.Text} />);
    expect(await screen.findByRole('heading', { name: 'Haftung' })).toBeTruthy();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('renders from the code when it is there, even over markup of an earlier page', async () => {
    const text = chunk(() => Promise.resolve({ Text }));
    await text();
    const stale = document.createElement('div');
    stale.id = 'impressum-text';
    stale.innerHTML = '<p>alt</p>';
    document.body.append(stale);
    render(<ServerMarkup id="impressum-text" chunk={text} pick={(m) => m.Text} />);
    expect(screen.getByRole('heading', { name: 'Haftung' })).toBeTruthy();
  });
});
