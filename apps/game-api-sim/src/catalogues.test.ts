/** Create/update/delete round trips of the catalogues and the shape of validation errors. */
import { catalogues, ValidationErrorBody, type CatalogueInput, type CatalogueName } from '@nova/contracts';
import { CATALOGUE_SAMPLES } from '@nova/contracts/samples';
import { describe, expect, it } from 'vitest';
import { call, createTestSim } from './test-support';

/** A change of each catalogue's sample (the samples: `@nova/contracts/samples`). */
const changes: { [K in CatalogueName]: Partial<CatalogueInput<K>> } = {
  achievements: { exp: 300 },
  vehicleTypes: { vehvalue: 26000 },
  serverSkins: { description: 'Kellnerin (Casino)', category: 3 },
  serverRadios: { color: '#00FF55' },
  wantedReasons: { points: 3, is_static: 1 },
};

const names = Object.keys(catalogues) as CatalogueName[];

describe('catalogues', () => {
  for (const name of names) {
    const { path, item } = catalogues[name];
    const create = CATALOGUE_SAMPLES[name];
    const change = changes[name];

    it(`${path}: create, read, update, list and delete round trip`, async () => {
      const app = createTestSim();
      const before = (await call(app, 'GET', path, { token: 'admin' })).json as { id: number }[];
      const maxId = Math.max(...before.map((row) => row.id));

      const created = await call(app, 'POST', path, { token: 'admin', body: create });
      expect(created.status).toBe(201);
      const record = item.parse(created.json);
      expect(record).toEqual({ ...create, id: maxId + 1 });

      expect((await call(app, 'GET', `${path}/${record.id}`, { token: 'spieler' })).json).toEqual(record);

      const updated = await call(app, 'PUT', `${path}/${record.id}`, {
        token: 'admin',
        body: { ...create, ...change, id: record.id },
      });
      expect(updated.status).toBe(200);
      expect(updated.json).toEqual({ ...create, ...change, id: record.id });
      expect((await call(app, 'GET', `${path}/${record.id}`, { token: 'spieler' })).json).toEqual(
        updated.json,
      );
      const list = (await call(app, 'GET', path, { token: 'spieler' })).json as unknown[];
      expect(list).toHaveLength(before.length + 1);
      expect(list).toContainEqual(updated.json);

      const deleted = await call(app, 'DELETE', `${path}/${record.id}`, { token: 'admin' });
      expect(deleted.status).toBe(204);
      expect(deleted.json).toBeUndefined();
      expect((await call(app, 'GET', `${path}/${record.id}`, { token: 'spieler' })).status).toBe(404);
      expect((await call(app, 'DELETE', `${path}/${record.id}`, { token: 'admin' })).status).toBe(404);
      expect((await call(app, 'PUT', `${path}/${record.id}`, { token: 'admin', body: create })).status).toBe(
        404,
      );
    });

    it(`${path}: answers 400 with a German message for every missing field`, async () => {
      const app = createTestSim();
      const res = await call(app, 'POST', path, { token: 'admin', body: {} });
      expect(res.status).toBe(400);
      const { validationErrors } = ValidationErrorBody.parse(res.json);
      const defaulted = name === 'serverSkins' ? ['job', 'faction', 'gang', 'expiration', 'description'] : [];
      expect(Object.keys(validationErrors).sort()).toEqual(
        Object.keys(create)
          .filter((key) => !defaulted.includes(key))
          .sort(),
      );
      expect(new Set(Object.values(validationErrors))).toEqual(new Set(['Pflichtfeld']));
    });

    it(`${path}: keeps ids unique after a delete (no reuse of the highest id)`, async () => {
      const app = createTestSim();
      const first = item.parse((await call(app, 'POST', path, { token: 'admin', body: create })).json);
      await call(app, 'DELETE', `${path}/${first.id}`, { token: 'admin' });
      const second = item.parse((await call(app, 'POST', path, { token: 'admin', body: create })).json);
      expect(second.id).toBe(first.id + 1);
    });
  }

  it('names wrong types per field', async () => {
    const app = createTestSim();
    const res = await call(app, 'POST', 'wanted-reasons', {
      token: 'admin',
      body: { reason_name: 12, points: '3', is_static: 2 },
    });
    expect(res).toMatchObject({
      status: 400,
      json: {
        validationErrors: {
          reason_name: 'Muss ein Text sein',
          points: 'Muss eine Zahl sein',
          is_static: 'Bitte wähle einen Wert aus der Liste',
        },
      },
    });
    const fraction = await call(app, 'POST', 'wanted-reasons', {
      token: 'admin',
      body: { reason_name: 'Mord', points: 2.5, is_static: 1 },
    });
    expect(fraction.json).toEqual({ validationErrors: { points: 'Muss eine ganze Zahl sein' } });
    const category = await call(app, 'PUT', 'management/server-skins/1', {
      token: 'admin',
      body: { ...CATALOGUE_SAMPLES.serverSkins, category: 7 },
    });
    expect(category.json).toEqual({ validationErrors: { category: 'Bitte wähle einen Wert aus der Liste' } });
  });

  it('answers 400, not a crash, for bodies that are not a JSON object', async () => {
    const app = createTestSim();
    const raw = [
      { payload: '{"reason_name": ', contentType: 'application/json' },
      { payload: '', contentType: 'application/json' },
      { payload: 'reason_name=Mord', contentType: 'application/x-www-form-urlencoded' },
      { payload: 'Mord', contentType: 'text/plain' },
      { payload: '[1, 2]', contentType: 'application/json' },
      { payload: 'null', contentType: 'application/json' },
    ];
    for (const body of raw) {
      const res = await call(app, 'POST', 'wanted-reasons', { token: 'admin', raw: body });
      expect(res.status, body.payload).toBe(400);
      expect(Object.keys(ValidationErrorBody.parse(res.json).validationErrors), body.payload).toEqual([
        'body',
      ]);
    }
    const none = await app.inject({
      method: 'POST',
      url: '/wanted-reasons',
      headers: { authorization: 'Bearer admin' },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ validationErrors: { body: 'Pflichtfeld' } });
  });

  it('refuses a name another row holds (any case), but lets a row keep its own', async () => {
    const app = createTestSim();
    const body = { name: 'Nachtschwärmer', url: 'https://radio.example.org/nacht.mp3', color: '#112233' };
    const first = catalogues.serverRadios.item.parse(
      (await call(app, 'POST', 'management/server-radios', { token: 'admin', body })).json,
    );
    const duplicate = await call(app, 'POST', 'management/server-radios', {
      token: 'admin',
      body: { ...body, name: ' NACHTSCHWÄRMER ' },
    });
    expect(duplicate).toMatchObject({
      status: 400,
      json: { validationErrors: { name: 'Dieser Wert ist bereits vergeben' } },
    });
    const own = await call(app, 'PUT', `management/server-radios/${first.id}`, {
      token: 'admin',
      body: { ...body, color: '#445566' },
    });
    expect(own.status).toBe(200);
    const list = (await call(app, 'GET', 'management/server-radios', { token: 'admin' })).json as {
      id: number;
      name: string;
    }[];
    const other = list.find((row) => row.id !== first.id);
    const taken = await call(app, 'PUT', `management/server-radios/${String(other?.id)}`, {
      token: 'admin',
      body,
    });
    expect(taken.json).toEqual({ validationErrors: { name: 'Dieser Wert ist bereits vergeben' } });
  });

  it('applies the spec defaults to a server skin created without them (specification §9.8)', async () => {
    const app = createTestSim();
    const omitted = ['job', 'faction', 'gang', 'expiration', 'description'];
    const rest = Object.fromEntries(
      Object.entries(CATALOGUE_SAMPLES.serverSkins).filter(([key]) => !omitted.includes(key)),
    );
    const res = await call(app, 'POST', 'management/server-skins', { token: 'admin', body: rest });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      job: -1,
      faction: -1,
      gang: -1,
      expiration: 10,
      description: 'Unknown',
    });
  });

  it('accepts a PUT body whose id matches the path and refuses one that does not', async () => {
    const app = createTestSim();
    const body = { reason_name: 'Mord', points: 6, is_static: 1 };
    expect(
      (await call(app, 'PUT', 'wanted-reasons/14', { token: 'admin', body: { ...body, id: 14 } })).status,
    ).toBe(200);
    expect((await call(app, 'PUT', 'wanted-reasons/14', { token: 'admin', body })).status).toBe(200);
    const mismatch = await call(app, 'PUT', 'wanted-reasons/14', {
      token: 'admin',
      body: { ...body, id: 15 },
    });
    expect(mismatch).toMatchObject({
      status: 400,
      json: { validationErrors: { id: 'Muss mit der ID im Pfad übereinstimmen' } },
    });
  });

  it('answers 404 for ids that are unknown or not numbers', async () => {
    const app = createTestSim();
    for (const id of ['999', 'abc', '-1', '1.5', '0x1']) {
      const res = await call(app, 'GET', `achievements/${id}`, { token: 'spieler' });
      expect(res, id).toMatchObject({ status: 404, json: { error: 'Nicht gefunden' } });
    }
  });
});
