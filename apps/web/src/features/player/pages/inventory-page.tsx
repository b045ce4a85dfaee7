import { Card } from '../../../components/ui/card';
import { FallbackImage } from '../../../components/ui/fallback-image';
import { assets } from '../../../config/assets';
import { trpc } from '../../../lib/trpc';
import { PlayerPage } from '../components/player-page';
import { QueryView } from '../../../components/query-view';
import { usePlayerInput, usePlayerWording } from '../hooks/use-player-target';

/** Specification §2.22 "Inventory": items summed by type, name ("Unbekannt" for unknown types), "Anzahl". */
export function InventoryPage() {
  const query = trpc.player.inventory.useQuery(usePlayerInput());
  const say = usePlayerWording();
  return (
    <PlayerPage
      title="Inventar"
      lines={[
        say(
          'Hier kannst du die Gegenstände in deinem Inventar einsehen.',
          (p) => `Hier siehst du die Gegenstände im Inventar von ${p.of}.`,
        ),
      ]}
    >
      <QueryView
        query={query}
        emptyText={say(
          'Du hast aktuell keine Gegenstände in deinem Inventar',
          (p) => `${p.subject} hat aktuell keine Gegenstände im Inventar`,
        )}
        isEmpty={(d) => d.length === 0}
      >
        {(items) => (
          <ul
            aria-label="Gegenstände"
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6"
          >
            {items.map((item) => (
              <li key={item.type}>
                <Card className="flex h-full flex-col items-center text-center">
                  <FallbackImage
                    src={assets.item(item.type)}
                    fallback={assets.placeholder.itemFor(item.type)}
                    alt=""
                    className="size-16 object-contain"
                    loading="lazy"
                  />
                  <h2 className="mt-2 font-semibold">{item.name}</h2>
                  <p className="text-sm text-slate-600 dark:text-slate-300">
                    Anzahl:{' '}
                    <span className="font-semibold tabular-nums">
                      {item.quantity.toLocaleString('de-DE')}
                    </span>
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
