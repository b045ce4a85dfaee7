/**
 * The conflict question of decision 046: the row changed (or went) since the dialog opened; what
 * changed, and the choice between "Neu laden" and writing anyway.
 */
import type { FieldValues } from 'react-hook-form';
import { AlertDialog } from '../ui/alert-dialog';
import { Button } from '../ui/button';
import { changedByText, differingFields } from './answers';
import type { Phase } from './use-write-form';
import type { WriteEditor } from './editor';

export function ConflictQuestion<Row extends { id: number }, V extends FieldValues, P>({
  phase,
  editor,
  base,
  mine,
  onReload,
  onForce,
  onClose,
  returnFocus,
}: {
  phase: Extract<Phase<Row>, { kind: 'conflict' }>;
  editor: WriteEditor<Row, V, P>;
  base: Row | null;
  mine: V;
  onReload: (current: Row) => void;
  onForce: (current: Row) => void;
  onClose: () => void;
  returnFocus: () => void;
}) {
  const { conflict, op } = phase;
  const current = conflict.current;
  if (!current) {
    return (
      <AlertDialog open title="Eintrag wurde inzwischen gelöscht" cancel="Schließen" onCancel={onClose}>
        <p>{changedByText(conflict, 'gelöscht')}</p>
        <p>
          {op === 'remove'
            ? 'Er muss nicht mehr gelöscht werden.'
            : 'Deine Änderung kann nicht mehr gespeichert werden.'}
        </p>
      </AlertDialog>
    );
  }
  const show = editor.show ?? defaultShow;
  const before = editor.valuesOf(base);
  const now = editor.valuesOf(current);
  const changed = differingFields(
    before,
    now,
    editor.fields.map((field) => field.name),
  );
  return (
    <AlertDialog
      open
      title="Eintrag wurde inzwischen geändert"
      cancel="Neu laden"
      onCancel={() => onReload(current)}
      returnFocus={returnFocus}
      actions={
        <Button variant="danger" onClick={() => onForce(current)}>
          {op === 'remove' ? 'Trotzdem löschen' : 'Trotzdem speichern'}
        </Button>
      }
    >
      <p>{changedByText(conflict, 'geändert')} Das war, nachdem du ihn geöffnet hast.</p>
      {changed.length > 0 ? (
        <ChangedFields
          withMine={op === 'save'}
          rows={changed.map((name) => ({
            name,
            label: editor.fields.find((field) => field.name === name)?.label ?? name,
            before: show(name, before),
            now: show(name, now),
            mine: op === 'save' ? show(name, mine) : '',
          }))}
        />
      ) : (
        <p>Die Felder dieses Formulars sind unverändert.</p>
      )}
      <p>
        „Neu laden“ übernimmt den gespeicherten Stand und behält deine Eingaben, wo sie nichts Gespeichertes
        überschreiben.{' '}
        {op === 'remove'
          ? '„Trotzdem löschen“ löscht den Eintrag mit dem neuen Stand.'
          : '„Trotzdem speichern“ überschreibt den gespeicherten Stand mit deiner Eingabe.'}
      </p>
    </AlertDialog>
  );
}

/**
 * The fields that changed since the dialog opened: then, now, and (saving) what I typed. Below
 * 640 px each field is a small card (its label, then each value on a line of its own, named by a
 * CSS label), so "Deine Eingabe" is never cut off; explicit roles keep the table for screen readers.
 */
function ChangedFields({
  rows,
  withMine,
}: {
  rows: { name: string; label: string; before: string; now: string; mine: string }[];
  withMine: boolean;
}) {
  const cell =
    'block py-0.5 break-words sm:table-cell sm:py-1 sm:pr-3 max-sm:before:font-normal max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)] dark:max-sm:before:text-slate-400';
  return (
    <table role="table" className="block w-full text-left text-sm sm:table">
      <caption className="sr-only">Was sich geändert hat</caption>
      <thead role="rowgroup" className="sr-only sm:not-sr-only sm:table-header-group">
        <tr role="row">
          <th role="columnheader" scope="col" className="py-1 pr-3">
            Feld
          </th>
          <th role="columnheader" scope="col" className="py-1 pr-3">
            Beim Öffnen
          </th>
          <th role="columnheader" scope="col" className="py-1 pr-3">
            Jetzt gespeichert
          </th>
          {withMine && (
            <th role="columnheader" scope="col" className="py-1">
              Deine Eingabe
            </th>
          )}
        </tr>
      </thead>
      <tbody role="rowgroup" className="block sm:table-row-group">
        {rows.map((row) => (
          <tr
            role="row"
            key={row.name}
            className="block border-t border-slate-200 py-1 sm:table-row sm:py-0 dark:border-slate-700"
          >
            <th
              role="rowheader"
              scope="row"
              className="block py-0.5 font-medium sm:table-cell sm:py-1 sm:pr-3"
            >
              {row.label}
            </th>
            <td role="cell" data-label="Beim Öffnen: " className={cell}>
              {row.before}
            </td>
            <td role="cell" data-label="Jetzt gespeichert: " className={cell}>
              {row.now}
            </td>
            {withMine && (
              <td role="cell" data-label="Deine Eingabe: " className={cell}>
                {row.mine}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function defaultShow(field: string, values: Record<string, unknown>): string {
  const value = values[field];
  if (value === undefined || value === null || value === '') return '–';
  if (Array.isArray(value)) return value.length === 0 ? '–' : value.join(', ');
  return typeof value === 'string' ? value : JSON.stringify(value);
}
