import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { SignedInMe } from '../../lib/session';
import { SidebarNav } from './sidebar-nav';

const signedIn = (roles: string[]): SignedInMe => ({
  signedIn: true,
  id: 'u1',
  username: 'lena',
  displayName: 'Lena_Hoffmann',
  roles,
});

function renderSidebar(roles: string[]) {
  return render(
    <MemoryRouter initialEntries={['/control-panel/user']}>
      <SidebarNav me={signedIn(roles)} />
    </MemoryRouter>,
  );
}

/** The section below the heading `name`, or null when there is no such heading. */
function section(name: string): HTMLElement | null {
  return screen.queryByRole('heading', { name })?.closest('section') ?? null;
}

describe('SidebarNav', () => {
  it('shows a beta tester without admin roles the Admin heading and that no admin area is unlocked', () => {
    renderSidebar(['web:beta']);
    const admin = section('Admin');
    expect(admin).not.toBeNull();
    expect(within(admin!).queryAllByRole('link')).toEqual([]);
    expect(within(admin!).queryByRole('list')).toBeNull();
    expect(admin!.textContent).toBe('AdminFür dich ist noch kein Adminbereich freigeschaltet.');
  });

  it('lists under the Admin heading exactly the admin links of the roles held, without the note', () => {
    renderSidebar(['web:beta', 'web:admin:sync-manager']);
    const admin = section('Admin')!;
    expect(
      within(admin)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Sync Management']);
    expect(within(admin).queryByText('Für dich ist noch kein Adminbereich freigeschaltet.')).toBeNull();
  });

  it('lists every admin link for the demo admin', () => {
    renderSidebar([
      'web:beta',
      'web:admin',
      'web:admin:sync-manager',
      'web:admin:server-manager',
      'web:admin:privacy',
    ]);
    expect(
      within(section('Admin')!)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Sync Management', 'Server Management', 'Audit-Log', 'Integrationen', 'Datenschutzanfragen']);
  });

  it('shows no Admin heading without web:beta, even with an admin role', () => {
    const { unmount } = renderSidebar([]);
    expect(section('Admin')).toBeNull();
    unmount();
    renderSidebar(['web:admin:sync-manager']);
    expect(section('Admin')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sync Management' })).toBeNull();
  });
});
