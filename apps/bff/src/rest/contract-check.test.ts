import { describe, expect, it } from 'vitest';
import { breakingChanges, contractViolations } from './contract-check';

/** A small document: one list with a query parameter, one update with a body and a row as answer. */
function base() {
  return {
    openapi: '3.1.0',
    info: { title: 'T', version: '1.0.0' },
    paths: {
      '/rows': {
        get: {
          parameters: [
            { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } },
          ],
          responses: {
            '200': {
              description: 'ok',
              content: {
                'application/json': {
                  schema: {
                    type: 'array',
                    items: {
                      type: 'object',
                      properties: {
                        id: { type: 'integer' },
                        name: { type: 'string' },
                        kind: { type: 'string', enum: ['a', 'b'] },
                      },
                      required: ['id', 'name'],
                    },
                  },
                },
              },
            },
          },
        },
      },
      '/rows/{id}': {
        put: {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    name: { type: 'string', maxLength: 200 },
                    kind: { type: 'string', enum: ['a', 'b'] },
                  },
                  required: ['name'],
                  additionalProperties: false,
                },
              },
            },
          },
          responses: { '200': { description: 'ok' }, '412': { description: 'stale' } },
        },
      },
    },
  };
}

type Doc = ReturnType<typeof base>;
const changed = (change: (doc: Doc) => void) => {
  const doc = base();
  change(doc);
  return doc;
};
const row = (doc: Doc) => doc.paths['/rows'].get.responses['200'].content['application/json'].schema.items;
const body = (doc: Doc) => doc.paths['/rows/{id}'].put.requestBody.content['application/json'].schema;

describe('contract check', () => {
  it('passes an unchanged document', () => {
    expect(breakingChanges(base(), base())).toEqual([]);
  });

  it('passes additions: a new path, a new optional body field, a new answer field, a wider request type', () => {
    const after = changed((doc) => {
      (doc.paths as Record<string, unknown>)['/other'] = {
        get: { responses: { '200': { description: 'ok' } } },
      };
      (body(doc).properties as Record<string, unknown>).note = { type: 'string' };
      (row(doc).properties as Record<string, unknown>).note = { type: 'string' };
      (body(doc).properties.name as Record<string, unknown>).type = ['string', 'null'];
      body(doc).properties.kind.enum = ['a', 'b', 'c'];
      body(doc).properties.name.maxLength = 300;
    });
    expect(breakingChanges(base(), after)).toEqual([]);
  });

  it('finds a removed path and a removed method', () => {
    const after = changed((doc) => {
      delete (doc.paths as Partial<Doc['paths']>)['/rows'];
    });
    expect(breakingChanges(base(), after)).toEqual(['GET /rows: removed']);
  });

  it('finds a field removed from an answer, and one no longer always present', () => {
    const after = changed((doc) => {
      delete (row(doc).properties as Partial<ReturnType<typeof row>['properties']>).name;
      row(doc).required = ['id'];
    });
    expect(breakingChanges(base(), after)).toEqual([
      'GET /rows answer 200[].name: no longer always present',
      'GET /rows answer 200[].name: removed',
    ]);
  });

  it('finds narrowed request types, fewer enum values, tighter bounds and new required fields', () => {
    const after = changed((doc) => {
      (body(doc).properties.name as Record<string, unknown>).type = 'integer';
      body(doc).properties.kind.enum = ['a'];
      body(doc).properties.name.maxLength = 100;
      body(doc).required = ['name', 'kind'];
      doc.paths['/rows'].get.parameters[0]!.schema.minimum = 5;
    });
    expect(breakingChanges(base(), after).sort()).toEqual(
      [
        'PUT /rows/{id} body.name: accepts no string any more',
        'PUT /rows/{id} body.kind: accepts fewer values',
        'PUT /rows/{id} body.name: maxLength lowered',
        'PUT /rows/{id} body.kind: newly required',
        'GET /rows parameter query page: minimum raised',
      ].sort(),
    );
  });

  it('finds an answer field that may now hold a type or value a client does not expect', () => {
    const after = changed((doc) => {
      (row(doc).properties.id as Record<string, unknown>).type = ['integer', 'null'];
      row(doc).properties.kind.enum = ['a', 'b', 'c'];
    });
    expect(breakingChanges(base(), after)).toEqual([
      'GET /rows answer 200[].id: may now be null',
      'GET /rows answer 200[].kind: may hold new values',
    ]);
  });

  it('finds a new required parameter and a removed success answer', () => {
    const after = changed((doc) => {
      doc.paths['/rows'].get.parameters[0]!.required = true;
      delete (doc.paths['/rows/{id}'].put.responses as Partial<Record<string, unknown>>)['200'];
    });
    expect(breakingChanges(base(), after)).toEqual([
      'GET /rows parameter query page: newly required',
      'PUT /rows/{id}: answer 200 removed',
    ]);
  });

  it('lets a breaking change through once the major version went up', () => {
    const after = changed((doc) => {
      delete (doc.paths as Partial<Doc['paths']>)['/rows'];
    });
    expect(contractViolations(base(), after)).toEqual(['GET /rows: removed']);
    after.info.version = '1.1.0';
    expect(contractViolations(base(), after)).toEqual(['GET /rows: removed']);
    after.info.version = '2.0.0';
    expect(contractViolations(base(), after)).toEqual([]);
  });
});
