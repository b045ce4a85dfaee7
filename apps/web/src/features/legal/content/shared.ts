/** Helpers shared by the legal documents. The operator details always come from configuration. */
import type { Operator } from '@nova/contracts';
import type { LegalBlock } from './types';

/** Date of the last revision of all legal texts. */
export const LEGAL_UPDATED = '22.11.2026';

function present(value: string | null | undefined): value is string {
  return value != null && value.trim() !== '';
}

/** Postal address lines headed by the given name (the operator's name by default). */
export function addressLines(operator: Operator, name: string = operator.name): string[] {
  const cityLine = [operator.postalCode, operator.city].filter(present).join(' ');
  return [name, operator.street, cityLine, operator.country].filter(present);
}

/** The address on one line, e.g. for use inside a sentence. */
export function addressInline(operator: Operator): string {
  return addressLines(operator).join(', ');
}

/** Contact lines: email always, phone only when configured. */
export function contactLines(operator: Operator): string[] {
  const lines = [`E-Mail: ${operator.email}`];
  if (present(operator.phone)) lines.push(`Telefon: ${operator.phone}`);
  return lines;
}

export function p(text: string): LegalBlock {
  return { kind: 'p', text };
}

export function list(...items: string[]): LegalBlock {
  return { kind: 'list', items };
}

export function address(lines: string[]): LegalBlock {
  return { kind: 'address', lines };
}
