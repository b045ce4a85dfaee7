import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { trpc } from '../../../lib/trpc';
import { PlayerPage } from '../components/player-page';
import { QueryView } from '../../../components/query-view';
import { usePlayerInput, usePlayerWording } from '../hooks/use-player-target';

const dateTime = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' });

/** Specification §2.21 "Coupons": name and status badge (Verfügbar / Nicht verfügbar). */
export function CouponsPage() {
  const query = trpc.player.coupons.useQuery(usePlayerInput());
  const say = usePlayerWording();
  return (
    <PlayerPage
      title="Coupons"
      lines={[
        say('Hier kannst du deine Coupons einsehen.', (p) => `Hier siehst du die Coupons von ${p.of}.`),
      ]}
    >
      <QueryView
        query={query}
        emptyText={say('Du hast aktuell keine Coupons', (p) => `${p.subject} hat aktuell keine Coupons`)}
        isEmpty={(d) => d.length === 0}
      >
        {(coupons) => (
          <ul aria-label="Coupons" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {coupons.map((coupon, index) => (
              <li key={`${coupon.name}-${index}`}>
                <Card className="flex h-full items-start justify-between gap-3">
                  <div>
                    <h2 className="font-semibold">{coupon.name}</h2>
                    {!coupon.available && (
                      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                        ab {dateTime.format(new Date(coupon.time))} Uhr
                      </p>
                    )}
                  </div>
                  <Badge tone={coupon.available ? 'success' : 'muted'}>{coupon.status}</Badge>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </PlayerPage>
  );
}
