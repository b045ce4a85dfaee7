/**
 * The search procedure's input and answer (decision 091), shared by the BFF and the SPA's palette.
 */
import { SEARCH_GROUP_KEYS, SEARCH_LIMITS } from '@nova/domain';
import { z } from 'zod';

export const SearchInput = z.strictObject({
  text: z
    .string()
    .trim()
    .min(1, 'Bitte gib einen Suchbegriff ein.')
    .max(SEARCH_LIMITS.textLength, `Bitte gib höchstens ${SEARCH_LIMITS.textLength} Zeichen ein.`),
});
export type SearchInput = z.infer<typeof SearchInput>;

export const SearchHit = z.object({
  /** Unique within its group. */
  id: z.string(),
  title: z.string(),
  /** A second line: the login name, the row's number, the time of an audit entry. */
  detail: z.string().nullable(),
  /** The page or editor the hit opens (an address of this site). */
  href: z.string(),
  /** When an audit entry was written (ISO 8601); the SPA shows it in the viewer's time zone. */
  at: z.string().nullable(),
});
export type SearchHit = z.infer<typeof SearchHit>;

export const SearchGroup = z.object({
  key: z.enum(SEARCH_GROUP_KEYS),
  label: z.string(),
  /** `failed`: this group could not be searched just now (the others still answer). */
  status: z.enum(['ok', 'failed']),
  hits: z.array(SearchHit),
  /** More hits than shown; `moreHref` lists them all where a page can. */
  more: z.boolean(),
  moreHref: z.string().nullable(),
});
export type SearchGroup = z.infer<typeof SearchGroup>;

export const SearchView = z.object({ groups: z.array(SearchGroup) });
export type SearchView = z.infer<typeof SearchView>;
