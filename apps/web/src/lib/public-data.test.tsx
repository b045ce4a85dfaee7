import type { ToplistView } from '@nova/contracts';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BffError, bffGet } from './bff-get';
import { classifyError } from './errors';
import { PublicDataContext, PublicDataStore, readPageState, usePublicQuery } from './public-data';
import { SessionSource } from './session';

const row = { rank: 1, player: 'Jonas_Weber', value: '12' };
const toplist = {
  top: { most_crimes: null, most_prestige: null, most_login_streak: null },
  tables: { most_crimes: [row], most_prestige: [], most_login_streak: [], most_playtime: [] },
} as unknown as ToplistView;
const event = { name: 'Bankraub', timestamp: 1_795_000_000, day: '2026-11-18' };

/** A request the test answers when it says so. */
function deferred() {
  let settle: { resolve: (value: unknown) => void; reject: (error: unknown) => void } | undefined;
  const promise = new Promise<unknown>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, resolve: (v: unknown) => settle?.resolve(v), reject: (e: unknown) => settle?.reject(e) };
}

function Toplist() {
  const query = usePublicQuery('toplist');
  if (query.isPending) return <p>Wird geladen...</p>;
  if (query.isError && !query.data) return <p role="alert">Fehler: {classifyError(query.error)}</p>;
  return <p>{query.data?.tables.most_crimes[0]?.player}</p>;
}

