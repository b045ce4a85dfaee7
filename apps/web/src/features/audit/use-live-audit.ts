/**
 * The audit log's live entries (decision 106): the BFF sends every record completed on any instance
 * that matches the filter. On the first page a new row is put on top of the page as it is (the
 * filter, the page and the scroll position stay); on a later page rows do not move and the entries
 * are only counted ("N neue Einträge"). A stream that is paused or reconnecting says so.
 */
import { auditSentence, auditSentenceText } from '@nova/domain';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { trpc, type RouterInputs } from '../../lib/trpc';
import type { AuditRow } from './components/audit-row';

type ListInput = RouterInputs['audit']['list'];

export interface LiveAudit {
  /** Live updates do not arrive now (Redis away, the connection lost and being made again). */
  paused: boolean;
  /** Ids of rows that arrived live on this page (marked "Neu"). */
  fresh: ReadonlySet<string>;
  /** Entries that arrived while a later page was shown. */
  waiting: number;
  /** What the polite live region says about the last arrival. */
  announcement: string;
  /** The count is reset (the viewer went to the first page). */
  seen: () => void;
}

export function useLiveAudit(input: ListInput): LiveAudit {
  const utils = trpc.useUtils();
  const { page = 1, pageSize = 25, ...filter } = input;
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const [waitingIds, setWaitingIds] = useState<ReadonlySet<string>>(new Set());
  const [announcement, setAnnouncement] = useState('');
  const [serverPaused, setServerPaused] = useState(false);
  // The newest state of what the callbacks need, without renewing the subscription.
  const current = useRef({ page, pageSize, input });
  useLayoutEffect(() => {
    current.current = { page, pageSize, input };
  });
  // The count is of what arrived while this page was shown: another page starts it anew.
  const [countedOn, setCountedOn] = useState(page);
  if (countedOn !== page) {
    setCountedOn(page);
    setWaitingIds(new Set());
  }

  const arrived = useCallback(
    (row: AuditRow) => {
      const { page: shown, pageSize: size, input: listInput } = current.current;
      if (shown !== 1) {
        setWaitingIds((ids) => new Set(ids).add(row.id));
        return;
      }
      const list = utils.audit.list.getData(listInput);
      if (!list) return;
      const known = list.rows.some((candidate) => candidate.id === row.id);
      const rows = known
        ? list.rows.map((candidate) => (candidate.id === row.id ? row : candidate))
        : [row, ...list.rows].slice(0, size);
      utils.audit.list.setData(listInput, { ...list, rows, total: list.total + (known ? 0 : 1) });
      if (known) return;
      setFresh((ids) => new Set(ids).add(row.id));
      setAnnouncement(`Neuer Eintrag: ${auditSentenceText(auditSentence(row))}`);
    },
    [utils],
  );

  const subscription = trpc.live.audit.useSubscription(filter, {
    onData(event) {
      if ('kind' in event) {
        setServerPaused(!event.live);
        return;
      }
      arrived(event.data.row);
    },
  });

  const seen = useCallback(() => setWaitingIds(new Set()), []);
  return {
    // Connecting again (a lost connection, a restarted BFF) or ended by an error (too many streams).
    paused: serverPaused || subscription.status === 'connecting' || subscription.status === 'error',
    fresh,
    waiting: waitingIds.size,
    announcement,
    seen,
  };
}
