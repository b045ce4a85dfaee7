import { LIMITS, SYNC_TEXTS } from '@nova/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert } from '../../components/ui/alert';
import { Button, ExternalLink } from '../../components/ui/button';
import { Loading } from '../../components/ui/loading';
import { PageHeader } from '../../components/ui/page-header';
import { MessageRegion, useTimedMessage, type Message } from '../../components/ui/timed-message';
import { publicConfig } from '../../config/public-config';
import { FAILED, useInvalidateStatus } from './api';
import { SyncStep } from './components/sync-step';
import { useWizard } from './components/use-wizard';
import { WizardStep } from './components/wizard';

/**
 * Doc 2 "Discord sync page", §4, §9, made secure (issue 8, decision 025): "Verbinden" opens the BFF's
 * /auth/discord/start in a 500×700 popup (or the whole page where popups are blocked); the BFF does
 * the OAuth code flow; its last page in the popup hands only a result to this page with a message
 * for our origin and closes (a full-page flow comes back as `?discord=…`). No token is involved.
 */
const MESSAGE_TYPE = 'nova-discord-link';
const RESULTS = ['linked', 'failed', 'conflict', 'unavailable'] as const;
type Result = (typeof RESULTS)[number];

const isResult = (value: unknown): value is Result => RESULTS.includes(value as Result);

function failureText(result: Exclude<Result, 'linked'>): string {
  if (result === 'conflict') return SYNC_TEXTS.alreadyLinked;
  if (result === 'unavailable') return SYNC_TEXTS.discordUnavailable;
  return FAILED;
}

export function DiscordSyncPage() {
  const [params, setParams] = useSearchParams();
  const returned = params.get('discord');
  return (
    <ReturnedWizard
      returned={isResult(returned) ? returned : null}
      clear={() => setParams({}, { replace: true })}
    />
  );
}

/** Back from a full-page redirect: the result is read from the address once, then removed. */
function ReturnedWizard({ returned, clear }: { returned: Result | null; clear: () => void }) {
  const [initial] = useState(returned);
  useEffect(() => {
    if (returned !== null) clear();
  }, [returned, clear]);
  return <DiscordWizard initial={initial} />;
}

function DiscordWizard({ initial }: { initial: Result | null }) {
  const wizard = useWizard('discord', initial === 'linked' ? 2 : initial === null ? null : 1);
  const notice = useTimedMessage();
  const invalidate = useInvalidateStatus();
  const [authorizing, setAuthorizing] = useState(false);
  // A failure reported through the address stays until the next attempt.
  const [returnedFailure, setReturnedFailure] = useState(
    initial !== null && initial !== 'linked' ? failureText(initial) : null,
  );
  const popup = useRef<Window | null>(null);
  const { setStep } = wizard;
  const { refetch } = wizard.status;
  const show = notice.show;

  const finish = useCallback(
    (result: Result) => {
      setAuthorizing(false);
      popup.current = null;
      void invalidate();
      if (result === 'linked') setStep(2);
      else show({ tone: 'error', text: failureText(result) });
    },
    [invalidate, setStep, show],
  );

  // Doc 2 §5: only messages from the app's own origin count.
  useEffect(() => {
    if (!authorizing) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== popup.current) return;
      const data = event.data as { type?: unknown; result?: unknown } | null;
      if (data?.type === MESSAGE_TYPE && isResult(data.result)) finish(data.result);
    };
    // A popup closed without an answer: the status decides (linked, or cancelled).
    const watch = setInterval(() => {
      if (!popup.current?.closed) return;
      popup.current = null;
      void refetch().then((answer) => finish(answer.data?.discord ? 'linked' : 'failed'));
    }, 500);
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      clearInterval(watch);
    };
  }, [authorizing, finish, refetch]);

  const connect = () => {
    setReturnedFailure(null);
    const { width, height } = LIMITS.discordPopup;
    const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
    const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
    const opened = window.open(
      '/auth/discord/start?mode=popup',
      'nova-discord',
      `popup=yes,width=${width},height=${height},left=${left},top=${top}`,
    );
    if (!opened) {
      // Popups blocked: the same flow in this window.
      window.location.assign('/auth/discord/start?mode=redirect');
      return;
    }
    popup.current = opened;
    setAuthorizing(true);
  };

  if (!wizard.ready) {
    return (
      <section>
        <PageHeader title="Discord Synchronisation" />
        {wizard.status.isError ? <Alert tone="error">{FAILED}</Alert> : <Loading />}
      </section>
    );
  }
  const { step } = wizard;
  return (
    <section>
      <PageHeader title="Discord Synchronisation" />
      <MessageRegion message={notice.message} />
      {returnedFailure && <Alert tone="error">{returnedFailure}</Alert>}
      <ol className="grid gap-4 lg:grid-cols-3">
        <li>
          <WizardStep index={0} current={step}>
            <p>Lade dir Discord herunter und tritt unserem Server bei.</p>
            <div className="flex flex-wrap gap-3">
              <ExternalLink href={publicConfig.links.discordDownload} className="underline">
                Discord herunterladen
              </ExternalLink>
              <ExternalLink href={publicConfig.links.discord} className="underline">
                Unserem Discord-Server beitreten
              </ExternalLink>
            </div>
            <Button onClick={wizard.next}>{SYNC_TEXTS.next}</Button>
          </WizardStep>
        </li>
        <li>
          <WizardStep index={1} current={step}>
            <p>Melde dich bei Discord an und erlaube Nova Legacy, deine Discord-ID zu lesen.</p>
            {!publicConfig.discordLinking && <Alert tone="warning">{SYNC_TEXTS.discordUnavailable}</Alert>}
            <Button disabled={step !== 1 || authorizing || !publicConfig.discordLinking} onClick={connect}>
              {authorizing ? 'Autorisierung läuft...' : SYNC_TEXTS.connect}
            </Button>
          </WizardStep>
        </li>
        <li>
          <WizardStep index={2} current={step}>
            <SyncStep
              plattform="discord"
              externalId={wizard.account?.externalId ?? null}
              active={step === 2}
              onUnlinked={() => setStep(0)}
              show={(message: Message) => show(message)}
            />
          </WizardStep>
        </li>
      </ol>
    </section>
  );
}
