import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SMTPServer } from 'smtp-server';
import { parseMail } from '../e2e/fixtures/outbox';
import { startTestApp, type TestApp } from './test-app';
import { post, registrationBody } from './auth-helpers';
import { startSmtpSink, type SunkMail } from './smtp-sink';

/** With SMTP_URL set, mail goes to that server (here a sink on 127.0.0.1), not to the outbox folder. */
let t: TestApp;
let sink: SMTPServer;
const received: SunkMail[] = [];

beforeAll(async () => {
  let port: number;
  ({ sink, port } = await startSmtpSink((mail) => received.push(mail)));
  t = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Lao e-Government <no-reply@egov.test>' });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => sink.close(() => resolve()));
});

it('delivers the registration code over SMTP', async () => {
  const body = await registrationBody(t.app);
  const res = await post(t.app, '/api/v1/auth/register', body);
  expect(res.statusCode).toBe(200);
  expect(received).toHaveLength(1);
  expect(received[0]!.to).toEqual([body.email]);
  const mail = parseMail(received[0]!.raw);
  const code = /^\s*(\d{4})\s*$/m.exec(mail.text)![1]!;
  expect(mail.html).toContain(code);
  expect((await post(t.app, '/api/v1/auth/verify-otp', { email: body.email, code_otp: code })).statusCode).toBe(200);
});
