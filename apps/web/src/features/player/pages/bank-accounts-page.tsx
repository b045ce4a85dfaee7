import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { FallbackImage } from '../../../components/ui/fallback-image';
import { assets } from '../../../config/assets';
import { trpc } from '../../../lib/trpc';
import { PlayerPage } from '../components/player-page';
import { QueryView } from '../../../components/query-view';
import { usePlayerInput, usePlayerWording } from '../hooks/use-player-target';

/** Specification §2.24 "Bank accounts": account type, Bank, Guthaben, Kontostatus. */
export function BankAccountsPage() {
  const query = trpc.player.bankAccounts.useQuery(usePlayerInput());
  const say = usePlayerWording();
  return (
    <PlayerPage
      title="Bankkonten"
      lines={[
        say('Hier kannst du deine Bankkonten einsehen.', (p) => `Hier siehst du die Bankkonten von ${p.of}.`),
      ]}
    >
      <QueryView
        query={query}
        emptyText={say(
          'Du hast aktuell keine Bankkonten',
          (p) => `${p.subject} hat aktuell keine Bankkonten`,
        )}
        isEmpty={(d) => d.length === 0}
      >
        {(accounts) => (
          <ul aria-label="Bankkonten" className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
            {accounts.map((account, index) => (
              <li key={`${account.bankId}-${index}`}>
                <Card className="flex h-full gap-4">
                  <FallbackImage
                    src={assets.bank(account.bankId)}
                    fallback={assets.placeholder.item}
                    alt=""
                    className="size-14 shrink-0 object-contain"
                  />
                  <div className="min-w-0">
                    <h2 className="text-lg font-semibold">{account.accountType}</h2>
                    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                      <dt className="text-slate-600 dark:text-slate-400">Bank</dt>
                      <dd>{account.bank}</dd>
                      <dt className="text-slate-600 dark:text-slate-400">Guthaben</dt>
                      <dd className="font-semibold tabular-nums">{account.balanceText}</dd>
                      <dt className="text-slate-600 dark:text-slate-400">Kontostatus</dt>
                      <dd>
                        <Badge tone={account.disabled ? 'danger' : 'success'}>{account.status}</Badge>
                      </dd>
                    </dl>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </PlayerPage>
  );
}
