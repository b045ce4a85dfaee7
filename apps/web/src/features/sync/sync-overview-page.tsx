import { PLATFORM_LABELS, SYNC_TEXTS, type Platform } from '@nova/domain';
import { Badge } from '../../components/ui/badge';
import { ButtonLink, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { publicConfig } from '../../config/public-config';
import { paths } from '../../config/paths';
import { useSyncStatus } from './api';

/**
 * Specification §2.28 "Sync overview": three cards with "Account einrichten"; Forum is not available yet. Beyond
 * the spec each card says whether that platform is linked now.
 */
const CARDS: { plattform: Platform; href: string | null; text: string }[] = [
  {
    plattform: 'teamspeak',
    href: paths.syncTeamspeak,
    text: 'Verknüpfe deine Teamspeak-Identität mit deinem Spielkonto.',
  },
  {
    plattform: 'discord',
    href: paths.syncDiscord,
    text: 'Verknüpfe dein Discord-Konto mit deinem Spielkonto.',
  },
  { plattform: 'forum', href: null, text: SYNC_TEXTS.forumNotYetAvailable },
];

export function SyncOverviewPage() {
  const status = useSyncStatus();
  return (
    <section>
      <PageHeader title={SYNC_TEXTS.overviewTitle} />
      <ul className="grid gap-4 md:grid-cols-3">
        {CARDS.map((card) => {
          const label = PLATFORM_LABELS[card.plattform];
          const linked = status.data ? status.data[card.plattform] !== null : null;
          const discordOff = card.plattform === 'discord' && !publicConfig.discordLinking;
          return (
            <li key={card.plattform}>
              <Card
                aria-labelledby={`sync-${card.plattform}`}
                role="group"
                className="flex h-full flex-col gap-3"
              >
                <div className="flex items-center justify-between gap-2">
                  <h2 id={`sync-${card.plattform}`} className="text-lg font-semibold">
                    {label}
                  </h2>
                  {card.href && (
                    <Badge tone={linked ? 'success' : 'muted'}>
                      {linked === null
                        ? status.isError
                          ? 'Status unbekannt'
                          : 'Wird geladen...'
                        : linked
                          ? SYNC_TEXTS.linked
                          : SYNC_TEXTS.notLinked}
                    </Badge>
                  )}
                </div>
                <p className="flex-1 text-sm text-slate-600 dark:text-slate-300">
                  {discordOff ? SYNC_TEXTS.discordUnavailable : card.text}
                </p>
                {card.href && !discordOff ? (
                  <ButtonLink to={card.href}>{SYNC_TEXTS.setUp}</ButtonLink>
                ) : (
                  <button type="button" className={buttonClass('primary')} disabled>
                    {SYNC_TEXTS.setUp}
                  </button>
                )}
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
