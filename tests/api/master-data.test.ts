import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
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
    const byHeader = await get('/api/v1/master-data/location/provinces', { 'accept-language': 'lo-LA,lo;q=0.9,en;q=0.5' });
    expect(byHeader.json().data[0].name).toBe('ນະຄອນຫຼວງວຽງຈັນ');
  });

  it('cascades provinces → districts → villages with every place of the shipped list', async () => {
    const provinces = (await get('/api/v1/master-data/location/provinces')).json().data;
    let districtCount = 0;
    let villageCount = 0;
    for (const p of provinces) {
      const districts = (await get(`/api/v1/master-data/location/district/${p.id}`)).json().data;
      districtCount += districts.length;
      for (const d of districts) villageCount += (await get(`/api/v1/master-data/location/villages/${d.id}`)).json().data.length;
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
    const tree = (await get('/api/v1/master-data/location/tree?lang=lo')).json().data as { provinces: { name: string; districts: { villages: unknown[] }[] }[] };
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
    for (const url of ['/api/v1/master-data/location/district/abc', '/api/v1/master-data/location/villages/1.5', '/api/v1/master-data/location/district/-1', '/api/v1/master-data/bank/99999999999', '/api/v1/master-data/location/provinces?lang=xx']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().data.error_code).toBe('validation_failed');
    }
    for (const url of ['/api/v1/master-data/location/district/999', '/api/v1/master-data/location/villages/99999', '/api/v1/master-data/bank/999', '/api/v1/master-data/bank-logo/ZZZ.svg']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().data.error_code).toBe('x008');
    }
  });

  it('lists the banks with a monogram logo each', async () => {
    const banks = (await get('/api/v1/master-data/bank')).json().data as { id: number; bank_name: string; bank_logo: string }[];
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
