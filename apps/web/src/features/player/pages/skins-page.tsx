import { Card } from '../../../components/ui/card';
import { FallbackImage } from '../../../components/ui/fallback-image';
import { assets } from '../../../config/assets';
import { trpc } from '../../../lib/trpc';
import { PlayerPage } from '../components/player-page';
import { QueryView } from '../../../components/query-view';
import { usePlayerInput, usePlayerWording } from '../hooks/use-player-target';

/** Specification §2.9: a grid of skin images with their names. */
export function SkinsPage() {
  const query = trpc.player.skins.useQuery(usePlayerInput());
  const say = usePlayerWording();
  return (
    <PlayerPage
      title="Skins"
      lines={[say('Hier kannst du deine Skins einsehen', (p) => `Hier siehst du die Skins von ${p.of}`)]}
    >
      <QueryView
        query={query}
        emptyText={say('Du hast aktuell keine Skins', (p) => `${p.subject} hat aktuell keine Skins`)}
        isEmpty={(d) => d.length === 0}
      >
        {(skins) => (
          <ul aria-label="Skins" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {skins.map((skin) => (
              <li key={skin.skinId}>
                <Card className="flex h-full flex-col items-center text-center">
                  <FallbackImage
                    src={assets.skin(skin.skinId)}
                    fallback={assets.placeholder.skinFor(skin.skinId)}
                    alt=""
                    className="h-40 object-contain"
                    loading="lazy"
                  />
                  <h2 className="mt-2 font-semibold">{skin.name}</h2>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </PlayerPage>
  );
}
