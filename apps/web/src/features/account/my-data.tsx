/**
 * "Meine Daten" (decisions 101, 102): the player's data as a ZIP, prepared in the background with its
 * progress shown (the page asks every two seconds while it runs), downloadable for 24 hours; and the
 * requests for erasure or restriction with an optional reason, with their status.
 */
import {
  DEADLINE_LABELS,
  deadlineState,
  PRIVACY_REASON_MAX,
  PRIVACY_REQUEST_KINDS,
  PRIVACY_REQUEST_STATUSES,
  type PrivacyRequestKind,
} from '@nova/domain';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, TextArea } from '../../components/ui/field';
import { Loading } from '../../components/ui/loading';
import { ProgressBar } from '../../components/ui/progress-bar';
import { saveDownload } from '../../lib/download';
import { trpc } from '../../lib/trpc';

const dateTime = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' });
const date = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium' });

async function downloadZip(url: string): Promise<void> {
  const response = await fetch(url, { headers: { 'x-csrf': '1' }, credentials: 'same-origin' });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new Error(body?.error?.message ?? 'Der Download ist fehlgeschlagen.');
  }
  await saveDownload(response, 'meine-daten.zip');
}

function DataExport() {
  const utils = trpc.useUtils();
  const status = trpc.privacy.exportStatus.useQuery(undefined, {
    staleTime: 0,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'queued' || state === 'running' ? 2000 : false;
    },
  });
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const start = trpc.privacy.startExport.useMutation({
    onSuccess: () => {
      setMessage(null);
      void utils.privacy.exportStatus.invalidate();
    },
    onError: (error) => setMessage({ tone: 'error', text: error.message }),
  });
  const data = status.data;
  return (
    <Card>
      <h3 className="text-lg font-semibold">Daten herunterladen</h3>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Alles, was diese Website über dich lesen kann – Konto, Spieldaten, verknüpfte Konten, angemeldete
        Geräte und die Einträge des Audit-Logs zu dir – als ZIP-Datei mit JSON- und CSV-Dateien. Einmal am Tag
        möglich; der Download bleibt 24 Stunden bereit.
      </p>
      <div className="mt-4 space-y-3" aria-live="polite">
        {message && <Alert tone={message.tone}>{message.text}</Alert>}
        {status.isPending ? (
          <Loading text="Status wird geladen …" />
        ) : status.isError ? (
          <Alert
            tone="error"
            action={<Button onClick={() => void status.refetch()}>Erneut versuchen</Button>}
          >
            Der Status des Exports konnte nicht geladen werden.
          </Alert>
        ) : data?.state === 'queued' || data?.state === 'running' ? (
          <ProgressBar
            label="Export wird vorbereitet"
            value={data.progress}
            max={100}
            valueText={`${data.progress} %`}
          />
        ) : data?.state === 'ready' && data.downloadUrl ? (
          <div className="space-y-2">
            <Alert tone="success">
              Dein Export ist fertig. Er kann bis{' '}
              {data.expiresAt ? dateTime.format(new Date(data.expiresAt)) : ''} heruntergeladen werden.
            </Alert>
            <Button
              onClick={() => {
                const url = data.downloadUrl;
                if (url)
                  downloadZip(url).catch((error: unknown) =>
                    setMessage({
                      tone: 'error',
                      text: error instanceof Error ? error.message : String(error),
                    }),
                  );
              }}
            >
              ZIP herunterladen
            </Button>
          </div>
        ) : data?.state === 'failed' ? (
          <Alert tone="error">{data.error ?? 'Der Export ist fehlgeschlagen.'}</Alert>
        ) : data?.state === 'expired' ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">Dein letzter Export ist abgelaufen.</p>
        ) : null}
        {data && data.state !== 'queued' && data.state !== 'running' && (
          <Button
            variant={data.state === 'ready' ? 'secondary' : 'primary'}
            disabled={start.isPending}
            onClick={() => start.mutate()}
          >
            Daten herunterladen
          </Button>
        )}
      </div>
    </Card>
  );
}

