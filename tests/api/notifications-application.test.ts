import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationBody, dataUrl, png } from './application-fixtures';
import { createAccount } from './fixtures';
import { startTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const BASE = '/api/v1/citizen/resident-certificate';
type Item = { message: string; application_id: number | null; read: boolean };

describe('notifications written by the application journey', () => {
  it('tells the citizen when the application is received and when the proof of payment arrives, newest first, in both languages', async () => {
    const { headers } = await createAccount(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: `${BASE}/create-new`,
      headers,
      payload: await applicationBody(t.app),
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    const detail = (await t.app.inject({ method: 'GET', url: `${BASE}/${id}`, headers })).json().data;
    const ticket = detail.ticket_number as string;

    let list = (await t.app.inject({ method: 'GET', url: '/api/v1/notifications/', headers })).json().data as Item[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ application_id: id, read: false });
    expect(list[0].message).toContain(ticket);

    const proof = await t.app.inject({
      method: 'POST',
      url: `${BASE}/${id}/upload-payment`,
      headers,
      payload: { proof_of_payment: dataUrl(png(600, 800)) },
    });
    expect(proof.statusCode).toBe(200);
    list = (await t.app.inject({ method: 'GET', url: '/api/v1/notifications/', headers })).json().data as Item[];
    expect(list).toHaveLength(2);
    expect(list[0].message).toMatch(/proof of payment/i);
    expect(list[1].message).toMatch(/received/i);

    const lo = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/notifications/',
        headers: { ...headers, 'accept-language': 'lo' },
      })
    ).json().data as Item[];
    expect(lo[0].message).toContain('ຫຼັກຖານການຊຳລະເງິນ');
    expect(lo[1].message).toContain(ticket);
  });
});
