import type { Me } from '@nova/contracts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccessGate } from './access-gate';

const session = vi.hoisted((): { me: Me; leaving: boolean } => ({ me: { signedIn: false }, leaving: false }));
vi.mock('../lib/session', () => ({
  useSession: () => ({ status: 'ready', me: session.me }),
  isLeaving: () => session.leaving,
}));

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AccessGate>
        <p>Inhalt</p>
      </AccessGate>
    </MemoryRouter>,
  );
}

const signedIn = (roles: string[]): Me => ({
  signedIn: true,
  id: 'u1',
  username: 'spieler',
  displayName: 'J',
  roles,
});

describe('AccessGate', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.leaving = false;
  });

  it('lets everyone see public pages', () => {
    session.me = { signedIn: false };
    renderAt('/toplist');
    expect(screen.getByText('Inhalt')).toBeTruthy();
  });

  it('sends a signed-out visitor to the sign-in, back to the wanted address', () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { assign });
    session.me = { signedIn: false };
    renderAt('/control-panel/user/inventory?x=1');
    expect(assign).toHaveBeenCalledWith('/auth/login?returnTo=%2Fcontrol-panel%2Fuser%2Finventory%3Fx%3D1');
    expect(screen.queryByText('Inhalt')).toBeNull();
  });

  it('says when the session ended while the page was open, with the way back through the sign-in', () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { assign });
    session.me = { signedIn: false, sessionExpired: true };
    renderAt('/control-panel/user/skills?sort=level');
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain(
      'Deine Sitzung ist abgelaufen – bitte melde dich erneut an',
    );
    expect(screen.getByRole('link', { name: 'Erneut anmelden' }).getAttribute('href')).toBe(
      '/auth/login?returnTo=%2Fcontrol-panel%2Fuser%2Fskills%3Fsort%3Dlevel',
    );
    expect(screen.queryByText('Inhalt')).toBeNull();
  });

  it('does not send a user who is signing out to the sign-in', () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { assign });
    session.me = { signedIn: false };
    session.leaving = true;
    renderAt('/control-panel/user');
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows the unauthorized page at the same address for a missing role', () => {
    session.me = signedIn(['web:beta']);
    render(
      <MemoryRouter initialEntries={['/control-panel/admin/sync-manager']}>
        <AccessGate within="control-panel">
          <p>Inhalt</p>
        </AccessGate>
      </MemoryRouter>,
    );
    expect(
      screen.getByRole('heading', { name: 'Sorry, hierfür besitzt du keine Berechtigung.' }),
    ).toBeTruthy();
  });

  it('lets a holder of the role in', () => {
    session.me = signedIn(['web:admin:sync-manager']);
    renderAt('/control-panel/admin/sync-manager');
    expect(screen.getByText('Inhalt')).toBeTruthy();
  });
});
