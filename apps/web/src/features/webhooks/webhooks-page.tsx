/**
 * "Webhooks" (role web:admin:webhooks; decision 097): subscribe an address to events of the audit
 * log, see the secret once, follow each subscription's deliveries, resume a paused one, rotate its
 * secret or delete it. Its own lazy chunk.
 */
import { WEBHOOK_EVENTS, WEBHOOK_FORMATS, WEBHOOK_TEXTS } from '@nova/domain';
import type { AppRouter } from '@nova/bff';
import type { inferRouterOutputs } from '@trpc/server';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Loading } from '../../components/ui/loading';
import { PageHeader } from '../../components/ui/page-header';
import { trpc } from '../../lib/trpc';
import { DeliveryLog } from './delivery-log';
import { SubscribeForm } from './subscribe-form';

type Subscription = inferRouterOutputs<AppRouter>['webhooks']['list'][number];

function SecretOnce({ secret, url, onDone }: { secret: string; url: string; onDone: () => void }) {
  return (
    <section
      aria-labelledby="webhook-secret"
      className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
    >
      <h2 id="webhook-secret" className="font-semibold">
        Geheimnis – wird nur jetzt angezeigt
      </h2>
      <p className="mt-1 text-sm">
        Mit diesem Geheimnis prüft der Empfänger an {url} die Signatur jeder Zustellung (Standard Webhooks).
        Speichere es jetzt: Es wird nicht noch einmal angezeigt.
      </p>
      <code className="mt-3 block break-all rounded bg-white p-2 font-mono text-sm text-slate-900 dark:bg-slate-900 dark:text-slate-100">
        {secret}
      </code>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void navigator.clipboard.writeText(secret)}>
          Kopieren
        </Button>
        <Button onClick={onDone}>Gespeichert, ausblenden</Button>
      </div>
    </section>
  );
}

function SubscriptionCard({
  subscription,
  onSecret,
}: {
  subscription: Subscription;
  onSecret: (secret: string, url: string) => void;
}) {
  const utils = trpc.useUtils();
  const [showLog, setShowLog] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const refresh = () => utils.webhooks.list.invalidate();
  const remove = trpc.webhooks.remove.useMutation({ onSuccess: refresh });
  const rotate = trpc.webhooks.rotateSecret.useMutation({
    onSuccess: (answer) => onSecret(answer.secret, subscription.url),
  });
  const resume = trpc.webhooks.resume.useMutation({ onSuccess: refresh });
  const failure = remove.error ?? rotate.error ?? resume.error;
  const logId = `webhook-log-${subscription.id}`;
  return (
    <li className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-all">{subscription.url}</h3>
          <p className="text-sm text-slate-600 dark:text-slate-300">{WEBHOOK_FORMATS[subscription.format]}</p>
        </div>
        {subscription.state === 'paused' ? (
          <Badge tone="warning">Pausiert</Badge>
        ) : (
          <Badge tone="success">Aktiv</Badge>
        )}
      </div>
      {subscription.state === 'paused' && (
        <Alert
          tone="warning"
          action={
            <Button disabled={resume.isPending} onClick={() => resume.mutate({ id: subscription.id })}>
              Fortsetzen
            </Button>
          }
        >
          {WEBHOOK_TEXTS.paused}
        </Alert>
      )}
      {failure && <Alert tone="error">{failure.message}</Alert>}
      <p className="mt-2 text-sm">
        <span className="font-medium">Ereignisse: </span>
        {subscription.events.map((event) => WEBHOOK_EVENTS[event]).join(', ')}
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {subscription.pending} ausstehend · {subscription.failed} fehlgeschlagen
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          aria-expanded={showLog}
          aria-controls={logId}
          onClick={() => setShowLog((shown) => !shown)}
        >
          {showLog ? 'Zustellungen ausblenden' : 'Zustellungen anzeigen'}
        </Button>
        <Button
          variant="secondary"
          disabled={rotate.isPending}
          onClick={() => rotate.mutate({ id: subscription.id })}
        >
          Geheimnis erneuern
        </Button>
        {confirmRemove ? (
          <>
            <Button
              variant="danger"
              disabled={remove.isPending}
              onClick={() => remove.mutate({ id: subscription.id })}
            >
              Wirklich löschen
            </Button>
            <Button variant="ghost" onClick={() => setConfirmRemove(false)}>
              Abbrechen
            </Button>
          </>
        ) : (
          <Button variant="ghost" onClick={() => setConfirmRemove(true)}>
            Löschen
          </Button>
        )}
      </div>
      {showLog && (
        <div id={logId} className="mt-4">
          <DeliveryLog subscriptionId={subscription.id} />
        </div>
      )}
    </li>
  );
}

export function WebhooksPage() {
  const list = trpc.webhooks.list.useQuery();
  const [secret, setSecret] = useState<{ secret: string; url: string } | null>(null);
  const showSecret = (value: string, url: string) => setSecret({ secret: value, url });
  return (
    <>
      <PageHeader
        title="Webhooks"
        lines={[
          'Benachrichtigt Bots und Dienste, sobald im Audit-Log etwas passiert: signiert nach Standard Webhooks, bei Fehlern 24 Stunden lang erneut versucht.',
        ]}
      />
      {secret && <SecretOnce secret={secret.secret} url={secret.url} onDone={() => setSecret(null)} />}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <SubscribeForm onCreated={showSecret} />
        <section aria-labelledby="webhook-list" className="min-w-0">
          <h2 id="webhook-list" className="mb-3 text-lg font-semibold">
            Abonnements
          </h2>
          {list.isPending ? (
            <Loading text="Webhooks werden geladen …" />
          ) : list.isError ? (
            <Alert
              tone="error"
              action={<Button onClick={() => void list.refetch()}>Erneut versuchen</Button>}
            >
              Die Webhooks konnten nicht geladen werden.
            </Alert>
          ) : list.data.length === 0 ? (
            <EmptyState>Noch keine Webhooks. Lege links das erste Abonnement an.</EmptyState>
          ) : (
            <ul className="space-y-4">
              {list.data.map((subscription) => (
                <SubscriptionCard key={subscription.id} subscription={subscription} onSecret={showSecret} />
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
