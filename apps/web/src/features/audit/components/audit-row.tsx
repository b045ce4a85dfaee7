/**
 * One record of the audit log as a sentence (decision 062): what happened to which target (a link to
 * its editor), the changed fields in the row itself, the full before/after only on request and only
 * where the record has fields. Below 768 px the row is a stacked card.
 */
import {
  AUDIT_OUTCOMES,
  auditActionWords,
  auditChangeSummary,
  auditDetailText,
  auditFieldChanges,
  auditForgottenPerson,
  auditRecordHref,
  auditSentence,
  auditSentenceText,
  auditUndoable,
  ROLES,
  type AuditFieldChange,
} from '@nova/domain';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { hasRole, useSession } from '../../../lib/session';
import type { RouterOutputs } from '../../../lib/trpc';
import { HoldAction } from './hold-action';
import { UndoAction } from './undo-action';
import type { UndoneKind } from './undo-state';

export type AuditRow = RouterOutputs['audit']['list']['rows'][number];

/** How the call came (decision 053). */
const CALL_KIND: Record<NonNullable<AuditRow['callKind']>, string> = {
  session: 'Browser-Sitzung',
  'person-token': 'Token einer Person',
  machine: 'Maschinen-Client',
};

const dateTime = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'medium' });

const cell = 'block py-1 md:table-cell md:py-2 md:pr-3 md:align-top';
const muted = 'text-xs text-slate-600 dark:text-slate-400';

/** The column name, shown in front of a value only while the row is a card. */
function CardLabel({ children }: { children: ReactNode }) {
  return (
    <span data-card-label className="font-medium text-slate-600 md:hidden dark:text-slate-400">
      {children}:{' '}
    </span>
  );
}

function Sentence({ row }: { row: AuditRow }) {
  const sentence = auditSentence(row);
  const name = sentence.name === null ? null : `„${sentence.name}“`;
  return (
    <span className="font-medium">
      {sentence.lead}{' '}
      {name && sentence.href ? (
        <Link to={sentence.href} className="underline">
          {name}
        </Link>
      ) : (
        name
      )}
      {sentence.separator}
      {sentence.undone ? (
        <>
          {` ${sentence.undone.before}`}
          {/* The change an undo took back: a link to that record (and it links back, OutcomeCell). */}
          <Link to={auditRecordHref(sentence.undone.recordId)} className="underline">
            {sentence.undone.text}
          </Link>
          {` ${sentence.undone.after}`}
        </>
      ) : (
        sentence.tail && ` ${sentence.tail}`
      )}
    </span>
  );
}

/**
 * Before and after of every field. Words wrap whole (a long address breaks only where it must);
 * below 640 px each field is a small card of label, "Vorher" and "Nachher", so no column is
 * squeezed to a few letters (explicit roles keep the table for screen readers either way).
 */
