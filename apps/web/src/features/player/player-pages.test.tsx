/**
 * Every player page against a stand-in BFF: its heading, the line that speaks to the player (or names
 * the other player on a foreign profile), and what it shows of the answer, in German, written out.
 * The last test fails when the player chunk exports a page that has no test here.
 */
import { screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as playerChunk from '../../app/routes/player';
import type * as Session from '../../lib/session';
import { renderWithBff, type Answer } from '../../test/trpc';
import { AchievementsPage } from './pages/achievements-page';
import { BankAccountsPage } from './pages/bank-accounts-page';
import { CouponsPage } from './pages/coupons-page';
import { InventoryPage } from './pages/inventory-page';
import { LicensesPage } from './pages/licenses-page';
import { ProfilePage } from './pages/profile-page';
import { SkillsPage } from './pages/skills-page';
import { SkinsPage } from './pages/skins-page';
import { VehiclePage } from './pages/vehicle-page';
import { VehiclesPage } from './pages/vehicles-page';
import { WeaponSkillsPage } from './pages/weapon-skills-page';

const OWN_ID = '3f6c2a1e-0000-4000-8000-000000007a21';
const OTHER_ID = '9b1d7c44-0000-4000-8000-0000000000b2';

vi.mock('../../lib/session', async (original) => ({
  ...(await original<typeof Session>()),
  useSession: () => ({
    status: 'ready',
    me: { signedIn: true, id: OWN_ID, username: 'spieler', displayName: 'Spieler', roles: [] },
  }),
}));

const answers = new Map<string, unknown>();
const calls: { path: string; input: unknown }[] = [];
const answer: Answer = (path, input) => {
  calls.push({ path, input });
  return answers.has(path) ? Promise.resolve(answers.get(path)) : Promise.reject(new Error(path));
};

beforeEach(() => {
  answers.clear();
  calls.length = 0;
  answers.set('player.user', { id: OTHER_ID, username: 'Max_Muster', displayName: 'Max Muster', own: false });
});

/** The page under `…/user/{userId?}/x/{vehicleId?}`: own without a user id, foreign with one. */
function show(
  Page: ComponentType,
  { foreign = false, vehicleId }: { foreign?: boolean; vehicleId?: number } = {},
) {
  const url = `/user/${foreign ? `${OTHER_ID}/` : ''}x${vehicleId === undefined ? '' : `/${vehicleId}`}`;
  renderWithBff(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/user/x" element={<Page />} />
        <Route path="/user/x/:vehicleId" element={<Page />} />
        <Route path="/user/:userId/x" element={<Page />} />
        <Route path="/user/:userId/x/:vehicleId" element={<Page />} />
      </Routes>
    </MemoryRouter>,
    answer,
  );
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

/** The pages tested below, by their export from the player chunk. */
const TESTED = new Set<string>();
const page = (name: keyof typeof playerChunk, body: () => void) => {
  TESTED.add(name);
  describe(name, body);
};

page('ProfilePage', () => {
  const profile = {
    id: OWN_ID,
    username: 'Spieler_Eins',
    prestige: 12,
    level: 7,
    moneyText: '15.000 $',
    age: 24,
    gender: 'Weiblich',
    exp: 40,
    expMax: 100,
    hunger: 80,
    thirst: 65,
    avatarSkinId: null,
    movement: { ground: 1, water: 2, driving: 3, air: 4 },
    adminUrl: null,
  };

  it('shows the name, the figures, the bars and the tabs to the player pages', async () => {
    answers.set('player.profile', profile);
    show(ProfilePage);
    expect(await screen.findByText('Spieler_Eins')).toBeTruthy();
    expect(screen.getByText('15.000 $')).toBeTruthy();
    expect(screen.getByText('Weiblich')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Hunger' }).getAttribute('aria-valuenow')).toBe('80');
    expect(screen.getByRole('link', { name: /Inventar/ }).getAttribute('href')).toBe(
      '/control-panel/user/inventory',
    );
    expect(screen.queryByRole('link', { name: 'Benutzer administrieren' })).toBeNull();
  });

  it('says so when the profile cannot be loaded, with a retry', async () => {
    show(ProfilePage);
    expect(await screen.findByText('Spielerprofil konnte nicht geladen werden')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
  });
});

page('AchievementsPage', () => {
  it('counts what is achieved and lists every achievement', async () => {
    answers.set('player.achievements', {
      achieved: 1,
      total: 2,
      items: [
        { id: 1, name: 'Erste Schritte', description: 'Melde dich an', exp: 10, money: 100, achieved: true },
        {
          id: 2,
          name: 'Angelkönig',
          description: 'Fange einen Marlin',
          exp: 250,
          money: 5000,
          achieved: false,
        },
      ],
    });
    show(AchievementsPage);
    await heading('Achievements');
    expect(screen.getByText('Hier kannst du deine Achievements einsehen.')).toBeTruthy();
    expect(await screen.findByText('Erste Schritte')).toBeTruthy();
    expect(screen.getByText('Angelkönig')).toBeTruthy();
    expect(screen.getByText('1 / 2')).toBeTruthy();
  });
});

page('VehiclesPage', () => {
  it('lists the vehicles with their plates as links to their details', async () => {
    answers.set('player.vehicles', {
      supported: true,
      items: [{ id: 5, typeId: 411, plate: 'NL-4711', fuel: 80, mileage: 1200, health: 1000, type: null }],
    });
    show(VehiclesPage);
    await heading('Fahrzeuge');
    expect(screen.getByText('Hier kannst du deine Fahrzeuge einsehen.')).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'NL-4711' })).getAttribute('href')).toBe(
      '/control-panel/user/vehicles/5',
    );
  });

  it('names the other player when he has none', async () => {
    answers.set('player.vehicles', { supported: true, items: [] });
    show(VehiclesPage, { foreign: true });
    expect(await screen.findByText('Max Muster hat aktuell keine Fahrzeuge')).toBeTruthy();
    expect(screen.getByText('Hier siehst du die Fahrzeuge von Max Muster.')).toBeTruthy();
    expect(calls).toContainEqual({ path: 'player.vehicles', input: { userId: OTHER_ID } });
  });
});

