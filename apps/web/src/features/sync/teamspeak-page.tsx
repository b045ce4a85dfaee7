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
import { Loading } from '../../components/ui/loading';
import { PageHeader } from '../../components/ui/page-header';
import { MessageRegion, useTimedMessage } from '../../components/ui/timed-message';
import { publicConfig } from '../../config/public-config';
import { fieldErrorsOf, useSessionLoss } from '../../lib/mutation';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { FAILED, codeOf, useInvalidateStatus } from './api';
import { SyncStep } from './components/sync-step';
import { useWizard } from './components/use-wizard';
import { WizardStep } from './components/wizard';

/** Doc 2 "Teamspeak sync page", §4, §5, §8, §9. */
export function TeamspeakSyncPage() {
  const session = useSession();
  const wizard = useWizard('teamspeak');
  const notice = useTimedMessage();
  if (!wizard.ready) {
    return (
      <section>
        <PageHeader title="Teamspeak Synchronisation" />
        {wizard.status.isError ? <Alert tone="error">{FAILED}</Alert> : <Loading />}
      </section>
    );
  }
  const me = session.status === 'ready' && session.me.signedIn ? session.me : null;
  const nickname = me ? teamspeakNickname(me.id, me.username) : '';
  const { step } = wizard;
  return (
    <section>
      <PageHeader title="Teamspeak Synchronisation" />
      <MessageRegion message={notice.message} />
      <ol className="grid gap-4 lg:grid-cols-3">
        <li>
          <WizardStep index={0} current={step}>
            <p>Lade dir Teamspeak herunter und verbinde dich mit unserem Server.</p>
            <div className="flex flex-wrap gap-3">
              <ExternalLink href={publicConfig.links.teamspeakDownload} className="underline">
                Teamspeak herunterladen
              </ExternalLink>
              <a href={publicConfig.links.teamspeak} className="underline">
                Mit dem Teamspeak-Server verbinden
              </a>
            </div>
            <Button onClick={wizard.next}>{SYNC_TEXTS.next}</Button>
          </WizardStep>
        </li>
        <li>
          <WizardStep index={1} current={step}>
            <IdentityStep
              nickname={nickname}
              active={step === 1}
              onLinked={() => wizard.setStep(2)}
              show={notice.show}
            />
          </WizardStep>
        </li>
        <li>
          <WizardStep index={2} current={step}>
            <SyncStep
              plattform="teamspeak"
              externalId={wizard.account?.externalId ?? null}
              active={step === 2}
              onUnlinked={() => wizard.setStep(0)}
              show={notice.show}
            />
          </WizardStep>
        </li>
      </ol>
    </section>
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
  show: Parameters<typeof SyncStep>[0]['show'];
}) {
  const [identity, setIdentity] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const link = trpc.externalAccounts.linkTeamspeak.useMutation();
  const invalidate = useInvalidateStatus();
  const sessionLost = useSessionLoss();
  const fits = teamspeakNicknameFits(nickname);
  // Doc 2 §2, §5: only on step 2, not while authenticating, and only with an identity entered.
  const canStart = active && !link.isPending && identity.trim() !== '' && fits;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(nickname);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };

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
      <Field
        label="Dein Nickname auf dem Teamspeak-Server"
        hint="Setze genau diesen Nickname in Teamspeak, bevor du die Authentifizierung startest."
      >
        {(props) => (
          <div className="flex gap-2">
            <Input {...props} value={nickname} readOnly className="font-mono" />
            <Button variant="secondary" onClick={() => void copy()} aria-label="Nickname kopieren">
              {copied === 'yes' ? 'Kopiert' : 'Kopieren'}
            </Button>
          </div>
        )}
      </Field>
      <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
        {copied === 'yes'
          ? 'Der Nickname wurde in die Zwischenablage kopiert.'
          : copied === 'no'
            ? 'Kopieren war nicht möglich. Bitte markiere den Nickname und kopiere ihn selbst.'
            : ''}
      </p>
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
