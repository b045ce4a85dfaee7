/** The keyword's stored names (migration 012) are the fields the viewer names targets by. */
import { auditNameFields } from '@nova/domain';
import { describe, expect, it } from 'vitest';
import { AUDIT_SEARCH_NAME_FIELDS } from './migrations';

describe('the audit log search text', () => {
  it('holds the name fields the viewer shows (a change needs a new migration)', () => {
    expect([...AUDIT_SEARCH_NAME_FIELDS]).toEqual(['name', 'reason_name', 'description', 'externalId']);
    expect([...auditNameFields()].sort()).toEqual([...AUDIT_SEARCH_NAME_FIELDS].sort());
  });
});
