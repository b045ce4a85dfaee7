import { CATALOGUES, CATALOGUE_KEYS, SETTINGS_CARD, decide, routeAccess, type Role } from '@nova/domain';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';

export interface HubCard {
  title: string;
  description: string;
  /** Null for the card without a screen yet (Generische Einstellungen). */
  href: string | null;
  /** Why "Auswählen" is disabled, or null when it leads to the screen. */
  blocked: string | null;
}

/**
 * Decision 007: a card is shown when the user holds one of its card roles (specification §6.3) or the role its
 * screen needs; "Auswählen" leads to the screen only when the policy lets the user in, otherwise the
 * card says which role is missing instead of leading to a 403.
 */
export function hubCards(roles: readonly string[]): HubCard[] {
  const holds = (role: Role) => roles.includes(role);
  const cards: HubCard[] = [];
  const settingsVisible = SETTINGS_CARD.cardRoles.some(holds);
  for (const key of CATALOGUE_KEYS) {
    const catalogue = CATALOGUES[key];
    if (key === 'vehicleTypes' && settingsVisible) {
      // Specification §2.33 order: Achievements, Generische Einstellungen, Fahrzeuge, Skins, Radiosender, Wantedkatalog.
      cards.push({ ...SETTINGS_CARD, href: null, blocked: 'Noch nicht verfügbar' });
    }
    if (!catalogue.cardRoles.some(holds) && !holds(catalogue.role)) continue;
    const href = `${paths.serverManager}/${catalogue.segment}`;
    const access = routeAccess(href);
    const missing = access.kind === 'signed-in' ? access.roles.filter((role) => !holds(role)) : [];
    cards.push({
      title: catalogue.card.title,
      description: catalogue.card.description,
      href,
      blocked:
        decide(access, { roles }) === 'allow'
          ? null
          : `Dafür fehlt dir die Rolle ${missing.map((role) => `„${role}“`).join(', ')}`,
    });
  }
  return cards;
}

/** Specification §2.33 "Server Management hub": the cards with "Auswählen". */
export function ServerManagerHubPage() {
  const session = useSession();
  const roles = session.status === 'ready' && session.me.signedIn ? session.me.roles : [];
  const cards = hubCards(roles);
  return (
    <>
      <PageHeader title="Server Management" lines={['Kataloge des Servers verwalten']} />
      {cards.length === 0 ? (
        <EmptyState>Dir ist noch kein Bereich des Server Managements freigegeben.</EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {cards.map((card, index) => (
            <li key={card.title}>
              <Card className="flex h-full flex-col gap-3">
                <h2 className="text-lg font-semibold">{card.title}</h2>
                <p className="flex-1 text-sm text-slate-600 dark:text-slate-300">{card.description}</p>
                {card.href && !card.blocked ? (
                  <Link
                    to={card.href}
                    className={buttonClass('primary', 'self-start')}
                    aria-label={`${card.title}: Auswählen`}
                  >
                    Auswählen
                  </Link>
                ) : (
                  <div className="space-y-2">
                    <button
                      type="button"
                      disabled
                      className={buttonClass('secondary', 'self-start')}
                      aria-label={`${card.title}: Auswählen`}
                      aria-describedby={`blocked-${index}`}
                    >
                      Auswählen
                    </button>
                    <p id={`blocked-${index}`} className="text-sm text-slate-600 dark:text-slate-300">
                      {card.blocked}
                    </p>
                  </div>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
