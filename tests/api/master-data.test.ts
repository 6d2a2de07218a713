import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { importPlaces, shippedPlaces } from '../../server/db/seed/locations';
import { startTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('master data', () => {
  it('lists the 18 provinces of Laos, in English or Lao', async () => {
    const en = await get('/api/v1/master-data/location/provinces');
    expect(en.statusCode).toBe(200);
    const provinces = en.json().data as { id: number; name: string; code: string }[];
    expect(provinces).toHaveLength(18);
    expect(provinces[0]).toMatchObject({ name: 'Vientiane Capital', code: '01' });
    const lo = await get('/api/v1/master-data/location/provinces?lang=lo');
    expect(lo.json().data[0].name).toBe('ນະຄອນຫຼວງວຽງຈັນ');
    const byHeader = await get('/api/v1/master-data/location/provinces', {
      'accept-language': 'lo-LA,lo;q=0.9,en;q=0.5',
    });
    expect(byHeader.json().data[0].name).toBe('ນະຄອນຫຼວງວຽງຈັນ');
  });

  it('cascades provinces → districts → villages with every place of the shipped list', async () => {
    const provinces = (await get('/api/v1/master-data/location/provinces')).json().data;
    let districtCount = 0;
    let villageCount = 0;
    for (const p of provinces) {
      const districts = (await get(`/api/v1/master-data/location/district/${p.id}`)).json().data;
      districtCount += districts.length;
      for (const d of districts)
        villageCount += (await get(`/api/v1/master-data/location/villages/${d.id}`)).json().data.length;
    }
    expect(districtCount).toBe(148);
    expect(villageCount).toBe(9853);
  });

  it('gives the whole place list in one answer, per language, with an ETag', async () => {
    const res = await get('/api/v1/master-data/location/tree?lang=lo', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    // Lighter than the 167 calls it replaces: about 100 KB on the wire for the whole country.
    expect(res.rawPayload.length).toBeLessThan(200_000);
    const tree = (await get('/api/v1/master-data/location/tree?lang=lo')).json().data as {
      provinces: { name: string; districts: { villages: unknown[] }[] }[];
    };
    expect(tree.provinces).toHaveLength(18);
    expect(tree.provinces[0].name).toBe('ນະຄອນຫຼວງວຽງຈັນ');
    const districts = tree.provinces.flatMap((p) => p.districts);
    expect(districts).toHaveLength(148);
    expect(districts.flatMap((d) => d.villages)).toHaveLength(9853);
    const en = await get('/api/v1/master-data/location/tree');
    expect(en.json().data.provinces[0].name).toBe('Vientiane Capital');
    const again = await get('/api/v1/master-data/location/tree', { 'if-none-match': en.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });

  it('answers ETag and Cache-Control, and 304 to a matching If-None-Match', async () => {
    const first = await get('/api/v1/master-data/location/provinces');
    expect(first.headers['cache-control']).toContain('max-age');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get('/api/v1/master-data/location/provinces', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
  });

  it('refuses a non-numeric id with 400 and an unknown id with 404, never a 500', async () => {
    for (const url of [
      '/api/v1/master-data/location/district/abc',
      '/api/v1/master-data/location/villages/1.5',
      '/api/v1/master-data/location/district/-1',
      '/api/v1/master-data/bank/99999999999',
      '/api/v1/master-data/location/provinces?lang=xx',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().data.error_code).toBe('validation_failed');
    }
    for (const url of [
      '/api/v1/master-data/location/district/999',
      '/api/v1/master-data/location/villages/99999',
      '/api/v1/master-data/bank/999',
      '/api/v1/master-data/bank-logo/ZZZ.svg',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().data.error_code).toBe('x008');
    }
  });

  it('lists the banks with a monogram logo each', async () => {
    const banks = (await get('/api/v1/master-data/bank')).json().data as {
      id: number;
      bank_name: string;
      bank_logo: string;
    }[];
    expect(banks.length).toBeGreaterThanOrEqual(8);
    expect(banks.map((b) => b.bank_name)).toContain('Lao Development Bank (LDB)');
    const one = await get(`/api/v1/master-data/bank/${banks[0].id}`);
    expect(one.json().data.bank_name).toBe(banks[0].bank_name);
    const logo = await get(banks[0].bank_logo);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toContain('image/svg+xml');
  });

  it('answers unknown API paths with the error shape', async () => {
    const res = await get('/api/v1/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ data: { error_code: 'x008' } });
  });

  it('reports health and publishes the OpenAPI document', async () => {
    expect((await get('/api/health')).json()).toMatchObject({ status: 'ok' });
    const docs = await get('/api/docs/json');
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toContain('/api/v1/master-data/location/provinces');
  });
});

describe('master data served from memory', () => {
  it('answers a strong ETag and the same bytes compressed or not', async () => {
    const plain = await get('/api/v1/master-data/location/villages/1', { 'accept-encoding': 'identity' });
    expect(plain.headers.etag).toMatch(/^"[\w-]+"$/);
    for (const encoding of ['gzip', 'br']) {
      const packed = await get('/api/v1/master-data/location/villages/1', { 'accept-encoding': encoding });
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.headers.etag).toBe(plain.headers.etag);
      const raw =
        encoding === 'gzip' ? zlib.gunzipSync(packed.rawPayload) : zlib.brotliDecompressSync(packed.rawPayload);
      expect(raw.toString('utf8')).toBe(plain.body);
    }
    const listed = await get('/api/v1/master-data/location/villages/1', {
      'if-none-match': `"nope", ${plain.headers.etag}`,
    });
    expect(listed.statusCode).toBe(304);
  });

  // Several instances share one PostgreSQL database; an import beside them reaches all of them.
  it.runIf(!!(process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL))(
    'is identical on every instance and follows an import at once',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-test-'));
      const other = await buildApp(
        loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: t.app.config.databaseUrl! }),
      );
      try {
        const url = '/api/v1/master-data/location/provinces';
        const etagOf = async (app: typeof other) => (await app.inject({ method: 'GET', url })).headers.etag;
        const before = await etagOf(t.app);
        expect(await etagOf(other)).toBe(before);

        const places = shippedPlaces().map((p) =>
          p.level === 'province' && p.code === '01' ? { ...p, nameEn: 'Vientiane Capital (renamed)' } : p,
        );
        await importPlaces(t.app.db, places);
        await expect
          .poll(async () => (await other.inject({ method: 'GET', url })).json().data[0].name, { timeout: 5000 })
          .toBe('Vientiane Capital (renamed)');
        await expect.poll(() => etagOf(t.app), { timeout: 5000 }).not.toBe(before);
        expect(await etagOf(other)).toBe(await etagOf(t.app));
        await importPlaces(t.app.db, shippedPlaces());
        await expect.poll(() => etagOf(other), { timeout: 5000 }).toBe(before);
      } finally {
        await other.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
