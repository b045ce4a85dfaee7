/**
 * "Angemeldete Geräte" (decision 023): the player's browser sessions with browser and system, "dieses
 * Gerät" on the current one, signed in and last active, the shortened IP and, where the identity
 * provider says, the sign-in method; "Abmelden" per session and "Alle anderen abmelden".
 * An ended browser is signed out at its next request.
 */
import { useRef, useState, type ReactNode } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Loading } from '../../components/ui/loading';
import { trpc, type RouterOutputs } from '../../lib/trpc';

type OwnSession = RouterOutputs['account']['sessions'][number];

const dateTime = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' });

/** One labelled fact of a session; a pair of grid cells on a phone, one run of text on wider screens. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents sm:flex sm:gap-1">
      <dt className="font-medium">{label}:</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function OwnSessions() {
  const utils = trpc.useUtils();
  const sessions = trpc.account.sessions.useQuery(undefined, { staleTime: 0 });
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  // The button pressed goes with its card (or is disabled, no other device being left): the focus
  // moves to the section's heading, where the message below it is read next.
  const heading = useRef<HTMLHeadingElement>(null);
  const done = (text: string) => {
    setMessage({ tone: 'success', text });
    heading.current?.focus();
    void utils.account.sessions.invalidate();
  };
  const failed = (error: { message: string }) => {
    setMessage({ tone: 'error', text: error.message });
    void utils.account.sessions.invalidate();
  };
  const endOne = trpc.account.endSession.useMutation({
    onSuccess: () => done('Das Gerät wurde abgemeldet.'),
    onError: failed,
  });
  const endOthers = trpc.account.endOtherSessions.useMutation({
    onSuccess: ({ ended }) =>
      done(ended === 1 ? 'Ein anderes Gerät wurde abgemeldet.' : `${ended} andere Geräte wurden abgemeldet.`),
    onError: failed,
  });
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  return (
    <section aria-labelledby="own-sessions" className="mt-8">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="own-sessions" ref={heading} tabIndex={-1} className="text-xl font-semibold">
          Angemeldete Geräte
        </h2>
        <Button
          variant="secondary"
          disabled={others === 0 || endOthers.isPending}
          onClick={() => endOthers.mutate()}
        >
          Alle anderen abmelden
        </Button>
      </div>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      {sessions.isPending ? (
        <Loading text="Geräte werden geladen …" />
      ) : sessions.isError ? (
        <Alert tone="error">Die Geräte konnten nicht geladen werden.</Alert>
      ) : (
        <ul className="grid gap-3" aria-label="Angemeldete Geräte">
          {sessions.data.map((session) => (
            <li key={session.id}>
              <SessionCard
                session={session}
                ending={endOne.isPending}
                onEnd={() => endOne.mutate({ id: session.id })}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SessionCard({
  session,
  ending,
  onEnd,
}: {
  session: OwnSession;
  ending: boolean;
  onEnd: () => void;
}) {
  return (
    <Card className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <p className="font-semibold">
          {session.browser} auf {session.system}
          {session.current && (
            <span className="ml-2 rounded bg-brand-100 px-2 py-0.5 text-xs text-brand-800 dark:bg-brand-900 dark:text-brand-100">
              dieses Gerät
            </span>
          )}
        </p>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-600 sm:flex sm:flex-wrap sm:gap-x-4 dark:text-slate-300">
          <Fact label="Angemeldet am">{dateTime.format(new Date(session.signedInAt))}</Fact>
          <Fact label="Zuletzt aktiv">{dateTime.format(new Date(session.lastActiveAt))}</Fact>
          <Fact label="IP-Adresse">{session.ip ?? 'unbekannt'}</Fact>
          {session.signInMethod && <Fact label="Anmeldung">{session.signInMethod}</Fact>}
        </dl>
      </div>
      {!session.current && (
        <Button
          variant="danger"
          disabled={ending}
          onClick={onEnd}
          // Two browsers of the same kind differ by when they signed in.
          aria-label={`${session.browser} auf ${session.system}, angemeldet am ${dateTime.format(new Date(session.signedInAt))}, abmelden`}
        >
          Abmelden
        </Button>
      )}
    </Card>
  );
}
