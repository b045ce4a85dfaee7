/**
 * The decisions index (docs/decisions/README.md) is what the records' headings and status lines
 * say, and the status lines agree with each other: a record that changes an earlier one is named in
 * the earlier one's status line, and the other way round.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { changedBy, disagreements, mentions, readDecisions, relations, withIndex } from './lib/decisions.mjs';

const DIR = fileURLToPath(new URL('../docs/decisions/', import.meta.url));

const record = (number, status) => ({
  number,
  file: `${number}-x.md`,
  title: `Title ${number}`,
  status,
  state: 'accepted',
  problems: [],
});

describe('the decision records', () => {
  it('agree with each other: every change is named on both sides', () => {
    expect(disagreements(readDecisions(DIR))).toEqual([]);
  });

  it('and the index in the README is the one they give (run `pnpm decisions:index`)', () => {
    const readme = readFileSync(`${DIR}README.md`, 'utf8');
    expect(withIndex(readme, readDecisions(DIR))).toBe(readme);
  });
});

describe('reading status lines', () => {
  it('a smaller number is a record this one changes, in the words of its clause', () => {
    expect(mentions('accepted (refines 003 (declarative router) and 036; issue 17)')).toEqual([
      { number: '003', verb: 'refines', partly: false },
      { number: '036', verb: 'refines', partly: false },
    ]);
    expect(mentions('accepted (replaces parts of 012 and 013)').map((m) => m.partly)).toEqual([true, true]);
  });

  it('numbers in quotes or code, and measures, are not records', () => {
    expect(mentions('accepted (issue 11: "a public page ≤ 100 KB"; `a/123.ts`)')).toEqual([]);
    expect(mentions('accepted (at most 500 ms and 130 KB; refines 002)').map((m) => m.number)).toEqual([
      '002',
    ]);
  });

  it('a change that the earlier record does not name back is a disagreement', () => {
    const records = [record('001', 'accepted'), record('002', 'accepted (amends 001)')];
    expect(disagreements(records)).toEqual([
      '001-x.md: its status line does not say it was amended by 002 (002-x.md says so)',
    ]);
    records[0].status = 'accepted; amended by 002';
    expect(disagreements(records)).toEqual([]);
  });

  it('a back-link that the later record does not confirm is a disagreement', () => {
    const records = [record('001', 'accepted; refined by 002'), record('002', 'accepted')];
    expect(disagreements(records)).toEqual([
      '002-x.md: its status line does not name 001, which says it was changed by 002 (name it with a verb: "refines 001")',
    ]);
  });

  it('a number without a record is a disagreement', () => {
    expect(disagreements([record('001', 'accepted; refined by 009')])).toEqual([
      '001-x.md: its status names 009, which has no record',
    ]);
  });

  it('the index groups the later records by what they did', () => {
    const records = [
      record('001', 'accepted'),
      record('002', 'accepted (refines 001)'),
      record('003', 'accepted (replaces the export of 001)'),
      record('004', 'accepted; refines 001'),
    ];
    expect(changedBy('001', relations(records).changes)).toBe('refined by 002, 004; partly replaced by 003');
    expect(changedBy('002', relations(records).changes)).toBe('–');
  });
});
