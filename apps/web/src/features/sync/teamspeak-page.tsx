import {
  SYNC_TEXTS,
  TEAMSPEAK_NICKNAME_MAX,
  TEAMSPEAK_NICKNAME_TOO_LONG,
  teamspeakNickname,
  teamspeakNicknameFits,
} from '@nova/domain';
import { useState, type SyntheticEvent } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button, ExternalLink, buttonClass } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import type { Message } from '../../components/ui/timed-message';
import { publicConfig } from '../../config/public-config';
import { fieldErrorsOf, useSessionLoss } from '../../lib/mutation';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { FAILED, codeOf, useInvalidateStatus } from './api';
import { useWizard } from './components/use-wizard';
import { WizardShell } from './components/wizard';

/** Specification §2.30 "Teamspeak sync page", §4, §5, §8.5, §9. */
export function TeamspeakSyncPage() {
  const session = useSession();
  const wizard = useWizard('teamspeak');
  const me = session.status === 'ready' && session.me.signedIn ? session.me : null;
  const nickname = me ? teamspeakNickname(me.id, me.username) : '';
  return (
    <WizardShell
      title="Teamspeak Synchronisation"
      plattform="teamspeak"
      wizard={wizard}
      download={
        <>
          <p>Lade dir Teamspeak herunter und verbinde dich mit unserem Server.</p>
          <div className="flex flex-wrap gap-3">
            <ExternalLink href={publicConfig.links.teamspeakDownload} className="underline">
              Teamspeak herunterladen
            </ExternalLink>
            <a href={publicConfig.links.teamspeak} className="underline">
              Mit dem Teamspeak-Server verbinden
            </a>
          </div>
        </>
      }
      authentication={
        <IdentityStep
          nickname={nickname}
          active={wizard.step === 1}
          onLinked={() => {
            wizard.go(2);
            wizard.show({ tone: 'success', text: SYNC_TEXTS.linkedSuccess.teamspeak });
          }}
          show={wizard.show}
        />
      }
    />
  );
}

function IdentityStep({
  nickname,
  active,
  onLinked,
  show,
}: {
  nickname: string;
  active: boolean;
  onLinked: () => void;
  show: (message: Message) => void;
}) {
  const [identity, setIdentity] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const link = trpc.externalAccounts.linkTeamspeak.useMutation();
  const invalidate = useInvalidateStatus();
  const sessionLost = useSessionLoss();
  const fits = teamspeakNicknameFits(nickname);
  // Specification §2.30, §5.3: only on step 2, not while authenticating, and only with an identity entered.
  const canStart = active && !link.isPending && identity.trim() !== '' && fits;

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (!canStart) return;
    setFieldError(undefined);
    try {
      await link.mutateAsync({ values: { identity } });
      await invalidate();
      onLinked();
    } catch (error) {
      if (sessionLost(error)) return;
      const code = codeOf(error);
      const field = fieldErrorsOf(error)?.identity;
      if (field) setFieldError(field);
      else if (code === 'NOT_FOUND') show({ tone: 'error', text: SYNC_TEXTS.identityNotFound });
      else if (code === 'CONFLICT') show({ tone: 'error', text: SYNC_TEXTS.alreadyLinked });
      else if (code === 'PRECONDITION_FAILED') show({ tone: 'error', text: TEAMSPEAK_NICKNAME_TOO_LONG });
      else show({ tone: 'error', text: FAILED });
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3">
      <NicknameField nickname={nickname} show={show} />
      {!fits && (
        <Alert tone="warning">
          {TEAMSPEAK_NICKNAME_TOO_LONG} (aktuell {nickname.length} von höchstens {TEAMSPEAK_NICKNAME_MAX}{' '}
          Zeichen)
        </Alert>
      )}
      <Field label="Teamspeak Identität" error={fieldError}>
        {(props) => (
          <Input
            {...props}
            value={identity}
            onChange={(event) => setIdentity(event.target.value)}
            placeholder={SYNC_TEXTS.identityPlaceholder}
            required
            autoComplete="off"
            spellCheck={false}
          />
        )}
      </Field>
      <button type="submit" className={buttonClass('primary')} disabled={!canStart}>
        {link.isPending ? 'Authentifizierung läuft...' : SYNC_TEXTS.startAuthentication}
      </button>
    </form>
  );
}

/** The nickname to set in Teamspeak, with a button that copies it. */
function NicknameField({ nickname, show }: { nickname: string; show: (message: Message) => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(nickname);
      setCopied(true);
      show({ tone: 'success', text: 'Der Nickname wurde in die Zwischenablage kopiert.' });
    } catch {
      show({
        tone: 'error',
        text: 'Kopieren war nicht möglich. Bitte markiere den Nickname und kopiere ihn selbst.',
      });
    }
  };

  return (
    <Field
      label="Dein Nickname auf dem Teamspeak-Server"
      hint="Setze genau diesen Nickname in Teamspeak, bevor du die Authentifizierung startest."
    >
      {(props) => (
        <div className="flex gap-2">
          <Input {...props} value={nickname} readOnly className="font-mono" />
          <Button variant="secondary" onClick={() => void copy()} aria-label="Nickname kopieren">
            {copied ? 'Kopiert' : 'Kopieren'}
          </Button>
        </div>
      )}
    </Field>
  );
}
