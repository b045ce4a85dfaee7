import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { cleanInput } from './input-hygiene';

function nestedArrays(depth: number): unknown {
  let value: unknown = 'x';
  for (let level = 0; level < depth; level++) value = [value];
  return value;
}

function errorOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return null;
}

describe('cleanInput', () => {
  it('reads 32 levels and refuses 33 with a German 400, however deep the input goes', () => {
    expect(cleanInput(nestedArrays(32))).toEqual(nestedArrays(32));
    for (const depth of [33, 100_000]) {
      const error = errorOf(() => cleanInput(nestedArrays(depth)));
      expect(error).toBeInstanceOf(TRPCError);
      expect(error).toMatchObject({
        code: 'BAD_REQUEST',
        message:
          'Die Anfrage ist zu tief verschachtelt und wurde nicht verarbeitet. Bitte lade die Seite neu und versuche es erneut.',
      });
    }
  });

  it('names the field of an unstorable text by its whole path', () => {
    const error = errorOf(() => cleanInput({ values: { list: [{ name: 'a' }, { name: 'b\u0000' }] } }));
    expect((error as TRPCError).cause).toMatchObject({
      issues: [
        {
          path: ['values', 'list', '1', 'name'],
          message: 'Enthält ein unzulässiges Zeichen (Steuer- oder Ersatzzeichen).',
        },
      ],
    });
  });

  it('normalises keys and values to NFC and keeps "__proto__" an ordinary key', () => {
    const cleaned = cleanInput(JSON.parse('{"Cafe\\u0301": ["Cafe\\u0301"], "__proto__": {"admin": true}}'));
    expect(Object.getPrototypeOf(cleaned)).toBe(Object.prototype);
    expect(Object.keys(cleaned as object)).toEqual(['Café', '__proto__']);
    expect((cleaned as Record<string, unknown>)['Café']).toEqual(['Café']);
  });
});
