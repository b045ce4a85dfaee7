import type { SearchGroup, SearchHit } from '@nova/contracts';
import { SEARCH_LIMITS } from '@nova/domain';
import { keepPreviousData } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Dialog } from '../../components/ui/dialog';
import { trpc } from '../../lib/trpc';

const dateTime = new Intl.DateTimeFormat('de-DE', { dateStyle: 'short', timeStyle: 'short' });

/** The text as typed, settled: a search goes out when typing pauses, not per keystroke. */
function useSettled(text: string, delayMs = 150): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const id = window.setTimeout(() => setSettled(text), delayMs);
    return () => window.clearTimeout(id);
  }, [text, delayMs]);
  return settled;
}

const item =
  'flex cursor-pointer flex-col gap-0.5 rounded-md px-3 py-2 text-sm data-[disabled=true]:cursor-default data-[selected=true]:bg-brand-100 data-[selected=true]:text-brand-900 dark:data-[selected=true]:bg-brand-900/60 dark:data-[selected=true]:text-brand-50';

const hitValue = (hit: SearchHit) => `${hit.href}#${hit.id}`;

/** The first row that can be chosen: active whenever the results change, as the arrows expect. */
function firstChoice(groups: readonly SearchGroup[] | null): string {
  const group = groups?.find((candidate) => candidate.status === 'ok' && candidate.hits.length > 0);
  return group?.hits[0] ? hitValue(group.hits[0]) : '';
}

function Hit({ hit, onSelect }: { hit: SearchHit; onSelect: () => void }) {
  const detail = [hit.detail, hit.at ? dateTime.format(new Date(hit.at)) : null].filter(Boolean).join(' · ');
  return (
    <Command.Item value={hitValue(hit)} onSelect={onSelect} className={item}>
      <span className="font-medium">{hit.title}</span>
      {detail && <span className="text-xs text-slate-600 dark:text-slate-300">{detail}</span>}
    </Command.Item>
  );
}

/** What the list says in words: the states, and the count for screen readers. */
function statusOf(
  query: { isError: boolean; isFetching: boolean },
  text: string,
  groups: SearchGroup[] | null,
) {
  if (!text) return 'Tippe einen Namen, eine Nummer oder ein Stichwort.';
  if (query.isError) return 'Die Suche ist gerade nicht möglich. Bitte versuche es gleich noch einmal.';
  if (!groups) return 'Wird gesucht...';
  const count = groups.reduce((sum, group) => sum + group.hits.length, 0);
  if (count === 0 && groups.every((group) => group.status === 'ok')) return `Keine Treffer für „${text}“.`;
  return count === 1 ? '1 Treffer' : `${count} Treffer`;
}

/**
 * The search palette (decision 091): a combobox with its listbox (cmdk), results grouped under
 * headings, arrows move, Enter opens the page or editor, Escape closes; the focus then goes back
 * to where it was (the opener's `returnFocus`).
 */
export function SearchPalette({
  open,
  onClose,
  returnFocus,
}: {
  open: boolean;
  onClose: () => void;
  returnFocus: () => void;
}) {
  const [text, setText] = useState('');
  const settled = useSettled(text.trim());
  const navigate = useNavigate();
  const query = trpc.search.query.useQuery(
    { text: settled },
    {
      enabled: open && settled.length > 0,
      placeholderData: keepPreviousData,
      staleTime: 10_000,
      retry: false,
    },
  );
  const groups = settled && query.data ? query.data.groups : null;
  const status = statusOf(query, settled, groups);
  // cmdk keeps the row it had chosen when the results are replaced (an earlier text's answer): the
  // new results' first row becomes the active one instead; a choice made with the arrows holds
  // while the results begin with the same row.
  const first = firstChoice(groups);
  const [choice, setChoice] = useState<{ among: string; value: string } | null>(null);
  const active = choice?.among === first ? choice.value : first;
  const go = (href: string) => {
    onClose();
    void navigate(href);
  };
  return (
    <Dialog open={open} onClose={onClose} title="Suche" returnFocus={returnFocus}>
      <Command
        shouldFilter={false}
        loop
        label="Suche im Control Panel"
        value={active}
        onValueChange={(value) => setChoice({ among: first, value })}
      >
        {/* The field, not the dialog's close button, takes the focus when the palette opens. */}
        <Command.Input
          autoFocus
          value={text}
          onValueChange={setText}
          maxLength={SEARCH_LIMITS.textLength}
          placeholder="Spieler, Katalogeintrag, Sync Gruppe, Änderung …"
          className="h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400"
        />
        <p role="status" className="mt-3 text-sm text-slate-600 dark:text-slate-300">
          {status}
          {query.isFetching && groups ? ' Wird aktualisiert...' : ''}
        </p>
        <Command.List label="Treffer" className="mt-2 max-h-[60dvh] overflow-y-auto">
          {groups?.map((group) =>
            group.hits.length === 0 && group.status === 'ok' ? null : (
              <Command.Group
                key={group.key}
                heading={group.label}
                className="mb-2 [&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:py-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:uppercase [&_[cmdk-group-heading]]:tracking-wider [&_[cmdk-group-heading]]:text-slate-600 dark:[&_[cmdk-group-heading]]:text-slate-400"
              >
                {group.status === 'failed' ? (
                  <Command.Item disabled value={`${group.key}#fehler`} className={item}>
                    {`${group.label}: gerade nicht durchsuchbar. Bitte versuche es gleich noch einmal.`}
                  </Command.Item>
                ) : (
                  group.hits.map((hit) => <Hit key={hit.id} hit={hit} onSelect={() => go(hit.href)} />)
                )}
                {group.more && group.moreHref && (
                  <Command.Item
                    value={`${group.moreHref}#alle`}
                    onSelect={() => go(group.moreHref ?? '')}
                    className={`${item} text-brand-700 dark:text-brand-300`}
                  >
                    {`Alle Treffer in „${group.label}“ anzeigen`}
                  </Command.Item>
                )}
              </Command.Group>
            ),
          )}
        </Command.List>
      </Command>
    </Dialog>
  );
}
