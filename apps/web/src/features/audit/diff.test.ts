import { describe, expect, it } from 'vitest';
import { diffFields } from './diff';

describe('diffFields', () => {
  it('lists every field and marks the changed ones', () => {
    expect(diffFields({ id: 5, name: 'Mord', points: 6 }, { id: 5, name: 'Mord', points: 4 })).toEqual([
      { field: 'id', before: '5', after: '5', changed: false },
      { field: 'name', before: 'Mord', after: 'Mord', changed: false },
      { field: 'points', before: '6', after: '4', changed: true },
    ]);
  });

  it('shows created and removed records against nothing', () => {
    expect(diffFields(null, { name: 'Neu' })).toEqual([
      { field: 'name', before: '–', after: 'Neu', changed: true },
    ]);
    expect(diffFields({ name: 'Alt' }, null)).toEqual([
      { field: 'name', before: 'Alt', after: '–', changed: true },
    ]);
    expect(diffFields(null, null)).toEqual([]);
  });
});
