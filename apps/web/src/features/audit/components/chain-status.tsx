/**
 * Whether the audit log's hash chain is intact (decision 058): checked by the BFF over every record
 * when the page opens; a broken chain names its first broken link.
 */
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { trpc } from '../../../lib/trpc';

export function ChainStatus() {
  const chain = trpc.audit.chain.useQuery(undefined, { staleTime: 60_000 });
  if (chain.isPending)
    return (
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300" role="status">
        Die Unveränderbarkeit des Audit-Logs wird geprüft …
      </p>
    );
  if (chain.isError)
    return (
      <Alert tone="warning" action={<Button onClick={() => void chain.refetch()}>Erneut prüfen</Button>}>
        Die Unveränderbarkeit des Audit-Logs konnte nicht geprüft werden.
      </Alert>
    );
  const { intact, events, broken, unlinked = 0 } = chain.data;
  if (intact)
    return (
      <p className="mb-3 text-sm text-emerald-700 dark:text-emerald-400" role="status">
        Kette intakt: {events.toLocaleString('de-DE')} Ereignisse geprüft, keines verändert oder entfernt.
        {unlinked > 0 ? ` ${unlinked.toLocaleString('de-DE')} neue noch nicht verkettet.` : ''}
      </p>
    );
  return (
    <Alert tone="error">
      Die Kette des Audit-Logs ist unterbrochen: Glied Nr. {broken?.seq ?? '?'}
      {broken?.recordId ? ` (Eintrag ${broken.recordId})` : ''} – {broken?.reason ?? 'unbekannt'}. Einträge
      wurden außerhalb der Anwendung verändert oder gelöscht.
    </Alert>
  );
}
