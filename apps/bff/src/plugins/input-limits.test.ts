import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { dependencyErrors } from './dependencies';
import { inputLimits, nestedDeeperThan } from './input-limits';

describe('nestedDeeperThan', () => {
  it('counts containers outside strings, escaped quotes included', () => {
    expect(nestedDeeperThan('[[{"a":[1]}]]', 4)).toBe(false);
    expect(nestedDeeperThan('[[{"a":[[1]]}]]', 4)).toBe(true);
    expect(nestedDeeperThan('{"a":"[[[[[[\\"[[[[["}', 1)).toBe(false);
    expect(nestedDeeperThan('{"a":"\\\\"}', 1)).toBe(false);
    expect(nestedDeeperThan('{"a":"\\\\","b":[[1]]}', 2)).toBe(true);
  });
});

describe('JSON bodies of routes other than /trpc', () => {
  async function app() {
    const instance = Fastify({ logger: false });
    inputLimits(instance, { bodyBytes: 65_536, urlBytes: 8192, headerBytes: 16_384 });
    dependencyErrors(instance);
    instance.post('/echo', (request) => request.body);
    await instance.ready();
    return instance;
  }

  it('are checked for depth before they are parsed, and parsed as before otherwise', async () => {
    const instance = await app();
    const post = (payload: string) =>
      instance.inject({
        method: 'POST',
        url: '/echo',
        headers: { 'content-type': 'application/json' },
        payload,
      });
    const deep = await post(`${'['.repeat(33)}${']'.repeat(33)}`);
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toEqual({
      error: {
        message:
          'Die Anfrage ist zu tief verschachtelt und wurde nicht verarbeitet. Bitte lade die Seite neu und versuche es erneut.',
        code: -32600,
        data: { code: 'BAD_REQUEST', httpStatus: 400 },
      },
    });
    expect((await post('{"a":[1,{"b":2}]}')).json()).toEqual({ a: [1, { b: 2 }] });
    // Fastify's prototype-poisoning guard still applies.
    expect((await post('{"__proto__":{"admin":true}}')).statusCode).toBe(400);
    await instance.close();
  });
});
