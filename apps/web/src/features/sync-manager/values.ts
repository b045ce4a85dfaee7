/** What the sync manager's two forms hold, and how a kept draft is recognised. */
import type { Platform } from '@nova/domain';

export interface ObjectValues {
  plattform: Platform | '';
  externalId: string;
  description: string;
}

export interface GroupValues {
  name: string;
  keycloakName: string;
  /** Ids of the checked sync objects, as the checkbox values (text). */
  members: string[];
}

const isText = (value: unknown): value is string => typeof value === 'string';
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

export function isObjectValues(values: unknown): values is ObjectValues {
  return (
    isRecord(values) && isText(values.plattform) && isText(values.externalId) && isText(values.description)
  );
}

export function isGroupValues(values: unknown): values is GroupValues {
  return (
    isRecord(values) &&
    isText(values.name) &&
    isText(values.keycloakName) &&
    Array.isArray(values.members) &&
    values.members.every(isText)
  );
}
