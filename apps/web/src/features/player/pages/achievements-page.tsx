import { ACHIEVEMENT_BADGE, ACHIEVEMENT_FILTERS, formatMoney, type AchievementFilter } from '@nova/domain';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { FallbackImage } from '../../../components/ui/fallback-image';
import { assets } from '../../../config/assets';
import { cn } from '../../../lib/cn';
import { trpc } from '../../../lib/trpc';
import { PlayerPage } from '../components/player-page';
import { ProgressRing } from '../components/progress-ring';
import { QueryView } from '../../../components/query-view';
import { usePlayerInput, usePlayerWording } from '../hooks/use-player-target';

/** Specification §2.20 "Achievement dashboard": ring "x / y", filters Alle / Erreicht / Nicht erreicht, cards. */
export function AchievementsPage() {
  const query = trpc.player.achievements.useQuery(usePlayerInput());
  const say = usePlayerWording();
  const [filter, setFilter] = useState<AchievementFilter>('all');
  return (
    <PlayerPage
      title="Achievements"
      lines={[
        say(
          'Hier kannst du deine Achievements einsehen.',
          (p) => `Hier siehst du die Achievements von ${p.of}.`,
        ),
      ]}
    >
      <QueryView
        query={query}
        loadingText="Achievements werden geladen..."
        emptyText="Es gibt noch keine Achievements"
        isEmpty={(d) => d.total === 0}
      >
        {(data) => {
          const items = data.items.filter(
            (a) => filter === 'all' || (filter === 'completed' ? a.achieved : !a.achieved),
          );
          return (
            <>
              <div className="mb-6 flex flex-wrap items-center gap-6">
                <ProgressRing value={data.achieved} total={data.total} />
                <div role="group" aria-label="Filter" className="flex flex-wrap gap-2">
                  {ACHIEVEMENT_FILTERS.map((f) => (
                    <Button
                      key={f.value}
                      variant={filter === f.value ? 'primary' : 'secondary'}
                      aria-pressed={filter === f.value}
                      onClick={() => setFilter(f.value)}
                    >
                      {f.label}
                    </Button>
                  ))}
                </div>
              </div>
              {items.length === 0 ? (
                <EmptyState>Keine Achievements in dieser Ansicht.</EmptyState>
              ) : (
                <ul aria-label="Achievements" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
                  {items.map((a) => (
                    <li key={a.id}>
                      <Card className={cn('flex h-full gap-4', !a.achieved && 'border-dashed')}>
                        <FallbackImage
                          src={assets.achievement(a.id)}
                          fallback={assets.placeholder.achievement}
                          alt=""
                          className={cn('size-16 shrink-0 object-contain', !a.achieved && 'grayscale')}
                          loading="lazy"
                        />
                        <div className="min-w-0">
                          <div className="flex flex-wrap items-center gap-2">
                            <h2 className="font-semibold">{a.name}</h2>
                            <Badge tone={a.achieved ? 'success' : 'muted'}>
                              {a.achieved ? ACHIEVEMENT_BADGE.completed : ACHIEVEMENT_BADGE.open}
                            </Badge>
                          </div>
                          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{a.description}</p>
                          <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
                            Belohnung: {a.exp.toLocaleString('de-DE')} EXP · {formatMoney(a.money)}
                          </p>
                        </div>
                      </Card>
                    </li>
                  ))}
                </ul>
              )}
            </>
          );
        }}
      </QueryView>
    </PlayerPage>
  );
}