function RequestForm({ kind }: { kind: PrivacyRequestKind }) {
  const utils = trpc.useUtils();
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const create = trpc.privacy.createRequest.useMutation({
    onSuccess: () => {
      setReason('');
      setFieldError(undefined);
      setMessage({
        tone: 'success',
        text: 'Deine Anfrage ist eingegangen. Wir antworten innerhalb eines Monats.',
      });
      void utils.privacy.myRequests.invalidate();
    },
    onError: (error) => {
      const reasonError = error.data?.fieldErrors?.reason;
      setFieldError(reasonError);
      setMessage(reasonError ? null : { tone: 'error', text: error.message });
    },
  });
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate({ kind, reason });
      }}
    >
      <Field label={`Begründung zur ${PRIVACY_REQUEST_KINDS[kind]} (freiwillig)`} error={fieldError}>
        {(props) => (
          <TextArea
            {...props}
            value={reason}
            maxLength={PRIVACY_REASON_MAX}
            rows={2}
            onChange={(event) => setReason(event.target.value)}
          />
        )}
      </Field>
      <Button type="submit" variant={kind === 'erasure' ? 'danger' : 'secondary'} disabled={create.isPending}>
        {PRIVACY_REQUEST_KINDS[kind]} beantragen
      </Button>
      <div aria-live="polite">{message && <Alert tone={message.tone}>{message.text}</Alert>}</div>
    </form>
  );
}

function OwnRequests() {
  const requests = trpc.privacy.myRequests.useQuery(undefined, { staleTime: 0 });
  if (requests.isPending) return <Loading text="Anfragen werden geladen …" />;
  if (requests.isError) return <Alert tone="error">Deine Anfragen konnten nicht geladen werden.</Alert>;
  if (requests.data.length === 0)
    return <p className="text-sm text-slate-600 dark:text-slate-300">Du hast noch keine Anfrage gestellt.</p>;
  return (
    <ul className="space-y-2" aria-label="Deine Anfragen">
      {requests.data.map((request) => (
        <li key={request.id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{PRIVACY_REQUEST_KINDS[request.kind]}</span>
            <Badge
              tone={
                request.status === 'done' ? 'success' : request.status === 'rejected' ? 'danger' : 'warning'
              }
            >
              {PRIVACY_REQUEST_STATUSES[request.status]}
            </Badge>
          </div>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            Eingegangen am {date.format(new Date(request.receivedAt))}, Antwort bis{' '}
            {date.format(new Date(request.deadline))}
            {request.status !== 'done' && request.status !== 'rejected'
              ? ` (${DEADLINE_LABELS[deadlineState(new Date(request.deadline), new Date())]})`
              : ''}
          </p>
          {request.statusReason && <p className="mt-1 text-sm">Grund: {request.statusReason}</p>}
        </li>
      ))}
    </ul>
  );
}

export function MyData() {
  return (
    <section aria-labelledby="meine-daten" className="mt-8">
      <h2 id="meine-daten" className="mb-3 text-xl font-semibold">
        Meine Daten
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        <DataExport />
        <Card>
          <h3 className="text-lg font-semibold">Löschung oder Einschränkung</h3>
          <p className="mt-2 text-slate-600 dark:text-slate-300">
            Du kannst verlangen, dass wir deine Daten löschen (Art. 17 DSGVO) oder ihre Verarbeitung
            einschränken (Art. 18 DSGVO). Wir bearbeiten deine Anfrage innerhalb eines Monats.
          </p>
          <div className="mt-4 space-y-4">
            <RequestForm kind="erasure" />
            <RequestForm kind="restriction" />
            <h4 className="font-semibold">Deine Anfragen</h4>
            <OwnRequests />
          </div>
        </Card>
      </div>
    </section>
  );
}
