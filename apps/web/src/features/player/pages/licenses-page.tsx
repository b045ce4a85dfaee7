import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { FallbackImage } from '../../../components/ui/fallback-image';
import { assets } from '../../../config/assets';
import { cn } from '../../../lib/cn';
import { trpc } from '../../../lib/trpc';
import { PlayerPage } from '../components/player-page';
import { QueryView } from '../../../components/query-view';
import { usePlayerInput, usePlayerWording } from '../hooks/use-player-target';

/**
 * Specification §2.23 "Licenses": the four licenses, Vorhanden / Nicht vorhanden. A missing one is set apart by a
 * dashed card, a grey picture and its badge, its text at full contrast (WCAG 1.4.3: dimming the whole
 * card made it unreadable).
 */
export function LicensesPage() {
  const query = trpc.player.licenses.useQuery(usePlayerInput());
  const say = usePlayerWording();
  return (
    <PlayerPage
      title="Lizenzen"
      lines={[
        say('Hier kannst du deine Lizenzen einsehen.', (p) => `Hier siehst du die Lizenzen von ${p.of}.`),
      ]}
    >
      <QueryView
        query={query}
        loadingText="Lizenzen werden geladen..."
        emptyText="Lizenzen konnten nicht angezeigt werden"
        isEmpty={(d) => d.length === 0}
      >
        {(licenses) => (
          <ul aria-label="Lizenzen" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {licenses.map((license) => (
              <li key={license.licenseId}>
                <Card
                  data-owned={license.owned}
                  className={cn(
                    'flex h-full flex-col items-center text-center',
                    !license.owned &&
                      'border-dashed border-slate-400 bg-slate-50 shadow-none dark:border-slate-600 dark:bg-slate-950',
                  )}
                >
                  <FallbackImage
                    src={assets.license(license.licenseId)}
                    fallback={assets.placeholder.item}
                    alt=""
                    className={cn('h-20 object-contain', !license.owned && 'opacity-40 grayscale')}
                  />
                  <h2 className="mt-2 font-semibold">{license.name}</h2>
                  <p className="mt-2">
                    <Badge tone={license.owned ? 'success' : 'muted'}>{license.status}</Badge>
                  </p>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </PlayerPage>
  );
}
