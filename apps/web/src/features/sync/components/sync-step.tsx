import type { LinkedAccountView } from '@nova/contracts';
import { SYNC_TEXTS, type LinkablePlatform } from '@nova/domain';
import { Button } from '../../../components/ui/button';
import type { Message } from '../../../components/ui/timed-message';
import { useSessionLoss } from '../../../lib/mutation';
import { trpc } from '../../../lib/trpc';
import { FAILED, useInvalidateStatus } from '../api';

/**
 * Step 3 of both wizards (specification §2.29, §4.5, §8): the status line, "Verbindung trennen" when linked
 * (then back to step 1 with the platform's message) and "Synchronisation starten". Long ids wrap.
 */
export function SyncStep({
  plattform,
  account,
  active,
  onUnlinked,
  show,
}: {
  plattform: LinkablePlatform;
  account: LinkedAccountView | null;
  active: boolean;
  onUnlinked: () => void;
  show: (message: Message) => void;
}) {
  const unlink = trpc.externalAccounts.unlink.useMutation();
  const sync = trpc.externalAccounts.sync.useMutation();
  const invalidate = useInvalidateStatus();
  const sessionLost = useSessionLoss();

  const disconnect = async () => {
    try {
      await unlink.mutateAsync({ plattform });
      await invalidate();
      onUnlinked();
      show({ tone: 'success', text: SYNC_TEXTS.unlinked[plattform] });
    } catch (error) {
      if (!sessionLost(error)) show({ tone: 'error', text: FAILED });
    }
  };

  const synchronise = async () => {
    try {
      await sync.mutateAsync({ plattform });
      show({ tone: 'success', text: SYNC_TEXTS.syncSuccess });
    } catch (error) {
      if (!sessionLost(error)) show({ tone: 'error', text: FAILED });
    }
  };

  const busy = unlink.isPending || sync.isPending;
  return (
    <>
      <p className="font-medium [overflow-wrap:anywhere]">
        {account === null ? SYNC_TEXTS.statusNotLinked : SYNC_TEXTS.statusLinked(account.externalId)}
      </p>
      {account?.name && <p className="[overflow-wrap:anywhere]">{SYNC_TEXTS.discordName(account.name)}</p>}
      <div className="flex flex-wrap gap-2">
        {account !== null && (
          <Button variant="secondary" disabled={!active || busy} onClick={() => void disconnect()}>
            {SYNC_TEXTS.disconnect}
          </Button>
        )}
        <Button disabled={!active || busy} onClick={() => void synchronise()}>
          {sync.isPending ? 'Synchronisation läuft...' : SYNC_TEXTS.startSync}
        </Button>
      </div>
    </>
  );
}
