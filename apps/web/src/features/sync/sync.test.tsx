import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Session from '../../lib/session';
import { bffError, renderWithBff, type Answer } from '../../test/trpc';
import { startStep } from './components/use-wizard';
import { SyncOverviewPage } from './sync-overview-page';
import { TeamspeakSyncPage } from './teamspeak-page';

const config = vi.hoisted(() => ({
  publicConfig: {
    discordLinking: true,
    links: { teamspeak: 'ts3server://ts.example', teamspeakDownload: 'https://ts.example/download' },
  },
}));
vi.mock('../../config/public-config', () => config);
vi.mock('../../lib/session', async (original) => ({
  ...(await original<typeof Session>()),
  useSession: () => ({
    status: 'ready',
    me: { signedIn: true, id: '3f6c2a1e-0000-4000-8000-000000007a21', username: 'spieler', roles: [] },
  }),
}));

const unlinked = { teamspeak: null, discord: null, forum: null };
const answer = vi.fn<Answer>();

describe('sync overview', () => {
  beforeEach(() => {
    answer.mockReset();
    answer.mockImplementation((path) =>
      path === 'externalAccounts.status'
        ? Promise.resolve({ ...unlinked, teamspeak: { id: 1, externalId: 'abc=' } })
        : Promise.reject(new Error(path)),
    );
  });

  it('shows each card linked or not, with its set-up link', async () => {
    config.publicConfig.discordLinking = true;
    renderWithBff(
      <MemoryRouter>
        <SyncOverviewPage />
      </MemoryRouter>,
      answer,
    );
    const teamspeak = screen.getByRole('group', { name: 'Teamspeak' });
    expect(await within(teamspeak).findByText('Verbunden')).toBeTruthy();
    const discord = screen.getByRole('group', { name: 'Discord' });
    expect(within(discord).getByText('Nicht verbunden')).toBeTruthy();
    expect(within(discord).getByRole('link', { name: 'Account einrichten' })).toBeTruthy();
  });

  it('without a Discord application, the Discord card says so and cannot be opened', async () => {
    config.publicConfig.discordLinking = false;
    renderWithBff(
      <MemoryRouter>
        <SyncOverviewPage />
      </MemoryRouter>,
      answer,
    );
    const discord = screen.getByRole('group', { name: 'Discord' });
    expect(
      await within(discord).findByText(
        'Die Verknüpfung mit Discord ist auf diesem Server derzeit nicht eingerichtet. Bitte wende dich an das Team.',
      ),
    ).toBeTruthy();
    expect(within(discord).queryByRole('link')).toBeNull();
    expect(
      within(discord).getByRole<HTMLButtonElement>('button', { name: 'Account einrichten' }).disabled,
    ).toBe(true);
  });
});

