import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { documents, otpCodes, users } from '../../server/db/schema';
import { mailsTo, waitForMail } from '../e2e/fixtures/outbox';
import { dataUrl, noisePng, storedFiles } from './application-fixtures';
import { startTestApp, type TestApp } from './test-app';
import { PASSWORD, backdateAuthEvents, post, registerUnverified, registrationBody } from './auth-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('register-check', () => {
  it('accepts free identifiers and names the taken field with 400X1 / 400X2', async () => {
    const { body } = await registerUnverified(t.app, t.dataDir);
    await post(t.app, '/api/v1/auth/verify-otp', { email: body.email, code_otp: otpOfLatest(body.email) });
    const free = await post(t.app, '/api/v1/auth/register-check', {
      email: 'free.person@example.la',
      phone_number: '8562099990000',
    });
    expect(free.statusCode).toBe(200);
    const email = await post(t.app, '/api/v1/auth/register-check', {
      email: body.email.toUpperCase(),
      phone_number: '8562099990000',
    });
    expect(email.statusCode).toBe(409);
    expect(email.json().data).toMatchObject({ error_code: '400X1', fields: { email: '400X1' } });
    const phone = await post(t.app, '/api/v1/auth/register-check', {
      email: 'free.person@example.la',
      phone_number: body.phone_number,
    });
    expect(phone.json().data).toMatchObject({ error_code: '400X2', fields: { phone_number: '400X2' } });
  });

  it('refuses a too common password and bad input with field codes', async () => {
    const common = await post(t.app, '/api/v1/auth/register-check', {
      email: 'a.person@example.la',
      phone_number: '8562011112222',
      password: 'Password1',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().data.fields).toEqual({ password: 'password_common' });
    const bad = await post(t.app, '/api/v1/auth/register-check', { email: 'not-an-email', phone_number: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields).toMatchObject({ email: 'invalid_email', phone_number: 'invalid_phone' });
  });
});

function otpOfLatest(email: string) {
  const mails = mailsTo(t.dataDir, email);
  return /^\s*(\d{4})\s*$/m.exec(mails[mails.length - 1]!.text)![1]!;
}

