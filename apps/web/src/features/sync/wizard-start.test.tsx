/**
 * Specification §4.5: the wizard starts at the sync step when the account is already linked, otherwise at the
 * first step; while the status loads no step is shown as the current one.
 */
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderWithBff, type Answer } from '../../test/trpc';
import { DiscordSyncPage } from './discord-page';
import { TeamspeakSyncPage } from './teamspeak-page';

const me = {
  signedIn: true,
  id: '3f6c2a1e-0000-4000-8000-000000007a21',
  username: 'spieler',
  displayName: 'Spieler',
  roles: [],
};
const linked = { id: 1, externalId: 'abc=' };

function bff(status: Record<'teamspeak' | 'discord' | 'forum', typeof linked | null>): Answer {
  return (path) => {
    if (path === 'session.me') return Promise.resolve(me);
    if (path === 'externalAccounts.status') return Promise.resolve(status);
    return Promise.reject(new Error(`unexpected call ${path}`));
  };
}

/** The name of the step the wizard shows as current. */
async function currentStep(): Promise<string | null> {
  const step = await screen.findByRole('group', { current: 'step' });
  return step.getAttribute('aria-label');
}

describe('the wizard’s starting step', () => {
  it('Teamspeak: a linked account starts at "Sync", an unlinked one at "Download"', async () => {
    const view = renderWithBff(
      <MemoryRouter initialEntries={['/control-panel/user/sync/teamspeak']}>
        <TeamspeakSyncPage />
      </MemoryRouter>,
      bff({ teamspeak: linked, discord: null, forum: null }),
    );
    expect(await currentStep()).toBe('Schritt 3: Sync');
    view.unmount();
    renderWithBff(
      <MemoryRouter initialEntries={['/control-panel/user/sync/teamspeak']}>
        <TeamspeakSyncPage />
      </MemoryRouter>,
      bff({ teamspeak: null, discord: linked, forum: null }),
    );
    expect(await currentStep()).toBe('Schritt 1: Download');
  });

  it('Discord: a linked account starts at "Sync", an unlinked one at "Download"', async () => {
    const page = (
      <MemoryRouter initialEntries={['/control-panel/user/sync/discord']}>
        <DiscordSyncPage />
      </MemoryRouter>
    );
    const view = renderWithBff(page, bff({ teamspeak: null, discord: linked, forum: null }));
    expect(await currentStep()).toBe('Schritt 3: Sync');
    view.unmount();
    renderWithBff(page, bff({ teamspeak: linked, discord: null, forum: null }));
    expect(await currentStep()).toBe('Schritt 1: Download');
  });
});
