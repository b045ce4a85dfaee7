import { Card } from '../../../components/ui/card';
import { FallbackImage } from '../../../components/ui/fallback-image';
import { assets } from '../../../config/assets';
import { trpc } from '../../../lib/trpc';
import { PlayerPage } from '../components/player-page';
import { QueryView } from '../../../components/query-view';
import { usePlayerInput, usePlayerWording } from '../hooks/use-player-target';

/** Specification §2.10: cards with an image by skill id, the skill name and its level. */
export function SkillsPage() {
  const query = trpc.player.skills.useQuery(usePlayerInput());
  const say = usePlayerWording();
  return (
    <PlayerPage
      title="Fähigkeiten"
      lines={[
        say('Hier kannst du deine Fähigkeiten einsehen', (p) => `Hier siehst du die Fähigkeiten von ${p.of}`),
      ]}
    >
      <QueryView
        query={query}
        loadingText="Fähigkeiten werden geladen..."
        emptyText={say(
          'Du hast aktuell keine Fähigkeiten',
          (p) => `${p.subject} hat aktuell keine Fähigkeiten`,
        )}
        isEmpty={(d) => d.length === 0}
      >
        {(skills) => (
          <ul aria-label="Fähigkeiten" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {skills.map((skill) => (
              <li key={skill.id} className="min-w-0">
                <Card className="flex h-full min-w-0 flex-col items-center text-center">
                  <FallbackImage
                    src={assets.skill(skill.id)}
                    fallback={assets.placeholder.item}
                    alt=""
                    className="size-20 object-contain"
                  />
                  <h2 lang="de" className="mt-2 max-w-full font-semibold break-words hyphens-auto">
                    {skill.name}
                  </h2>
                  <p className="text-sm text-slate-600 dark:text-slate-300">Level {skill.level}</p>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </PlayerPage>
  );
}