page('VehiclePage', () => {
  it('shows one vehicle’s facts and the way back to the list', async () => {
    answers.set('player.vehicle', {
      id: 5,
      typeId: 411,
      plate: 'NL-4711',
      fuel: 80,
      mileage: 1200,
      health: 900,
      type: null,
    });
    show(VehiclePage, { vehicleId: 5 });
    await heading('Fahrzeugdetails');
    expect(await screen.findByRole('img', { name: 'Fahrzeug NL-4711' })).toBeTruthy();
    expect(screen.getByText('90 %')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zurück zu den Fahrzeugen' })).toBeTruthy();
    expect(calls).toContainEqual({ path: 'player.vehicle', input: { vehicleId: 5 } });
  });
});

page('CouponsPage', () => {
  it('lists the coupons with their status', async () => {
    answers.set('player.coupons', [
      { name: 'Doppelte Erfahrung', time: 0, available: true, status: 'Verfügbar' },
    ]);
    show(CouponsPage);
    await heading('Coupons');
    expect(screen.getByText('Hier kannst du deine Coupons einsehen.')).toBeTruthy();
    expect(await screen.findByText('Doppelte Erfahrung')).toBeTruthy();
    expect(screen.getByText('Verfügbar')).toBeTruthy();
  });

  it('says when there are none', async () => {
    answers.set('player.coupons', []);
    show(CouponsPage);
    expect(await screen.findByText('Du hast aktuell keine Coupons')).toBeTruthy();
  });
});

page('InventoryPage', () => {
  it('lists the items with their quantity', async () => {
    answers.set('player.inventory', [{ type: 3, name: 'Verbandskasten', quantity: 1500 }]);
    show(InventoryPage);
    await heading('Inventar');
    expect(screen.getByText('Hier kannst du die Gegenstände in deinem Inventar einsehen.')).toBeTruthy();
    expect(await screen.findByText('Verbandskasten')).toBeTruthy();
    expect(screen.getByText('1.500')).toBeTruthy();
  });
});

page('LicensesPage', () => {
  it('shows each license as owned or not', async () => {
    answers.set('player.licenses', [
      { licenseId: 0, name: 'Führerschein', owned: true, status: 'Vorhanden' },
      { licenseId: 2, name: 'Flugschein', owned: false, status: 'Nicht vorhanden' },
    ]);
    show(LicensesPage);
    await heading('Lizenzen');
    expect(screen.getByText('Hier kannst du deine Lizenzen einsehen.')).toBeTruthy();
    expect(await screen.findByText('Führerschein')).toBeTruthy();
    expect(screen.getByText('Vorhanden')).toBeTruthy();
    expect(screen.getByText('Nicht vorhanden')).toBeTruthy();
  });

  it('names the other player on a foreign profile', async () => {
    answers.set('player.licenses', []);
    show(LicensesPage, { foreign: true });
    expect(await screen.findByText('Hier siehst du die Lizenzen von Max Muster.')).toBeTruthy();
    expect(await screen.findByText('Lizenzen konnten nicht angezeigt werden')).toBeTruthy();
  });
});

page('BankAccountsPage', () => {
  it('lists the accounts with bank, type, balance and status', async () => {
    answers.set('player.bankAccounts', [
      {
        bankId: 1,
        bank: 'Los Santos Savings',
        accountType: 'Sparkonto',
        balanceText: '2.500 $',
        disabled: true,
        status: 'Gesperrt',
      },
    ]);
    show(BankAccountsPage);
    await heading('Bankkonten');
    expect(screen.getByText('Hier kannst du deine Bankkonten einsehen.')).toBeTruthy();
    expect(await screen.findByText('Los Santos Savings')).toBeTruthy();
    expect(screen.getByText('Sparkonto')).toBeTruthy();
    expect(screen.getByText('2.500 $')).toBeTruthy();
    expect(screen.getByText('Gesperrt')).toBeTruthy();
  });
});

page('WeaponSkillsPage', () => {
  it('shows each weapon skill’s progress and the expert badge', async () => {
    answers.set('player.weaponSkills', [
      { key: 'pistol', name: 'Pistole', value: 1000, max: 1000, percent: 100, expert: true },
    ]);
    show(WeaponSkillsPage);
    await heading('Waffenskills');
    expect(screen.getByText('Hier kannst du deine Waffenskills einsehen.')).toBeTruthy();
    expect(await screen.findByText('Pistole')).toBeTruthy();
    expect(screen.getByText('Experte')).toBeTruthy();
    expect(screen.getByText('1.000 / 1000')).toBeTruthy();
  });
});

page('SkinsPage', () => {
  it('lists the skins by name', async () => {
    answers.set('player.skins', [{ skinId: 171, name: 'Kellnerin' }]);
    show(SkinsPage);
    await heading('Skins');
    expect(screen.getByText('Hier kannst du deine Skins einsehen')).toBeTruthy();
    expect(await screen.findByText('Kellnerin')).toBeTruthy();
  });

  it('names the other player when he has none', async () => {
    answers.set('player.skins', []);
    show(SkinsPage, { foreign: true });
    expect(await screen.findByText('Max Muster hat aktuell keine Skins')).toBeTruthy();
  });
});

page('SkillsPage', () => {
  it('lists the skills with their level', async () => {
    answers.set('player.skills', [{ id: 1, name: 'Angeln', level: 3 }]);
    show(SkillsPage);
    await heading('Fähigkeiten');
    expect(screen.getByText('Hier kannst du deine Fähigkeiten einsehen')).toBeTruthy();
    expect(await screen.findByText('Angeln')).toBeTruthy();
  });
});

describe('the player chunk', () => {
  it('has a test here for every page it exports', () => {
    expect(Object.keys(playerChunk).filter((name) => !TESTED.has(name))).toEqual([]);
  });
});