describe('Teamspeak wizard: what a failed link says (specification §8)', () => {
  beforeEach(() => {
    answer.mockReset();
  });

  it.each([
    [
      'NOT_FOUND',
      404,
      'Deine Identität konnte nicht festgestellt werden. Bitte überprüfe deinen Nickname und deine Identität.',
    ],
    ['CONFLICT', 409, 'Dieses Konto ist bereits mit einem anderen Spieler verknüpft.'],
    ['BAD_GATEWAY', 502, 'Etwas ist schiefgelaufen'],
    ['INTERNAL_SERVER_ERROR', 500, 'Etwas ist schiefgelaufen'],
  ])('%s (%i) gives its message', async (code, status, text) => {
    answer.mockImplementation((path) => {
      if (path === 'externalAccounts.status') return Promise.resolve(unlinked);
      if (path === 'externalAccounts.linkTeamspeak') return Promise.reject(bffError(code, status));
      return Promise.reject(new Error(path));
    });
    renderWithBff(
      <MemoryRouter>
        <TeamspeakSyncPage />
      </MemoryRouter>,
      answer,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Weiter' }));
    await userEvent.type(screen.getByPlaceholderText('Teamspeak Identität'), 'Qm4s8Tz1=');
    await userEvent.click(screen.getByRole('button', { name: 'Authentifizierung starten' }));
    expect(await screen.findByText(text)).toBeTruthy();
    expect(answer).toHaveBeenCalledWith('externalAccounts.linkTeamspeak', {
      values: { identity: 'Qm4s8Tz1=' },
    });
    // Still on step 2: nothing was linked.
    expect(screen.getByRole('button', { name: 'Authentifizierung starten' })).toBeTruthy();
  });
});

describe("the wizard's step (specification §4.5)", () => {
  it('starts a linked account at the sync step, whatever the address says', () => {
    expect(startStep(true, null)).toBe(2);
    expect(startStep(true, '1')).toBe(2);
    expect(startStep(true, '2')).toBe(2);
  });

  it('starts an unlinked account at the step in the address, download or authentication', () => {
    expect(startStep(false, null)).toBe(0);
    expect(startStep(false, '1')).toBe(0);
    expect(startStep(false, '2')).toBe(1);
    // The sync step is reached by linking, not by the address.
    expect(startStep(false, '3')).toBe(0);
    expect(startStep(false, 'x')).toBe(0);
  });
});

describe('Teamspeak wizard: one message at a time', () => {
  it('a wrong identity, then the right one: the error gives way to the success, the long id wraps', async () => {
    const identity = 'Qm4s8Tz1Qm4s8Tz1Qm4s8Tz1Qm4s8Tz1Qm4s8Tz1Qm4s8Tz1=';
    let linked = false;
    answer.mockReset();
    answer.mockImplementation((path, input) => {
      if (path === 'externalAccounts.status')
        return Promise.resolve({ ...unlinked, teamspeak: linked ? { id: 9, externalId: identity } : null });
      if (path === 'externalAccounts.linkTeamspeak') {
        const given = (input as { values: { identity: string } }).values.identity;
        if (given !== identity) return Promise.reject(bffError('NOT_FOUND', 404));
        linked = true;
        return Promise.resolve({ externalId: identity });
      }
      return Promise.reject(new Error(path));
    });
    renderWithBff(
      <MemoryRouter initialEntries={['/sync/teamspeak?schritt=2']}>
        <TeamspeakSyncPage />
      </MemoryRouter>,
      answer,
    );
    const field = await screen.findByPlaceholderText('Teamspeak Identität');
    await userEvent.type(field, 'falsch=');
    await userEvent.click(screen.getByRole('button', { name: 'Authentifizierung starten' }));
    expect(
      await screen.findByText(
        'Deine Identität konnte nicht festgestellt werden. Bitte überprüfe deinen Nickname und deine Identität.',
      ),
    ).toBeTruthy();
    await userEvent.clear(field);
    await userEvent.type(field, identity);
    await userEvent.click(screen.getByRole('button', { name: 'Authentifizierung starten' }));
    expect(await screen.findByText('Dein Teamspeak Account wurde verbunden')).toBeTruthy();
    expect(screen.queryByText(/Identität konnte nicht festgestellt werden/)).toBeNull();
    const status = screen.getByText(`Aktueller Status: Verbunden (ID: ${identity})`);
    expect(status.className).toContain('[overflow-wrap:anywhere]');
    // The sync step's heading has the focus (the button used is inert now).
    expect(document.activeElement?.textContent).toContain('Sync');
  });
});

describe('Discord wizard, back from a full-page authorisation', () => {
  beforeEach(() => answer.mockReset());

  it('says the account was linked and keeps saying it past the 3 s of other successes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { DiscordSyncPage } = await import('./discord-page');
      answer.mockImplementation((path) =>
        path === 'externalAccounts.status'
          ? Promise.resolve({ ...unlinked, discord: { id: 4, externalId: '123456789012345678' } })
          : Promise.resolve(null),
      );
      renderWithBff(
        <MemoryRouter initialEntries={['/control-panel/sync/discord?schritt=3&discord=linked']}>
          <DiscordSyncPage />
        </MemoryRouter>,
        answer,
      );
      expect(await screen.findByText('Dein Discord Konto wurde verbunden')).toBeTruthy();
      await vi.advanceTimersByTimeAsync(10_000);
      expect(screen.getByText('Dein Discord Konto wurde verbunden')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});
