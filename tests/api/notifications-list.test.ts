import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../server/db/schema';
import { notify } from '../../server/services/notifications';
import { createAccount } from './fixtures';
import { startTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const list = (headers: Record<string, string>, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/v1/notifications/${query}`, headers });

describe('GET /v1/notifications/', () => {
  it("lists only the citizen's own notifications, newest first, in the language of the request", async () => {
    const me = await createAccount(t.app);
    const other = await createAccount(t.app);
    await t.app.db.insert(notifications).values([
      {
        userId: me.user.id,
        kind: 'application_created',
        messageEn: 'older',
        messageLo: 'ເກົ່າ',
        createdAt: new Date('2026-01-01T08:00:00Z'),
      },
      {
        userId: me.user.id,
        kind: 'proof_received',
        messageEn: 'newer',
        messageLo: 'ໃໝ່',
        createdAt: new Date('2026-01-02T08:00:00Z'),
      },
    ]);
    await notify(t.app.db, other.user.id, null, 'application_created', { ticket: 'RC00009' });

    const en = await list(me.headers);
    expect(en.statusCode).toBe(200);
    const data = en.json().data;
    expect(data.map((n: { message: string }) => n.message)).toEqual(['newer', 'older']);
    expect(data[0]).toMatchObject({ read: false, application_id: null, created_at: '2026-01-02T08:00:00.000Z' });
    expect(typeof data[0].id).toBe('number');

    const lo = await list(me.headers, '?lang=lo');
    expect(lo.json().data.map((n: { message: string }) => n.message)).toEqual(['ໃໝ່', 'ເກົ່າ']);
    const header = await list({ ...me.headers, 'accept-language': 'lo' });
    expect(header.json().data[0].message).toBe('ໃໝ່');
    // Without the trailing slash too.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: me.headers })).json().data,
    ).toHaveLength(2);
  });

  it('shows what notify() wrote, in both languages', async () => {
    const { user, headers } = await createAccount(t.app);
    await notify(t.app.db, user.id, null, 'proof_received', { ticket: 'RC00042' });
    expect((await list(headers)).json().data[0].message).toContain('RC00042');
    expect((await list(headers, '?lang=lo')).json().data[0].message).toMatch(/ຫຼັກຖານ.*RC00042/);
  });

  it("marks as read, all or some, and only the citizen's own", async () => {
    const me = await createAccount(t.app);
    const other = await createAccount(t.app);
    for (const ticket of ['RC1', 'RC2', 'RC3'])
      await notify(t.app.db, me.user.id, null, 'application_created', { ticket });
    await notify(t.app.db, other.user.id, null, 'application_created', { ticket: 'RC9' });
    const count = async (h: Record<string, string>) =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/notifications/unread-count', headers: h })).json().data.unread;
    expect(await count(me.headers)).toBe(3);

    const mine = (await list(me.headers)).json().data as { id: number }[];
    const theirs = (await list(other.headers)).json().data as { id: number }[];
    const some = await t.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/read',
      headers: me.headers,
      payload: { ids: [mine[0].id, theirs[0].id] },
    });
    expect(some.json().data.marked).toBe(1);
    expect(await count(me.headers)).toBe(2);
    expect(await count(other.headers)).toBe(1);

    await t.app.inject({ method: 'POST', url: '/api/v1/notifications/read', headers: me.headers, payload: {} });
    expect(await count(me.headers)).toBe(0);
    expect((await list(me.headers)).json().data.every((n: { read: boolean }) => n.read)).toBe(true);

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/read',
      headers: me.headers,
      payload: { ids: ['x'] },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('needs a session and refuses an unknown language', async () => {
    expect((await list({})).statusCode).toBe(401);
    const me = await createAccount(t.app);
    expect((await list(me.headers, '?lang=fr')).statusCode).toBe(400);
  });
});