describe('the public pages’ data store', () => {
  it('shows seeded data at once and asks nobody while it is fresh', () => {
    const get = vi.fn(() => Promise.resolve(toplist));
    const store = new PublicDataStore({ toplist }, { get });
    render(
      <PublicDataContext value={store}>
        <Toplist />
      </PublicDataContext>,
    );
    expect(screen.getByText('Jonas_Weber')).toBeTruthy();
    expect(get).not.toHaveBeenCalled();
  });

  it('asks the BFF once for missing data, however many components show it', async () => {
    const answer = deferred();
    const get = vi.fn(() => answer.promise);
    const store = new PublicDataStore({}, { get });
    render(
      <PublicDataContext value={store}>
        <Toplist />
        <Toplist />
      </PublicDataContext>,
    );
    expect(screen.getAllByText('Wird geladen...')).toHaveLength(2);
    await act(async () => {
      answer.resolve(toplist);
      await answer.promise;
    });
    expect(screen.getAllByText('Jonas_Weber')).toHaveLength(2);
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('toplist.get');
  });

  it('asks again for data older than 30 seconds, showing the old data meanwhile', async () => {
    let now = 1_000_000;
    const answer = deferred();
    const get = vi.fn(() => answer.promise);
    const store = new PublicDataStore({ toplist }, { get, now: () => now });
    now += 30_001;
    render(
      <PublicDataContext value={store}>
        <Toplist />
      </PublicDataContext>,
    );
    expect(screen.getByText('Jonas_Weber')).toBeTruthy();
    expect(get).toHaveBeenCalledTimes(1);
    const newer = {
      ...toplist,
      tables: { ...toplist.tables, most_crimes: [{ ...row, player: 'Mia_Krause' }] },
    };
    await act(async () => {
      answer.resolve(newer);
      await answer.promise;
    });
    expect(screen.getByText('Mia_Krause')).toBeTruthy();
  });

  it('a failure is an error with the BFF’s code, and keeps data it had', async () => {
    const get = vi.fn(() =>
      Promise.reject(new BffError('Der Spielserver antwortet nicht.', 'BAD_GATEWAY', 502)),
    );
    const store = new PublicDataStore({}, { get });
    render(
      <PublicDataContext value={store}>
        <Toplist />
      </PublicDataContext>,
    );
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Fehler: upstream');
    expect(get).toHaveBeenCalledTimes(1);

    const seeded = new PublicDataStore({ calendar: [event] }, { get });
    await seeded.fetch('calendar');
    expect(seeded.snapshot('calendar')).toMatchObject({ status: 'error', data: [event] });
  });

  it('tries a request that got no answer once more', async () => {
    const get = vi
      .fn<(path: string) => Promise<unknown>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce([event]);
    const store = new PublicDataStore({}, { get });
    await store.fetch('calendar');
    expect(store.snapshot('calendar')).toMatchObject({ status: 'success', data: [event] });
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('hands the server render’s data to the slot, only what arrived', () => {
    expect(new PublicDataStore({ calendar: [event] }).data()).toEqual({ calendar: [event] });
  });
});

describe('the nova-state slot', () => {
  it('reads the render time and the public data', () => {
    expect(readPageState({ renderedAt: 5, data: { toplist, calendar: [event] } })).toEqual({
      renderedAt: 5,
      data: { toplist, calendar: [event] },
    });
  });

  it('leaves out a part of the wrong shape and refuses a slot of the wrong shape', () => {
    expect(readPageState({ renderedAt: 5, data: { toplist: [], calendar: { x: 1 } } })).toEqual({
      renderedAt: 5,
      data: {},
    });
    expect(readPageState(null)).toBeNull();
    expect(readPageState({ renderedAt: '5', data: {} })).toBeNull();
    expect(readPageState({ renderedAt: 5, queries: {} })).toBeNull();
  });
});

describe('a plain GET of a procedure', () => {
  afterEach(() => vi.unstubAllGlobals());

  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('sends what the tRPC client sends and returns the data', async () => {
    const fetcher = vi.fn<typeof fetch>(() => Promise.resolve(json(200, { result: { data: [event] } })));
    await expect(bffGet('calendar.list', fetcher)).resolves.toEqual([event]);
    expect(fetcher).toHaveBeenCalledWith('/trpc/calendar.list', {
      headers: { 'x-csrf': '1' },
      credentials: 'same-origin',
    });
  });

  it('rejects with the procedure’s code and message, or the status’s code for a foreign answer', async () => {
    const refused = json(401, {
      error: {
        message: 'Bitte melde dich an.',
        code: -32001,
        data: { code: 'UNAUTHORIZED', httpStatus: 401 },
      },
    });
    const error = await bffGet('session.me', () => Promise.resolve(refused)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BffError);
    expect(error).toMatchObject({ message: 'Bitte melde dich an.', data: { code: 'UNAUTHORIZED' } });
    expect(classifyError(error)).toBe('unauthorized');

    const proxy = new Response('<html>Bad Gateway</html>', { status: 502 });
    const foreign = await bffGet('toplist.get', () => Promise.resolve(proxy)).catch((e: unknown) => e);
    expect(foreign).toMatchObject({ data: { code: 'BAD_GATEWAY', httpStatus: 502 } });
    expect(classifyError(foreign)).toBe('upstream');
  });
});

describe('the session store', () => {
  const me = {
    signedIn: true as const,
    id: 'u1',
    username: 'spieler',
    displayName: 'Jonas_Weber',
    roles: [],
  };

  it('is ready at once with the page’s user, and asks the BFF only when told', async () => {
    const load = vi.fn(() => Promise.resolve({ signedIn: false }));
    const source = new SessionSource(me, load);
    const listener = vi.fn();
    source.subscribe(listener);
    expect(source.get()).toEqual({ status: 'ready', me });
    expect(load).not.toHaveBeenCalled();
    await Promise.all([source.refresh(), source.refresh()]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(source.get()).toEqual({ status: 'ready', me: { signedIn: false } });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('without a user from the page, asks when first used; no answer counts as signed out', async () => {
    const load = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const source = new SessionSource(null, load);
    expect(source.get()).toEqual({ status: 'loading' });
    source.subscribe(() => undefined);
    await source.refresh();
    expect(load).toHaveBeenCalledTimes(1);
    expect(source.get()).toEqual({ status: 'ready', me: { signedIn: false } });
  });

  it('a failed or malformed answer keeps or clears the user as it should', async () => {
    const failing = new SessionSource(me, () => Promise.reject(new Error('down')));
    await failing.refresh();
    expect(failing.get()).toEqual({ status: 'ready', me });
    const malformed = new SessionSource(me, () => Promise.resolve({ signedIn: true, id: 7 }));
    await malformed.refresh();
    expect(malformed.get()).toEqual({ status: 'ready', me: { signedIn: false } });
  });
});
