import { eq } from 'drizzle-orm';
import { generate, generateSecret } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { ensureOfficer, OfficerAccountError } from '../../server/services/officers';
import { verifyPassword } from '../../server/services/passwords';
import { createAccount } from './fixtures';
import { startTestApp, type TestApp } from './test-app';

const TOTP_SECRET = generateSecret();
const BOOTSTRAP = {
  BOOTSTRAP_OFFICER_EMAIL: 'First.Officer@moha.gov.la',
  BOOTSTRAP_OFFICER_PASSWORD: 'Vientiane2026',
  BOOTSTRAP_OFFICER_TOTP_SECRET: TOTP_SECRET,
};
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(BOOTSTRAP);
  await t.app.ready();
});
afterAll(async () => t?.close());

const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username, password } });

describe('officer accounts', () => {
  it('the bootstrap officer exists at start and can log in to the back office with its app code', async () => {
    const res = await login('first.officer@moha.gov.la', 'Vientiane2026');
    expect(res.statusCode, res.body).toBe(200);
    const { access_token: pending, role, second_factor } = res.json().data;
    expect(role).toBe('officer');
    expect(second_factor).toEqual({ passkey: false, totp: true });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/officer/totp/verify',
      headers: { authorization: `Bearer ${pending}` },
      payload: { code: await generate({ secret: TOTP_SECRET }) },
    });
    expect(second.statusCode, second.body).toBe(200);
    const token = second.json().data.access_token;
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/v1/officer/applications',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(queue.statusCode).toBe(200);
    // The install's first officer is the admin of the national office (docs/security.md#3-who-can-see-what).
    const [first] = await t.app.db.select().from(users).where(eq(users.email, 'first.officer@moha.gov.la'));
    expect(first).toMatchObject({ officerRole: 'admin', officeLevel: 'national' });
  });

  it('bootstrap is idempotent and never resets a password the officer changed', async () => {
    const [before] = await t.app.db.select().from(users).where(eq(users.email, 'first.officer@moha.gov.la'));
    expect(
      await ensureOfficer(
        t.app.db,
        { email: BOOTSTRAP.BOOTSTRAP_OFFICER_EMAIL, password: 'Another2026x' },
        { onlyIfMissing: true },
      ),
    ).toBe('unchanged');
    const [after] = await t.app.db.select().from(users).where(eq(users.email, 'first.officer@moha.gov.la'));
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(await t.app.db.select().from(users).where(eq(users.email, 'first.officer@moha.gov.la'))).toHaveLength(1);
  });

  it('officer:create creates an officer, promotes a citizen with the given password, and updates an officer', async () => {
    expect(await ensureOfficer(t.app.db, { email: 'desk2@moha.gov.la', password: 'Luangprabang7' })).toBe('created');
    const [created] = await t.app.db.select().from(users).where(eq(users.email, 'desk2@moha.gov.la'));
    expect(created).toMatchObject({ role: 'officer' });
    expect(created.verifiedAt).not.toBeNull();

    const citizen = await createAccount(t.app);
    expect(await ensureOfficer(t.app.db, { email: citizen.user.email.toUpperCase(), password: 'Savannakhet9' })).toBe(
      'promoted',
    );
    const [promoted] = await t.app.db.select().from(users).where(eq(users.id, citizen.user.id));
    expect(promoted.role).toBe('officer');
    expect(await verifyPassword(promoted.passwordHash, 'Savannakhet9')).toBe(true);
    expect(await ensureOfficer(t.app.db, { email: 'desk2@moha.gov.la', password: 'Luangprabang8' })).toBe('updated');
  });

  it('refuses a weak, common or malformed credential with a clear message', async () => {
    await expect(ensureOfficer(t.app.db, { email: 'desk3@moha.gov.la', password: 'short1A' })).rejects.toThrow(
      /at least 8 characters/,
    );
    await expect(ensureOfficer(t.app.db, { email: 'desk3@moha.gov.la', password: 'nouppercase1' })).rejects.toThrow(
      /uppercase/,
    );
    await expect(ensureOfficer(t.app.db, { email: 'desk3@moha.gov.la', password: 'Password1' })).rejects.toThrow(
      /too common/,
    );
    await expect(ensureOfficer(t.app.db, { email: 'not-an-email', password: 'Vientiane2026' })).rejects.toBeInstanceOf(
      OfficerAccountError,
    );
    expect(await t.app.db.select().from(users).where(eq(users.email, 'desk3@moha.gov.la'))).toHaveLength(0);
  });
});
