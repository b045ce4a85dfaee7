import { LIMITS, SYNC_TEXTS } from '@nova/domain';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { Alert } from '../../components/ui/alert';
import { Button, ExternalLink } from '../../components/ui/button';
import type { Message } from '../../components/ui/timed-message';
import { publicConfig } from '../../config/public-config';
import { FAILED, useInvalidateStatus } from './api';
import { useWizard, type Wizard } from './components/use-wizard';
import { WizardShell } from './components/wizard';

/**
 * Specification §2.31 "Discord sync page", §4, §9, made secure (decision 025): "Verbinden" opens the BFF's
 * /auth/discord/start in a 500×700 popup (or the whole page where popups are blocked); the BFF does
 * the OAuth code flow; its last page in the popup hands only a result to this page with a message
 * for our origin and closes (a full-page flow comes back as `?discord=…`). No token is involved.
 */
const MESSAGE_TYPE = 'nova-discord-link';
const RESULTS = ['linked', 'failed', 'conflict', 'unavailable', 'cancelled'] as const;
type Result = (typeof RESULTS)[number];

const isResult = (value: unknown): value is Result => RESULTS.includes(value as Result);

function resultMessage(result: Result): Message {
  // The player did the linking in the popup (or on Discord's page): the success waits for them here
  // instead of vanishing after 3 s while their eyes are still on the closing popup (decision 093).
  if (result === 'linked') return { tone: 'success', text: SYNC_TEXTS.linkedSuccess.discord, stays: true };
  if (result === 'cancelled') return { tone: 'info', text: SYNC_TEXTS.discordCancelled };
  if (result === 'conflict') return { tone: 'error', text: SYNC_TEXTS.alreadyLinked };
  if (result === 'unavailable') return { tone: 'error', text: SYNC_TEXTS.discordUnavailable };
  return { tone: 'error', text: FAILED };
}

export function DiscordSyncPage() {
  const wizard = useWizard('discord');
  const invalidate = useInvalidateStatus();
  const [authorizing, setAuthorizing] = useState(false);
  const popup = useRef<Window | null>(null);
  const connectButton = useRef<HTMLButtonElement>(null);
  const { go, show } = wizard;
  const { refetch } = wizard.status;

  const finish = useCallback(
    (result: Result) => {
      setAuthorizing(false);
      popup.current = null;
      void invalidate().then(() => {
        if (result === 'linked') go(2);
        // Not linked: "Verbinden" is enabled again and takes back the focus it had (the popup,
        // or a disabled button, had it meanwhile).
        else requestAnimationFrame(() => connectButton.current?.focus());
        show(resultMessage(result));
      });
    },
    [invalidate, go, show],
  );
  useReturnedResult(finish);

  usePopupAnswer(authorizing, popup, finish, refetch);

  const connect = () => {
    wizard.clear();
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

  return (
    <WizardShell
      title="Discord Synchronisation"
      plattform="discord"
      wizard={wizard}
      download={
        <>
          <p>Lade dir Discord herunter und tritt unserem Server bei.</p>
          <div className="flex flex-wrap gap-3">
            <ExternalLink href={publicConfig.links.discordDownload} className="underline">
              Discord herunterladen
            </ExternalLink>
            <ExternalLink href={publicConfig.links.discord} className="underline">
              Unserem Discord-Server beitreten
            </ExternalLink>
          </div>
        </>
      }
      authentication={
        <ConnectStep wizard={wizard} authorizing={authorizing} connect={connect} button={connectButton} />
      }
    />
  );
}

/** The popup's answer: its message, or its closing without one. */
function usePopupAnswer(
  authorizing: boolean,
  popup: RefObject<Window | null>,
  finish: (result: Result) => void,
  refetch: () => Promise<{ data?: { discord?: unknown } | undefined }>,
) {
  // Specification §4.6: only messages from the app's own origin count.
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
      void refetch().then((answer) => finish(answer.data?.discord ? 'linked' : 'cancelled'));
    }, 500);
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      clearInterval(watch);
    };
  }, [authorizing, popup, finish, refetch]);
}

function ConnectStep({
  wizard,
  authorizing,
  connect,
  button,
}: {
  wizard: Wizard;
  authorizing: boolean;
  connect: () => void;
  button: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <>
      <p>Melde dich bei Discord an und erlaube Nova Legacy, deine Discord-ID zu lesen.</p>
      {!publicConfig.discordLinking && <Alert tone="warning">{SYNC_TEXTS.discordUnavailable}</Alert>}
      <Button
        ref={button}
        disabled={wizard.step !== 1 || authorizing || !publicConfig.discordLinking}
        onClick={connect}
      >
        {authorizing ? 'Autorisierung läuft...' : SYNC_TEXTS.connect}
      </Button>
    </>
  );
}

/**
 * Back from a full-page redirect: the result is read from the address once and reported once; it is
 * removed from the address until it is gone, checked after every navigation (a navigation during the
 * router's first load may be dropped, and the step change of a "linked" result, made from the
 * address as it was, may bring it back without changing the address as the page saw it).
 */
function useReturnedResult(finish: (result: Result) => void) {
  const [params, setParams] = useSearchParams();
  const { key } = useLocation();
  const returned = params.get('discord');
  const [initial] = useState(returned);
  const reported = useRef(false);
  useEffect(() => {
    if (reported.current || !isResult(initial)) return;
    reported.current = true;
    finish(initial);
  }, [initial, finish]);
  useEffect(() => {
    if (returned === null) return;
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.delete('discord');
        return updated;
      },
      { replace: true },
    );
  }, [returned, key, setParams]);
}
