import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, pushOutbox, pushSubscriptions } from '../../server/db/schema';
import { BANK_SECRET_FILE, signBankCallback } from '../../server/lib/bank-signature';
import { loadVapidKeys, VAPID_KEY_FILE } from '../../server/lib/vapid-keys';
import { applicationBody } from './application-fixtures';
import { createAccount } from './fixtures';
import { startPushEndpoint, type Device } from './push-endpoint';
import { startTestApp, type TestApp } from './test-app';

let t: TestApp;
let push: Awaited<ReturnType<typeof startPushEndpoint>>;
let bankSecret: string;
beforeAll(async () => {
  t = await startTestApp({ WEB_PUSH_SUBJECT: 'mailto:push@moha.gov.la' });
  push = await startPushEndpoint();
  bankSecret = fs.readFileSync(path.join(t.dataDir, BANK_SECRET_FILE), 'utf8').trim();
});
afterAll(async () => {
  await t?.close();
  await push?.close();
});

const CITIZEN = '/api/v1/citizen/resident-certificate';
type Headers = { authorization: string };

const subscribe = (headers: Headers, d: Device, language: 'en' | 'lo') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/push/subscriptions',
    headers,
    payload: { endpoint: d.endpoint, keys: d.keys, language },
  });
const remove = (headers: Headers, endpoint: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/push/subscriptions/remove', headers, payload: { endpoint } });
const rowOf = async (endpoint: string) =>
  (await t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0];

/** An application of this citizen, then the bank's word that it is paid: a status change. */
let txCounter = 0;
async function applyAndPay(headers: Headers) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${CITIZEN}/create-new`,
    headers,
    payload: await applicationBody(t.app),
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as number;
  const [row] = await t.app.db.select().from(applications).where(eq(applications.id, id));
  const raw = JSON.stringify({
    transaction_id: `TX-PUSH-${Date.now()}-${++txCounter}`,
    va_number: row.vaNumber,
    amount: row.amount,
    currency: 'LAK',
    paid_at: new Date().toISOString(),
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/va-callback',
    headers: {
      'content-type': 'application/json',
      'x-bank-timestamp': timestamp,
      'x-bank-signature': signBankCallback(bankSecret, timestamp, raw),
    },
    payload: raw,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  // The answer is sent, so the change committed; the sender may already be on its way.
  await t.app.webPush.runOnce();
  return { id, ticket: row.ticketNumber };
}

describe('Web Push when an application changes', () => {
  it('gives the VAPID public key generated for the trial, and refuses what is not a subscription', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/push/public-key' });
    expect(res.statusCode).toBe(200);
    const stored = JSON.parse(fs.readFileSync(path.join(t.dataDir, VAPID_KEY_FILE), 'utf8')) as { publicKey: string };
    expect(res.json().data.public_key).toBe(stored.publicKey);
    expect(Buffer.from(stored.publicKey, 'base64url')).toHaveLength(65);

    const d = push.device('refused');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/push/subscriptions',
      payload: { endpoint: d.endpoint, keys: d.keys, language: 'en' },
    });
    expect(anonymous.statusCode).toBe(401);
    const { headers } = await createAccount(t.app);
    for (const payload of [
      { endpoint: 'http://push.example.com/x', keys: d.keys, language: 'en' },
      { endpoint: 'ftp://127.0.0.1/x', keys: d.keys, language: 'en' },
      { endpoint: d.endpoint, keys: { ...d.keys, auth: 'AAAA' }, language: 'en' },
      { endpoint: d.endpoint, keys: { p256dh: 'A'.repeat(87), auth: d.keys.auth }, language: 'en' },
      { endpoint: d.endpoint, keys: d.keys, language: 'fr' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/push/subscriptions', headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().data.error_code).toBeTruthy();
    }
    expect(await rowOf(d.endpoint)).toBeUndefined();
  });

  it('sends one notification, in the subscription’s language, with the words of the notice and the screen to open', async () => {
    const { headers, user } = await createAccount(t.app);
    const d = push.device('phone-lo');
    expect((await subscribe(headers, d, 'lo')).statusCode).toBe(200);
    // Subscribing again is the same subscription.
    const again = await subscribe(headers, d, 'lo');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ data: { subscribed: true } });
    const rows = await t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ endpoint: d.endpoint, p256dh: d.keys.p256dh, auth: d.keys.auth, language: 'lo' });

    const status = await t.app.inject({
      method: 'POST',
      url: '/api/v1/push/subscriptions/status',
      headers,
      payload: { endpoint: d.endpoint },
    });
    expect(status.json()).toEqual({ data: { subscribed: true } });

    const { id, ticket } = await applyAndPay(headers);
    await t.app.webPush.runOnce();
    const mine = push.received.filter((r) => r.device === 'phone-lo');
    expect(push.refused).toEqual([]);
    expect(mine).toHaveLength(1);
    expect(mine[0].message).toEqual({
      title: 'ໃບຢັ້ງຢືນທີ່ຢູ່',
      body: `ການຊຳລະເງິນຂອງ ${ticket} ໄດ້ຮັບການຢືນຢັນແລ້ວ.`,
      url: `/detail-application/${id}`,
    });
    expect(mine[0].ttl).toBeGreaterThan(0);
    expect(mine[0].vapid.sub).toBe('mailto:push@moha.gov.la');
    expect(mine[0].vapid.k).toBe((await t.app.inject({ url: '/api/v1/push/public-key' })).json().data.public_key);
    // Sent, so nothing waits any more.
    expect(await t.app.db.select().from(pushOutbox).where(eq(pushOutbox.subscriptionId, rows[0].id))).toEqual([]);
  });

  it('writes English to a device subscribed in English', async () => {
    const { headers } = await createAccount(t.app);
    const d = push.device('phone-en');
    expect((await subscribe(headers, d, 'en')).statusCode).toBe(200);
    const { id, ticket } = await applyAndPay(headers);
    const mine = push.received.filter((r) => r.device === 'phone-en');
    expect(mine.map((r) => r.message)).toEqual([
      {
        title: 'Resident certificate',
        body: `Your payment for ${ticket} is confirmed.`,
        url: `/detail-application/${id}`,
      },
    ]);
  });

  it('forgets a subscription the push service says is gone (410)', async () => {
    const { headers } = await createAccount(t.app);
    const d = push.device('phone-gone');
    expect((await subscribe(headers, d, 'en')).statusCode).toBe(200);
    push.answer('phone-gone', 410);
    await applyAndPay(headers);
    expect(await rowOf(d.endpoint)).toBeUndefined();
    expect(push.received.filter((r) => r.device === 'phone-gone')).toEqual([]);
  });

  it('sends nothing to a device the citizen turned off', async () => {
    const { headers } = await createAccount(t.app);
    const d = push.device('phone-off');
    expect((await subscribe(headers, d, 'en')).statusCode).toBe(200);
    const off = await remove(headers, d.endpoint);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ data: { subscribed: false } });
    expect(await rowOf(d.endpoint)).toBeUndefined();
    await applyAndPay(headers);
    expect(push.received.filter((r) => r.device === 'phone-off')).toEqual([]);
    // Turned off twice: nothing of this citizen's left to remove.
    expect((await remove(headers, d.endpoint)).statusCode).toBe(404);
  });

  it('lets no citizen remove another’s subscription; a phone signed in by someone else moves to them', async () => {
    const a = await createAccount(t.app);
    const b = await createAccount(t.app);
    const d = push.device('phone-shared');
    expect((await subscribe(a.headers, d, 'en')).statusCode).toBe(200);
    const refused = await remove(b.headers, d.endpoint);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().data.error_code).toBe('x008');
    expect((await rowOf(d.endpoint))?.userId).toBe(a.user.id);
    const seen = await t.app.inject({
      method: 'POST',
      url: '/api/v1/push/subscriptions/status',
      headers: b.headers,
      payload: { endpoint: d.endpoint },
    });
    expect(seen.json()).toEqual({ data: { subscribed: false } });

    // B signs in on the same phone and subscribes it: from now on it is B's.
    expect((await subscribe(b.headers, d, 'lo')).statusCode).toBe(200);
    expect(await rowOf(d.endpoint)).toMatchObject({ userId: b.user.id, language: 'lo' });
    await applyAndPay(a.headers);
    expect(push.received.filter((r) => r.device === 'phone-shared')).toEqual([]);
    expect((await remove(a.headers, d.endpoint)).statusCode).toBe(404);
  });
});

describe('Web Push settings', () => {
  it('takes a VAPID pair from the settings and refuses one whose halves do not belong together', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-vapid-'));
    try {
      const [a, b] = [crypto.createECDH('prime256v1'), crypto.createECDH('prime256v1')];
      a.generateKeys();
      b.generateKeys();
      const file = path.join(dir, 'vapid-key');
      fs.writeFileSync(file, `${a.getPrivateKey().toString('base64url')}\n`);
      const publicKey = a.getPublicKey().toString('base64url');
      expect(loadVapidKeys({ dataDir: dir, webPush: { publicKey, privateKeyFile: file } })).toEqual({
        publicKey,
        privateKey: a.getPrivateKey().toString('base64url'),
      });
      expect(() =>
        loadVapidKeys({
          dataDir: dir,
          webPush: { publicKey: b.getPublicKey().toString('base64url'), privateKeyFile: file },
        }),
      ).toThrow(/does not belong/);
      expect(() => loadVapidKeys({ dataDir: dir, webPush: { publicKey } })).toThrow(/together/);
      // Nothing was generated: the settings were used.
      expect(fs.existsSync(path.join(dir, VAPID_KEY_FILE))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps a message the push service could not take for a later try, and the status change stands', async () => {
    const { headers } = await createAccount(t.app);
    const d = push.device('phone-busy');
    expect((await subscribe(headers, d, 'en')).statusCode).toBe(200);
    push.answer('phone-busy', 503);
    const { id } = await applyAndPay(headers);
    const [row] = await t.app.db.select().from(applications).where(eq(applications.id, id));
    expect(row.paymentStatus).toBe('paid');
    const sub = await rowOf(d.endpoint);
    expect(sub).toBeDefined();
    const waiting = await t.app.db.select().from(pushOutbox).where(eq(pushOutbox.subscriptionId, sub!.id));
    expect(waiting).toHaveLength(1);
    expect(waiting[0].attempts).toBe(1);
    expect(waiting[0].lockedUntil).toBeNull();
    expect(waiting[0].nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
  });
});
