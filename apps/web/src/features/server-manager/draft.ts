import type { CatalogueKey } from '@nova/domain';
import type { CatalogueRow } from './catalogue-api';
import type { FormValues } from './form-values';

export type FormMode = { kind: 'create' } | { kind: 'edit'; row: CatalogueRow };

/** What survives a trip through the sign-in: the open form and what was typed. */
export interface CatalogueDraft {
  mode: FormMode;
  values: FormValues;
  /** Back from the re-authentication a delete asked for: the confirmation is open again. */
  confirmRemove?: boolean;
}

export const draftScope = (key: CatalogueKey) => `catalogue:${key}`;

export type Outcome = 'created' | 'updated' | 'removed';
