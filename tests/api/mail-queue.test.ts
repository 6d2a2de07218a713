import { eq } from 'drizzle-orm';
import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { applications, mailQueue } from '../../server/db/schema';
import { rejectOverdueApplications } from '../../server/services/payments';
import { parseMail } from '../e2e/fixtures/outbox';
import { applicationBody } from './application-fixtures';
import { post, registrationBody } from './auth-helpers';
import { createAccount } from './fixtures';
import { startSmtpSink } from './smtp-sink';
import { startSecondInstance, startTestApp, type TestApp } from './test-app';

/**
 * Mail that is never lost: a real SMTP server (smtp-server) goes down, the server keeps the
 * registration code and a status mail, and delivers each exactly once when the mail server is
 * back — with two instances on PostgreSQL too.
 */
const received: { to: string; subject: string; text: string }[] = [];
let sink: SMTPServer | undefined;
let port = 0;

async function smtpUp() {
  ({ sink, port } = await startSmtpSink(({ to, raw }) => {
    const mail = parseMail(raw);
    received.push({ to: to[0]!, subject: mail.subject, text: mail.text });
  }, port));
}
const smtpDown = () => new Promise<void>((resolve) => (sink ? sink.close(() => resolve()) : resolve()));

const settings = () => ({
  SMTP_URL: `smtp://127.0.0.1:${port}`,
  MAIL_FROM: 'Lao e-Government <no-reply@egov.test>',
  MAIL_RETRY_BASE_SECONDS: '1',
});
const instances: TestApp[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  await smtpUp(); // to learn a free port, then down: the mail server is out when the citizens come
  await smtpDown();
  const first = await startTestApp(settings());
  instances.push(first);
  // With PostgreSQL, a second instance whose worker competes for the same mails.
  if (first.databaseUrl) instances.push(await startSecondInstance(first, settings()));
});
afterAll(async () => {
  for (const t of instances.reverse()) await t.close();
  await smtpDown();
});

it(
  'delivers a registration code and a status mail once each after the mail server was down',
  { timeout: 90_000 },
  async () => {
    const t = instances[0]!;
    const other = instances[1] ?? t;
    // Registration while SMTP is down: the citizen is told a code is on its way, and it is kept.
    const body = await registrationBody(t.app);
    const res = await post(t.app, '/api/v1/auth/register', body);
    expect(res.statusCode).toBe(200);

    // A status mail while SMTP is down: an unpaid application passes its deadline (on the other instance).
    const citizen = await createAccount(other.app);
    const created = await other.app.inject({
      method: 'POST',
      url: '/api/v1/citizen/resident-certificate/create-new',
      headers: citizen.headers,
      payload: await applicationBody(other.app),
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    await other.app.db
      .update(applications)
      .set({ deadline: new Date(Date.now() - 60_000) })
      .where(eq(applications.id, id));
    expect(await rejectOverdueApplications(other.app)).toBe(1);

    await sleep(4_000); // down a while: every instance tried and failed, several times
    const waiting = await t.app.db.select().from(mailQueue);
    expect(waiting.filter((m) => m.status === 'pending' || m.status === 'sending')).toHaveLength(2);
    expect(Math.max(...waiting.map((m) => m.attempts))).toBeGreaterThanOrEqual(2);
    expect(received).toHaveLength(0);

    await smtpUp(); // back
    for (let i = 0; i < 100 && received.length < 2; i++) await sleep(200);
    await sleep(3_000); // and no second copy from the other instance's worker
    const toCitizen = received.filter((m) => m.to === citizen.user.email);
    const toRegistrant = received.filter((m) => m.to === body.email);
    expect(toRegistrant).toHaveLength(1);
    expect(toRegistrant[0]!.text).toMatch(/^\s*\d{4}\s*$/m);
    expect(toCitizen).toHaveLength(1);
    expect(toCitizen[0]!.subject).toContain('rejected');
    expect(received).toHaveLength(2);

    // The code still works, and nothing of the mails' content stays in the database.
    const code = /^\s*(\d{4})\s*$/m.exec(toRegistrant[0]!.text)![1]!;
    expect((await post(t.app, '/api/v1/auth/verify-otp', { email: body.email, code_otp: code })).statusCode).toBe(200);
    const after = await t.app.db.select().from(mailQueue);
    expect(after.map((m) => m.status)).toEqual(['sent', 'sent']);
    expect(after.every((m) => m.textBody === '' && m.htmlBody === '')).toBe(true);
  },
);

it('marks a mail that keeps failing as failed, for the operator', { timeout: 30_000 }, async () => {
  await smtpDown();
  const failing = await startTestApp({ ...settings(), MAIL_MAX_ATTEMPTS: '2' });
  try {
    const body = await registrationBody(failing.app);
    expect((await post(failing.app, '/api/v1/auth/register', body)).statusCode).toBe(200);
    let rows: (typeof mailQueue.$inferSelect)[] = [];
    for (let i = 0; i < 60; i++) {
      rows = await failing.app.db.select().from(mailQueue);
      if (rows[0]?.status === 'failed') break;
      await sleep(200);
    }
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'failed', attempts: 2, kind: 'otp' });
    expect(rows[0]!.lastError).toMatch(/ECONNREFUSED|connect/i);
  } finally {
    await failing.close();
  }
});
