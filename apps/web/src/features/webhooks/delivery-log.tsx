/** The delivery log of one subscription (decision 097): each delivery's state, attempts, answer, duration. */
import { WEBHOOK_DELIVERY_STATES, WEBHOOK_EVENTS, isWebhookEvent } from '@nova/domain';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Loading } from '../../components/ui/loading';
import { trpc } from '../../lib/trpc';

const dateTime = new Intl.DateTimeFormat('de-DE', { dateStyle: 'short', timeStyle: 'medium' });
const TONES = { delivered: 'success', pending: 'warning', failed: 'danger' } as const;

export function DeliveryLog({ subscriptionId }: { subscriptionId: string }) {
  const utils = trpc.useUtils();
  const log = trpc.webhooks.deliveries.useQuery({ id: subscriptionId }, { refetchInterval: 3000 });
  const resend = trpc.webhooks.resend.useMutation({
    onSuccess: () => utils.webhooks.deliveries.invalidate({ id: subscriptionId }),
  });
  if (log.isPending) return <Loading text="Zustellungen werden geladen …" />;
  if (log.isError)
    return (
      <Alert tone="error" action={<Button onClick={() => void log.refetch()}>Erneut versuchen</Button>}>
        Die Zustellungen konnten nicht geladen werden.
      </Alert>
    );
  if (log.data.length === 0) return <EmptyState>Noch keine Zustellungen.</EmptyState>;
  return (
    // A region of its own that the keyboard can scroll sideways on a narrow screen; `relative`, so
    // that the visually hidden texts (positioned absolutely) stay inside it instead of widening the page.
    <div className="relative overflow-x-auto" role="region" aria-label="Zustellungen" tabIndex={0}>
      {resend.isError && <Alert tone="error">{resend.error.message}</Alert>}
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Zustellungen</caption>
        <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-300">
          <tr>
            <th scope="col" className="py-2 pr-3">
              Zeit
            </th>
            <th scope="col" className="py-2 pr-3">
              Ereignis
            </th>
            <th scope="col" className="py-2 pr-3">
              Status
            </th>
            <th scope="col" className="py-2 pr-3">
              Versuche
            </th>
            <th scope="col" className="py-2 pr-3">
              Letzte Antwort
            </th>
            <th scope="col" className="py-2 pr-3">
              Dauer
            </th>
            <th scope="col" className="py-2">
              <span className="sr-only">Aktion</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {log.data.map((delivery) => (
            <tr key={delivery.id} className="border-b border-slate-100 align-top dark:border-slate-800">
              <td className="py-2 pr-3 whitespace-nowrap">{dateTime.format(new Date(delivery.createdAt))}</td>
              <td className="py-2 pr-3">
                {isWebhookEvent(delivery.eventType) ? WEBHOOK_EVENTS[delivery.eventType] : delivery.eventType}
                <span className="block text-xs text-slate-600 dark:text-slate-400">
                  Eintrag Nr. {delivery.record}
                </span>
              </td>
              <td className="py-2 pr-3">
                <Badge tone={TONES[delivery.state]}>{WEBHOOK_DELIVERY_STATES[delivery.state]}</Badge>
              </td>
              <td className="py-2 pr-3">{delivery.attempts}</td>
              <td className="py-2 pr-3">
                {delivery.lastError ?? (delivery.lastStatus === null ? '–' : `HTTP ${delivery.lastStatus}`)}
              </td>
              <td className="py-2 pr-3 whitespace-nowrap">
                {delivery.lastDurationMs === null
                  ? '–'
                  : `${delivery.lastDurationMs.toLocaleString('de-DE')} ms`}
              </td>
              <td className="py-2">
                {delivery.state === 'failed' && (
                  <Button
                    variant="secondary"
                    disabled={resend.isPending}
                    onClick={() => resend.mutate({ id: subscriptionId, delivery: delivery.id })}
                  >
                    Erneut senden
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
