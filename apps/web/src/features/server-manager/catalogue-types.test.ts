/**
 * Types end to end (decision 090): a catalogue dialog's rows and the body it sends carry the
 * catalogue's own field names, the same the BFF's procedures take, so a wrong field name does not
 * compile. `tsc` checks this file with the rest of the SPA (`pnpm typecheck`, in CI): an
 * `@ts-expect-error` line that compiles fails it. Vitest runs it too, where `expectTypeOf` checks
 * nothing at run time.
 */
import type { CatalogueItem } from '@nova/contracts';
import { describe, expectTypeOf, it } from 'vitest';
import type { RouterInputs } from '../../lib/trpc';
import type { OpenWriteDialog } from '../../lib/write-dialog';
import type { useCatalogueWrites } from './catalogue-api';
import type { CatalogueDialog } from './catalogue-dialog';
import type { CatalogueValues, FormValues } from './form-values';

type Calls<K extends 'wantedReasons' | 'serverRadios'> = ReturnType<typeof useCatalogueWrites<K>>;
type DialogProps<K extends 'wantedReasons'> = Parameters<typeof CatalogueDialog<K>>[0];

/** Never called: its lines are there for the compiler. */
function sends(
  wanted: Calls<'wantedReasons'>,
  radios: Calls<'serverRadios'>,
  row: CatalogueItem<'wantedReasons'>,
) {
  void wanted.create({
    values: { reason_name: 'Ruhestörung', points: 1, is_static: 0 },
    idempotencyKey: 'k',
  });
  // @ts-expect-error the wanted catalogue's field is `reason_name`
  void wanted.create({ values: { reason: 'Ruhestörung' }, idempotencyKey: 'k' });
  // @ts-expect-error a number field takes no text
  void wanted.update({ id: row.id, values: { points: '3' }, expected: row });
  // @ts-expect-error a radio station's fields are not the wanted catalogue's
  void radios.update({ id: row.id, values: { color: '#FF0055' }, expected: row });
}

describe('catalogue types', () => {
  it('a catalogue dialog sends its catalogue’s fields, as the BFF takes them', () => {
    expectTypeOf(sends).toBeFunction();
    expectTypeOf<CatalogueValues<'wantedReasons'>>().toEqualTypeOf<{
      reason_name?: string;
      points?: number;
      is_static?: number;
    }>();
    expectTypeOf<RouterInputs['catalogue']['wantedReasons']['create']['values']>().toEqualTypeOf<
      CatalogueValues<'wantedReasons'>
    >();
    expectTypeOf<CatalogueValues<'wantedReasons'>>().not.toHaveProperty('reason');
  });

  it('the dialog edits the catalogue’s own rows', () => {
    expectTypeOf<DialogProps<'wantedReasons'>['dialog']['open']>().toEqualTypeOf<OpenWriteDialog<
      CatalogueItem<'wantedReasons'>,
      FormValues
    > | null>();
    expectTypeOf<keyof CatalogueItem<'wantedReasons'>>().toEqualTypeOf<
      'id' | 'reason_name' | 'points' | 'is_static'
    >();
  });
});
