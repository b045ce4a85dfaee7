import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Breadcrumbs, CrumbsContext, type Crumb } from './breadcrumbs';

function renderCrumbs(crumbs: Crumb[]) {
  return render(
    <MemoryRouter>
      <CrumbsContext.Provider value={crumbs}>
        <Breadcrumbs />
      </CrumbsContext.Provider>
    </MemoryRouter>,
  );
}

describe('Breadcrumbs', () => {
  it('shows nothing for a single crumb', () => {
    renderCrumbs([{ label: 'Profil', href: '/control-panel/user' }]);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('links every crumb but the last', () => {
    renderCrumbs([
      { label: 'Profil', href: '/control-panel/user' },
      { label: 'Fahrzeuge', href: '/control-panel/user/vehicles' },
      { label: 'Fahrzeugdetails', href: '/control-panel/user/vehicles/3' },
    ]);
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['Profil', 'Fahrzeuge']);
    expect(screen.getByText('Fahrzeugdetails').getAttribute('aria-current')).toBe('page');
  });
});
