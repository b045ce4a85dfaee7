import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { chunk, load } from './chunks';

function Page() {
  return <h1>Fahrzeuge</h1>;
}

/** A module that arrives when the test says so. */
function deferredModule() {
  let arrive: (module: { Page: typeof Page }) => void = () => undefined;
  const promise = new Promise<{ Page: typeof Page }>((resolve) => (arrive = resolve));
  return { importer: () => promise, arrive: () => arrive({ Page }) };
}

describe('code-split screens', () => {
  it('a screen whose code is already loaded renders in the first commit, without the fallback', async () => {
    const module = deferredModule();
    const loader = chunk(module.importer);
    module.arrive();
    await loader(); // prefetched
    render(<Suspense fallback={<p>Wird geladen...</p>}>{load(loader, (m) => m.Page)}</Suspense>);
    // No await: the heading is there synchronously, no fallback was committed.
    expect(screen.getByRole('heading', { name: 'Fahrzeuge' })).toBeTruthy();
    expect(screen.queryByText('Wird geladen...')).toBeNull();
  });

  it('a screen whose code is not there yet shows the fallback until it arrives', async () => {
    const module = deferredModule();
    const loader = chunk(module.importer);
    render(<Suspense fallback={<p>Wird geladen...</p>}>{load(loader, (m) => m.Page)}</Suspense>);
    expect(screen.getByText('Wird geladen...')).toBeTruthy();
    await act(async () => {
      module.arrive();
      await loader();
    });
    expect(await screen.findByRole('heading', { name: 'Fahrzeuge' })).toBeTruthy();
    expect(loader.loaded?.Page).toBe(Page);
  });
});
