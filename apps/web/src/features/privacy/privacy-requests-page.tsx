/**
 * "Datenschutzanfragen" (role web:admin:privacy; decision 102): every request for erasure or
 * restriction with its status and its deadline (one month from receipt; marked when it is near or
 * past), and the steps eingegangen → in Bearbeitung → erledigt or abgelehnt (with a reason). An
 * erasure's "erledigt" erases what the BFF holds; the game data left to delete by hand is listed on
 * the request. Its own lazy chunk.
 */
import {
  DEADLINE_LABELS,
  deadlineState,
  PRIVACY_REASON_MAX,
  PRIVACY_REQUEST_KINDS,
  PRIVACY_REQUEST_STATUSES,
  type DeadlineState,
  type PrivacyRequestStatus,
} from '@nova/domain';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Field, TextArea } from '../../components/ui/field';
import { Loading } from '../../components/ui/loading';
import { PageHeader } from '../../components/ui/page-header';
import { trpc, type RouterOutputs } from '../../lib/trpc';

type PrivacyRequest = RouterOutputs['privacy']['requests'][number];

const date = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium' });
const DEADLINE_TONES: Record<DeadlineState, 'muted' | 'warning' | 'danger'> = {
  ok: 'muted',
  near: 'warning',
  past: 'danger',
};
const open = (status: PrivacyRequestStatus) => status === 'received' || status === 'processing';

function Actions({ request }: { request: PrivacyRequest }) {
  const utils = trpc.useUtils();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const move = trpc.privacy.setStatus.useMutation({
    onSuccess: () => {
      setRejecting(false);
      setError(null);
      setFieldError(undefined);
      void utils.privacy.requests.invalidate();
    },
    onError: (failure) => {
      const reasonError = failure.data?.fieldErrors?.reason;
      setFieldError(reasonError);
      setError(reasonError ? null : failure.message);
      void utils.privacy.requests.invalidate();
    },
  });
  const to = (status: PrivacyRequestStatus, why?: string) =>
    move.mutate({ id: request.id, from: request.status, to: status, ...(why ? { reason: why } : {}) });
  if (!open(request.status)) return null;
  return (
    <div className="mt-3 space-y-2">
      <div className="flex flex-wrap gap-2">
        {request.status === 'received' && (
          <Button disabled={move.isPending} onClick={() => to('processing')}>
            In Bearbeitung nehmen
          </Button>
        )}
        {request.status === 'processing' && (
          <Button disabled={move.isPending} onClick={() => to('done')}>
            {request.kind === 'erasure' ? 'Löschen und erledigen' : 'Erledigt'}
          </Button>
        )}
        <Button variant="secondary" disabled={move.isPending} onClick={() => setRejecting(!rejecting)}>
          Ablehnen
        </Button>
      </div>
      {rejecting && (
        <form
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            to('rejected', reason);
          }}
        >
          <Field label="Grund der Ablehnung" error={fieldError}>
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
          <Button type="submit" variant="danger" disabled={move.isPending}>
            Anfrage ablehnen
          </Button>
        </form>
      )}
      <div aria-live="polite">{error && <Alert tone="error">{error}</Alert>}</div>
    </div>
  );
}

function RequestCard({ request, now }: { request: PrivacyRequest; now: Date }) {
  const state = deadlineState(new Date(request.deadline), now);
  return (
    <article
      aria-label={`${PRIVACY_REQUEST_KINDS[request.kind]} von ${request.personName}`}
      className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-semibold">
          {PRIVACY_REQUEST_KINDS[request.kind]} · {request.personName}
        </h2>
        <Badge
          tone={request.status === 'done' ? 'success' : request.status === 'rejected' ? 'danger' : 'brand'}
        >
          {PRIVACY_REQUEST_STATUSES[request.status]}
        </Badge>
        {open(request.status) && <Badge tone={DEADLINE_TONES[state]}>{DEADLINE_LABELS[state]}</Badge>}
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium">Eingegangen</dt>
        <dd>{date.format(new Date(request.receivedAt))}</dd>
        <dt className="font-medium">Frist</dt>
        <dd>{date.format(new Date(request.deadline))}</dd>
        <dt className="font-medium">Subjekt</dt>
        <dd className="break-all">{request.personId}</dd>
        {request.reason && (
          <>
            <dt className="font-medium">Begründung</dt>
            <dd className="break-words">{request.reason}</dd>
          </>
        )}
        {request.statusReason && (
          <>
            <dt className="font-medium">Ablehnungsgrund</dt>
            <dd className="break-words">{request.statusReason}</dd>
          </>
        )}
        {request.updatedBy && (
          <>
            <dt className="font-medium">Zuletzt bearbeitet</dt>
            <dd>{request.updatedBy}</dd>
          </>
        )}
      </dl>
      {request.erasure && (
        <div className="mt-3 text-sm">
          <p className="font-medium">Gelöscht: {request.erasure.done.join(', ')}</p>
          <p className="mt-2 font-medium">Von Hand in der Spieldatenbank zu löschen:</p>
          <ul className="ml-5 list-disc">
            {request.erasure.gameData.map((item) => (
              <li key={item.where}>
                <code className="break-all">{item.where}</code>: {item.what}
              </li>
            ))}
          </ul>
        </div>
      )}
      <Actions request={request} />
    </article>
  );
}

export function PrivacyRequestsPage() {
  const list = trpc.privacy.requests.useQuery(undefined, { staleTime: 0 });
  const now = new Date();
  return (
    <>
      <PageHeader
        title="Datenschutzanfragen"
        lines={[
          'Anfragen auf Löschung oder Einschränkung. Jede Anfrage ist innerhalb eines Monats zu beantworten.',
        ]}
      />
      {list.isPending ? (
        <Loading text="Anfragen werden geladen …" />
      ) : list.isError ? (
        <Alert tone="error" action={<Button onClick={() => void list.refetch()}>Erneut versuchen</Button>}>
          Die Anfragen konnten nicht geladen werden.
        </Alert>
      ) : list.data.length === 0 ? (
        <EmptyState>Es liegen keine Datenschutzanfragen vor.</EmptyState>
      ) : (
        <div className="space-y-3">
          {list.data.map((request) => (
            <RequestCard key={request.id} request={request} now={now} />
          ))}
        </div>
      )}
    </>
  );
}
