import { EXPERT_LABEL } from '@nova/domain';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { trpc } from '../../../lib/trpc';
import { PlayerPage } from '../components/player-page';
import { QueryView } from '../../../components/query-view';
import { usePlayerInput, usePlayerWording } from '../hooks/use-player-target';

/** Specification §2.25 "Weapon skills": three categories, a bar to 75, "Experte" from 75. */
export function WeaponSkillsPage() {
  const query = trpc.player.weaponSkills.useQuery(usePlayerInput());
  const say = usePlayerWording();
  return (
    <PlayerPage
      title="Waffenskills"
      lines={[
        say(
          'Hier kannst du deine Waffenskills einsehen.',
          (p) => `Hier siehst du die Waffenskills von ${p.of}.`,
        ),
      ]}
    >
      <QueryView
        query={query}
        loadingText="Waffenskills werden geladen..."
        emptyText="Waffenskills konnten nicht angezeigt werden"
        isEmpty={(d) => d.length === 0}
      >
        {(skills) => (
          <ul aria-label="Waffenskills" className="grid gap-3 md:grid-cols-3">
            {skills.map((skill) => (
              <li key={skill.key}>
                <Card className="h-full">
                  <div className="mb-3 flex items-center justify-between gap-2">
                    <h2 className="font-semibold">{skill.name}</h2>
                    {skill.expert && <Badge tone="brand">{EXPERT_LABEL}</Badge>}
                  </div>
                  <ProgressBar
                    label="Fortschritt"
                    value={skill.value}
                    max={skill.max}
                    valueText={`${Math.min(skill.value, skill.max).toLocaleString('de-DE')} / ${skill.max}`}
                  />
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </PlayerPage>
  );
}
