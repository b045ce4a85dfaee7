import { useQuery } from '@tanstack/react-query';
import { TOPLIST_CATEGORIES } from '@nova/domain';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { useSession } from '../../lib/session';
import { publicQueries } from '../../lib/query-client';
import { RankTable } from './components/rank-table';
import { TopCard } from './components/top-card';

/**
 * Specification §2.11. A failed load shows its error only (no loading cards or skeleton rows beside it); the
 * signed-in player's own rows are highlighted. The toplist names players by their in-game name, which
 * may differ from the identity provider's names: the game profile's name counts as well.
 */
export function ToplistPage() {
  const toplist = useQuery(publicQueries.toplist);
  const data = toplist.data;
  const session = useSession();
  const me = session.status === 'ready' && session.me.signedIn ? session.me : null;
  // Without a game profile (or while it loads) the identity provider's names still match.
  const profile = useQuery({ ...publicQueries.ownProfile, enabled: me !== null });
  const names = me ? [me.displayName, me.username, ...(profile.data ? [profile.data.username] : [])] : [];
  const isOwn = (player: string) => names.includes(player);
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <PageHeader
        title="Server Toplist"
        lines={[
          'Spiel auf Nova Legacy, sammle Erfahrung und Erfolge – und sichere dir deinen Platz in der Rangliste!',
        ]}
      />
      {toplist.isError && !data ? (
        <Alert
          tone="error"
          action={
            <Button variant="secondary" onClick={() => void toplist.refetch()}>
              Erneut versuchen
            </Button>
          }
        >
          Die Toplist konnte nicht geladen werden. Bitte versuche es später erneut.
        </Alert>
      ) : (
        <>
          <div className="grid gap-4 md:grid-cols-3">
            {TOPLIST_CATEGORIES.flatMap((category) =>
              category.key === 'most_playtime'
                ? []
                : [
                    <TopCard
                      key={category.key}
                      title={category.title}
                      label={category.cardLabel}
                      entry={data?.top[category.key]}
                    />,
                  ],
            )}
          </div>
          <div className="mt-8 grid gap-6 lg:grid-cols-2">
            {TOPLIST_CATEGORIES.map((category) => (
              <RankTable
                key={category.key}
                title={category.title}
                valueColumn={category.column}
                rows={data?.tables[category.key] ?? []}
                isOwn={isOwn}
              />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
