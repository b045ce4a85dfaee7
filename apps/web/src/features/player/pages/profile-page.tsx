import { Suspense } from 'react';
import { decide, formatNumber, MOVEMENT_LABELS, PROCEDURE_POLICY } from '@nova/domain';
import { ExternalLink, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FallbackImage } from '../../../components/ui/fallback-image';
import { Loading } from '../../../components/ui/loading';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { assets } from '../../../config/assets';
import { chunk, lazyComponent } from '../../../lib/chunks';
import { useSession } from '../../../lib/session';
import { trpc, type RouterOutputs } from '../../../lib/trpc';
import { failureStatus } from '../../../components/failure-status';
import { usePageTitle } from '../../../components/layout/page-title';
import { ForeignBanner } from '../components/foreign-banner';
import { ProfileTabs } from '../components/profile-tabs';
import { usePlayerInput, usePlayerTarget } from '../hooks/use-player-target';

type Profile = RouterOutputs['player']['profile'];

/** Only admins see it: its code loads when it is shown. */
const PlayerHistory = lazyComponent(
  chunk(() => import('../components/player-history')),
  (m) => m.PlayerHistory,
);

/** Specification §2.18 "Player profile". */
export function ProfilePage() {
  const input = usePlayerInput();
  const { userId } = usePlayerTarget();
  const session = useSession();
  const mayReadAudit =
    session.status === 'ready' &&
    decide(PROCEDURE_POLICY['audit.list'], session.me.signedIn ? session.me : null) === 'allow';
  const query = trpc.player.profile.useQuery(input);
  usePageTitle(query.data?.username ?? null);

  if (query.isPending) return <Loading text="Profil wird geladen..." />;
  if (query.isError) {
    const status = failureStatus(query.error);
    if (status) return status;
    return (
      <>
        <ForeignBanner />
        <Alert
          tone="error"
          action={
            <Button variant="secondary" onClick={() => void query.refetch()}>
              Erneut versuchen
            </Button>
          }
        >
          Spielerprofil konnte nicht geladen werden
        </Alert>
      </>
    );
  }

  const p = query.data;
  return (
    <section>
      <ForeignBanner />
      <ProfileSummary profile={p} />

      <div className="mt-8">
        <ProfileTabs userId={userId} />
      </div>

      <MovementStats movement={p.movement} />
      {userId && mayReadAudit && (
        <Suspense fallback={<Loading text="Verlauf wird geladen..." />}>
          <PlayerHistory userId={userId} />
        </Suspense>
      )}
    </section>
  );
}

/** The avatar, the name, the figures and the three bars. */
function ProfileSummary({ profile: p }: { profile: Profile }) {
  const stats: [string, string][] = [
    ['Prestige', formatNumber(p.prestige)],
    ['Level', formatNumber(p.level)],
    ['Bargeld', p.moneyText],
    ['Alter', formatNumber(p.age)],
    ['Geschlecht', p.gender],
  ];
  return (
    <Card className="flex flex-col gap-6 md:flex-row">
      <FallbackImage
        src={p.avatarSkinId === null ? assets.placeholder.avatar : assets.avatar(p.avatarSkinId)}
        fallback={
          p.avatarSkinId === null ? assets.placeholder.avatar : assets.placeholder.avatarFor(p.avatarSkinId)
        }
        alt={`Avatar von ${p.username}`}
        className="size-32 self-center rounded-full bg-slate-100 object-cover md:self-start dark:bg-slate-800"
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-3xl font-bold break-words">{p.username}</h1>
          {p.adminUrl && (
            <ExternalLink href={p.adminUrl} className={buttonClass('secondary')}>
              Benutzer administrieren
            </ExternalLink>
          )}
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {stats.map(([label, value]) => (
            <div key={label} className="rounded-lg bg-slate-100 px-3 py-2 dark:bg-slate-800">
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">
                {label}
              </dt>
              <dd className="text-lg font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-6 grid gap-4 md:grid-cols-3">
          <ProgressBar
            label="Erfahrung"
            value={p.exp}
            max={p.expMax}
            valueText={`${Math.round(p.exp)} / ${p.expMax}`}
          />
          <ProgressBar label="Hunger" value={p.hunger} max={100} valueText={`${p.hunger} %`} tone="amber" />
          <ProgressBar label="Durst" value={p.thirst} max={100} valueText={`${p.thirst} %`} tone="sky" />
        </div>
      </div>
    </Card>
  );
}

function MovementStats({ movement }: { movement: Profile['movement'] }) {
  return (
    <Card className="mt-8">
      <h2 className="text-lg font-semibold">Bewegungsstatistik</h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Zurückgelegte Strecken, in 10.000 Spieleinheiten
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-4">
        {(Object.keys(MOVEMENT_LABELS) as (keyof typeof MOVEMENT_LABELS)[]).map((key) => (
          <div key={key} className="rounded-lg bg-slate-100 px-3 py-2 dark:bg-slate-800">
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">
              {MOVEMENT_LABELS[key]}
            </dt>
            <dd className="text-lg font-semibold tabular-nums">{formatNumber(movement[key])}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