describe('register', () => {
  it('creates an unverified account, keeps the ID card image and mails a bilingual 4-digit code', async () => {
    const { body, code } = await registerUnverified(t.app, t.dataDir);
    expect(code).toMatch(/^\d{4}$/);
    const [user] = await t.app.db.select().from(users).where(eq(users.email, body.email));
    expect(user!.verifiedAt).toBeNull();
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const [doc] = await t.app.db.select().from(documents).where(eq(documents.ownerId, user!.id));
    // Pending until the e-mail code is verified (the next test follows it to the end).
    expect(doc).toMatchObject({ kind: 'id_card_pending', contentType: 'image/png' });
    const [otp] = await t.app.db.select().from(otpCodes).where(eq(otpCodes.userId, user!.id));
    expect(otp!.codeHash).not.toContain(code);
    expect(otp!.expiresAt.getTime() - otp!.createdAt.getTime()).toBe(10 * 60_000);
    const mail = await waitForMail(t.dataDir, body.email);
    expect(mail.text).toContain('Verify your e-mail address');
    expect(mail.text).toContain('ຢືນຢັນທີ່ຢູ່ອີເມວຂອງທ່ານ');
    expect(mail.html).toContain(code);
    expect(mail.subject).toContain('ລະຫັດຢືນຢັນ');
  });

  it('takes a Lao passport number (a letter and 7 digits) as the identity number, and nothing else with letters', async () => {
    const passport = `P${String(Date.now()).slice(-7)}`;
    const { body } = await registerUnverified(t.app, t.dataDir, { id_card: passport });
    const [user] = await t.app.db.select().from(users).where(eq(users.email, body.email));
    expect(user!.idCard).toBe(passport);
    for (const id_card of ['p1234567', 'P123456', 'PA234567', 'P12345678', '1234P567', 'P1234567X']) {
      const res = await post(t.app, '/api/v1/auth/register', await registrationBody(t.app, { id_card }));
      expect(res.statusCode, id_card).toBe(400);
      expect(res.json().data.fields, id_card).toEqual({ id_card: 'invalid_id_number' });
    }
    const again = await post(t.app, '/api/v1/auth/register', await registrationBody(t.app, { id_card: passport }));
    expect(again.json().data).toMatchObject({ error_code: 'id_card_taken', fields: { id_card: 'id_card_taken' } });
  });

  it('checks the ID card image by its bytes, not its name', async () => {
    const exe = `data:image/png;base64,${Buffer.from('MZ\x90\x00 not an image').toString('base64')}`;
    const res = await post(t.app, '/api/v1/auth/register', await registrationBody(t.app, { id_card_file: exe }));
    expect(res.statusCode).toBe(415);
    expect(res.json().data.fields).toEqual({ id_card_file: 'file_type_not_allowed' });
  });

  it('refuses an image over 10 MB', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 0);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const res = await post(
      t.app,
      '/api/v1/auth/register',
      await registrationBody(t.app, { id_card_file: `data:image/jpeg;base64,${big.toString('base64')}` }),
    );
    expect(res.statusCode).toBe(413);
  });

  it('refuses a village outside the chosen district, a taken phone and a taken ID number', async () => {
    const place = await post(t.app, '/api/v1/auth/register', await registrationBody(t.app, { province_id: 2 }));
    expect(place.statusCode).toBe(400);
    expect(place.json().data.fields).toHaveProperty('district_id');
    const { body } = await registerUnverified(t.app, t.dataDir);
    const phone = await post(
      t.app,
      '/api/v1/auth/register',
      await registrationBody(t.app, { phone_number: body.phone_number }),
    );
    expect(phone.json().data.error_code).toBe('400X2');
    const id = await post(t.app, '/api/v1/auth/register', await registrationBody(t.app, { id_card: body.id_card }));
    expect(id.json().data).toMatchObject({ error_code: 'id_card_taken', fields: { id_card: 'id_card_taken' } });
  });

  it('keeps the ID card image only once the code is verified; registering again replaces the pending one', async () => {
    // Images of their own (noise), so no other test's registration shares their bytes.
    const { body } = await registerUnverified(t.app, t.dataDir, { id_card_file: dataUrl(noisePng(320, 200)) });
    const [user] = await t.app.db.select().from(users).where(eq(users.email, body.email));
    const docsOf = () => t.app.db.select().from(documents).where(eq(documents.ownerId, user!.id));
    const [first] = await docsOf();
    expect(first).toMatchObject({ kind: 'id_card_pending' });
    // The embedded database keeps document bytes as files; PostgreSQL keeps them in the row itself.
    const hasFile = (sha256: string) =>
      t.app.database.kind === 'pglite' ? storedFiles(t.dataDir).some((f) => f.endsWith(sha256)) : null;
    expect(hasFile(first!.sha256)).not.toBe(false);

    // A second attempt with another image: the first image is gone at once, row and file.
    await backdateEvents(60);
    const again = await post(t.app, '/api/v1/auth/register', {
      ...body,
      id_card_file: dataUrl(noisePng(320, 200)),
    });
    expect(again.statusCode, again.body).toBe(200);
    const pending = await docsOf();
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ kind: 'id_card_pending' });
    expect(pending[0]!.sha256).not.toBe(first!.sha256);
    expect(hasFile(first!.sha256)).not.toBe(true);

    const verified = await post(t.app, '/api/v1/auth/verify-otp', {
      email: body.email,
      code_otp: otpOfLatest(body.email),
    });
    expect(verified.statusCode).toBe(200);
    const kept = await docsOf();
    expect(kept).toEqual([expect.objectContaining({ kind: 'id_card', sha256: pending[0]!.sha256 })]);
  });

  it('lets an unverified registration be made again, not more often than one code per 30 s', async () => {
    const { body, code } = await registerUnverified(t.app, t.dataDir);
    const again = await post(t.app, '/api/v1/auth/register', { ...body, password: 'Luangprabang2026' });
    expect(again.statusCode).toBe(429);
    let newCode = code;
    // One new code in 10,000 equals the old one: register again, so the old code is always tried.
    while (newCode === code) {
      await t.app.db.update(otpCodes).set({ createdAt: new Date(Date.now() - 60_000) });
      await backdateEvents(60);
      const later = await post(t.app, '/api/v1/auth/register', { ...body, password: 'Luangprabang2026' });
      expect(later.statusCode).toBe(200);
      newCode = otpOfLatest(body.email);
    }
    // The first code stopped working when the second was sent.
    expect((await post(t.app, '/api/v1/auth/verify-otp', { email: body.email, code_otp: code })).statusCode).toBe(400);
    expect((await post(t.app, '/api/v1/auth/verify-otp', { email: body.email, code_otp: newCode })).statusCode).toBe(
      200,
    );
    const login = await post(t.app, '/api/v1/auth/login', { username: body.email, password: 'Luangprabang2026' });
    expect(login.statusCode).toBe(200);
    expect((await post(t.app, '/api/v1/auth/login', { username: body.email, password: PASSWORD })).statusCode).toBe(
      401,
    );
  });
});

const backdateEvents = (seconds: number) => backdateAuthEvents(t.app, seconds);
