/**
 * Who else has this row open (decision 106): while the dialog is open it holds the row's presence
 * stream; the BFF tells who else (another session) holds it, by the name the product shows for them.
 * The stream closes with the dialog, so presence ends with it.
 */
import type { PresenceKind } from '@nova/domain';
import { trpc } from '../../lib/trpc';

/** "Admin_Nova", "Admin_Nova und Jonas_Weber", "A, B und C". */
function namesText(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} und ${names.at(-1) ?? ''}`;
}

export function PresenceNotice({ kind, id }: { kind: PresenceKind; id: string }) {
  const presence = trpc.live.presence.useSubscription({ kind, id });
  const editors = presence.data?.editors ?? [];
  const paused =
    presence.data?.live === false || presence.status === 'connecting' || presence.status === 'error';
  return (
    <div role="status" className="text-sm">
      {editors.length > 0 && (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          {namesText(editors)} {editors.length === 1 ? 'bearbeitet' : 'bearbeiten'} diesen Eintrag gerade.
        </p>
      )}
      {paused && presence.data !== undefined && (
        <p className="text-slate-600 dark:text-slate-400">Live-Aktualisierung pausiert.</p>
      )}
    </div>
  );
}
