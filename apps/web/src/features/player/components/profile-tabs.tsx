import { Tabs } from 'radix-ui';
import { Link } from 'react-router-dom';
import type { PlayerPage } from '@nova/domain';
import { playerHref } from '../../../config/paths';
import { cn } from '../../../lib/cn';

/**
 * Specification §2.18 "Player profile": three tabs with feature tiles and their targets. "Fähigkeiten" is added
 * to Sonstiges so that the skills screen is reachable (docs/decisions).
 */
const TABS: { value: string; label: string; tiles: { label: string; page: PlayerPage }[] }[] = [
  {
    value: 'allgemein',
    label: 'Allgemein',
    tiles: [
      { label: 'Inventar', page: 'inventory' },
      { label: 'Achievements', page: 'achievements' },
      { label: 'Coupons', page: 'coupons' },
    ],
  },
  {
    value: 'vermoegen',
    label: 'Vermögen & Fahrzeuge',
    tiles: [
      { label: 'Bankkonten', page: 'bankAccounts' },
      { label: 'Fahrzeugverwaltung', page: 'vehicles' },
      { label: 'Immobilien', page: 'inventory' },
    ],
  },
  {
    value: 'sonstiges',
    label: 'Sonstiges',
    tiles: [
      { label: 'Skins', page: 'skins' },
      { label: 'Lizenzen', page: 'licenses' },
      { label: 'Waffenskills', page: 'weaponSkills' },
      { label: 'Fähigkeiten', page: 'skills' },
    ],
  },
];

const trigger =
  'rounded-md px-3 py-2 text-sm font-semibold text-slate-600 data-[state=active]:bg-white data-[state=active]:text-brand-700 data-[state=active]:shadow-sm dark:text-slate-300 dark:data-[state=active]:bg-slate-800 dark:data-[state=active]:text-brand-200';

export function ProfileTabs({ userId }: { userId: string | undefined }) {
  return (
    <Tabs.Root defaultValue="allgemein">
      <Tabs.List
        aria-label="Bereiche"
        className="inline-flex flex-wrap gap-1 rounded-lg bg-slate-200/70 p-1 dark:bg-slate-900"
      >
        {TABS.map((tab) => (
          <Tabs.Trigger key={tab.value} value={tab.value} className={trigger}>
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {TABS.map((tab) => (
        <Tabs.Content key={tab.value} value={tab.value} className="mt-4">
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {tab.tiles.map((tile) => (
              <li key={tile.label}>
                <Link
                  to={playerHref(tile.page, userId)}
                  className={cn(
                    'flex h-24 items-center justify-center rounded-xl border border-slate-200 bg-white p-4 text-center font-semibold text-slate-800 no-underline shadow-sm transition hover:-translate-y-0.5 hover:border-brand-400 hover:no-underline dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100',
                  )}
                >
                  {tile.label}
                </Link>
              </li>
            ))}
          </ul>
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