function FieldTable({ changes }: { changes: AuditFieldChange[] }) {
  const value = 'block py-0.5 break-words sm:table-cell sm:py-1 sm:pr-4';
  return (
    <table role="table" className="block w-full text-sm sm:table">
      <caption className="sr-only">Vorher und nachher</caption>
      <thead role="rowgroup" className="sr-only sm:not-sr-only sm:table-header-group">
        <tr role="row" className="text-left text-slate-600 dark:text-slate-400">
          <th role="columnheader" scope="col" className="py-1 pr-4 font-medium">
            Feld
          </th>
          <th role="columnheader" scope="col" className="py-1 pr-4 font-medium">
            Vorher
          </th>
          <th role="columnheader" scope="col" className="py-1 font-medium">
            Nachher
          </th>
        </tr>
      </thead>
      <tbody role="rowgroup" className="block sm:table-row-group">
        {changes.map((change) => (
          <tr
            role="row"
            key={change.field}
            className={`block border-t border-slate-200 py-1 sm:table-row sm:border-0 sm:py-0 dark:border-slate-700 ${change.changed ? 'bg-amber-50 dark:bg-amber-950/40' : ''}`}
          >
            <th
              role="rowheader"
              scope="row"
              className="block py-0.5 text-left font-medium sm:table-cell sm:py-1 sm:pr-4 sm:font-normal"
            >
              {change.label}
              {change.changed && <span className="sr-only"> (geändert)</span>}
            </th>
            <td role="cell" className={value}>
              <span className="text-slate-600 sm:hidden dark:text-slate-400">Vorher: </span>
              {change.before}
            </td>
            <td role="cell" className={value}>
              <span className="text-slate-600 sm:hidden dark:text-slate-400">Nachher: </span>
              {change.after}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function AuditRowView({
  row,
  fresh = false,
  onUndone,
  resumeUndo = false,
  onUndoResumed,
  undoStepUpReturnTo,
}: {
  row: AuditRow;
  /** Arrived live while the page was open (decision 106): marked "Neu". */
  fresh?: boolean;
  /** Called with the success message after "Rückgängig machen". */
  onUndone?: (text: string) => void;
  /** Back from the step-up sign-in for this row's undo: its question opens again. */
  resumeUndo?: boolean;
  onUndoResumed?: () => void;
  /** Where the undo's step-up returns to, when not this page (an editor's Verlauf). */
  undoStepUpReturnTo?: string;
}) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const session = useSession();
  // Legal holds are the privacy officer's (decision 100, role web:admin:privacy).
  const mayHold = session.status === 'ready' && hasRole(session.me, ROLES.privacy);
  const changes = auditFieldChanges(row);
  // An update shows what changed in the row; a create or delete has its fields behind the button.
  const summary = row.before != null && row.after != null ? auditChangeSummary(changes) : '';
  const access = [row.callKind && CALL_KIND[row.callKind], row.clientIp && `IP ${row.clientIp}`]
    .filter(Boolean)
    .join(' · ');
  return (
    <>
      <tr
        data-fresh={fresh || undefined}
        className={`block border-t border-slate-200 py-2 md:table-row md:py-0 dark:border-slate-700 ${fresh ? 'bg-brand-50 dark:bg-brand-950/40' : ''}`}
      >
        <td className={cell}>
          <CardLabel>Zeitpunkt</CardLabel>
          <time dateTime={row.at}>{dateTime.format(new Date(row.at))}</time>
          {fresh && (
            <span className="ml-2">
              <Badge tone="brand">Neu</Badge>
            </span>
          )}
        </td>
        <td className={cell}>
          <CardLabel>Person</CardLabel>
          <PersonName row={row} />
          {access && <span className={`block ${muted}`}>{access}</span>}
        </td>
        <td className={`${cell} [overflow-wrap:anywhere] md:w-1/2`}>
          <Sentence row={row} />
          {summary && <span className="block break-words text-sm">{summary}</span>}
        </td>
        <OutcomeCell row={row} />
        <td className={`${cell} md:text-right`}>
          <span className="flex flex-wrap gap-2 md:justify-end">
            {changes.length > 0 && (
              <Button
                variant="ghost"
                aria-expanded={open}
                aria-controls={open ? detailsId : undefined}
                onClick={() => setOpen(!open)}
              >
                {open ? 'Änderungen ausblenden' : 'Änderungen anzeigen'}
              </Button>
            )}
            {onUndone && mayHold && holdable(row) && (
              <HoldAction
                recordId={row.id}
                sentence={auditSentenceText(auditSentence(row))}
                onDone={onUndone}
              />
            )}
            {onUndone && auditUndoable(row) && (
              <UndoAction
                recordId={row.id}
                sentence={auditSentenceText(auditSentence(row))}
                kind={undoneKind(row.action)}
                targetName={auditSentence(row).name}
                targetId={row.targetId}
                onDone={onUndone}
                resumed={resumeUndo}
                onResumed={onUndoResumed}
                stepUpReturnTo={undoStepUpReturnTo}
              />
            )}
          </span>
        </td>
      </tr>
      {open && (
        <tr id={detailsId} className="block md:table-row">
          <td colSpan={5} className="block pb-3 md:table-cell">
            <FieldTable changes={changes} />
          </td>
        </tr>
      )}
    </>
  );
}

/** What an undoable record's change did (auditUndoable holds only creates, updates and deletes). */
function undoneKind(action: string): UndoneKind {
  const kind = auditActionWords(action)?.kind;
  return kind === 'create' || kind === 'remove' ? kind : 'update';
}

/** A record with a person that is not forgotten can be kept (decision 100). */
const holdable = (row: AuditRow) =>
  (row.actorPerson !== null && !row.actorErased) || (row.targetPerson !== null && row.targetId !== null);

/**
 * Who acted (decision 099): the in-game name, the login name beside it for staff; a forgotten person
 * by number only.
 */
function PersonName({ row }: { row: AuditRow }) {
  if (row.actorErased && row.actorPerson !== null)
    return <span className="italic">{auditForgottenPerson(row.actorPerson)}</span>;
  const name = row.actorDisplayName ?? row.actorName;
  if (!name) return <>–</>;
  return (
    <span title={row.actorId ? `Subjekt ${row.actorId}` : undefined}>
      {name}
      {row.actorDisplayName && row.actorName && row.actorName !== row.actorDisplayName && (
        <span className={`block ${muted}`}>Anmeldename: {row.actorName}</span>
      )}
    </span>
  );
}

/** "Ergebnis": the outcome with its HTTP status, the detail, and the undo that took it back. */
function OutcomeCell({ row }: { row: AuditRow }) {
  const detail = auditDetailText(row.detail);
  return (
    <td className={cell}>
      <CardLabel>Ergebnis</CardLabel>
      {AUDIT_OUTCOMES[row.outcome]}
      {row.status !== null && ` (HTTP ${row.status})`}
      {detail && <span className={`block ${muted}`}>{detail}</span>}
      {row.undoneBy && (
        <span className={`block font-medium ${muted}`}>
          <Link to={auditRecordHref(row.undoneBy)} className="underline">
            Rückgängig gemacht (Nr. {row.undoneBy})
          </Link>
        </span>
      )}
    </td>
  );
}
