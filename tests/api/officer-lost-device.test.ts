import { and, desc, eq } from 'drizzle-orm';
import { generateSecret } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officerAuditLog, officerCredentials, officerTotp, users } from '../../server/db/schema';
import { setTotpSecret } from '../../server/services/officer-totp';
import { ensureOfficer, removeOfficerCredentials } from '../../server/services/officers';
import { saveCredential } from '../../server/services/passkeys';
import { createAccount, TEST_PASSWORD } from './fixtures';
import { startTestApp, type TestApp } from './test-app';

/** An officer's lost device (docs/security.md#officer-sign-in): the role stays, the credentials go. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const officer = (overrides: Partial<typeof users.$inferInsert> = {}) =>
  createAccount(t.app, { role: 'officer', officerRole: 'reviewer', officeLevel: 'national', ...overrides });
const nationalAdmin = () => officer({ officerRole: 'admin' });

/** An officer with a passkey, an authenticator app and an open session. */
async function equipped(overrides: Partial<typeof users.$inferInsert> = {}) {
  const o = await officer(overrides);
  await saveCredential(t.app.db, o.user.id, {
    id: `cred-${o.user.id}`,
    publicKey: new Uint8Array([1, 2, 3]),
    counter: 0,
  });
  await setTotpSecret(t.app.db, t.app.totpKey, o.user.id, generateSecret());
  return o;
}

const lastAudit = async (targetUserId: number, action: string) =>
  (
    await t.app.db
      .select()
      .from(officerAuditLog)
      .where(and(eq(officerAuditLog.targetUserId, targetUserId), eq(officerAuditLog.action, action)))
      .orderBy(desc(officerAuditLog.id))
      .limit(1)
  )[0];

const removeCredentials = (headers: Record<string, string>, id: number) =>
  t.app.inject({ method: 'POST', url: `/api/v1/officer/accounts/${id}/remove-credentials`, headers });

describe('officer:create after a lost device', () => {
  it('keeps the role unless one is given, and the audit log says what changed', async () => {
    const cashier = await officer({ officerRole: 'cashier' });
    expect(await ensureOfficer(t.app.db, { email: cashier.user.email, password: 'Luangprabang8' })).toBe('updated');
    const [kept] = await t.app.db.select().from(users).where(eq(users.id, cashier.user.id));
    expect(kept.officerRole).toBe('cashier');
    const line = await lastAudit(cashier.user.id, 'officer.console-update');
    expect(line.actorId).toBeNull();
    expect(line.detail).toMatchObject({ before: { officerRole: 'cashier' }, after: { officerRole: 'cashier' } });
    expect(JSON.stringify(line.detail)).not.toContain('Luangprabang8');
    await ensureOfficer(t.app.db, { email: cashier.user.email, password: 'Luangprabang9', role: 'issuer' });
    const [changed] = await t.app.db.select().from(users).where(eq(users.id, cashier.user.id));
    expect(changed.officerRole).toBe('issuer');
    // A new officer is still an admin unless told otherwise.
    await ensureOfficer(t.app.db, { email: 'lost-device-new@moha.gov.la', password: 'Luangprabang8' });
    const [fresh] = await t.app.db.select().from(users).where(eq(users.email, 'lost-device-new@moha.gov.la'));
    expect(fresh.officerRole).toBe('admin');
  });

  it('--reset-credentials removes passkeys and app and ends the sessions, logged with no actor', async () => {
    const lost = await equipped();
    expect(await removeOfficerCredentials(t.app.db, null, lost.user.id)).toEqual({
      passkeys: 1,
      authenticatorApp: true,
      sessions: 1,
    });
    expect((await lastAudit(lost.user.id, 'officer.credentials-removed')).actorId).toBeNull();
    expect((await t.app.inject({ url: '/api/v1/officer/applications', headers: lost.headers })).statusCode).toBe(401);
  });
});

describe('an admin removes a lost device', () => {
  it("removes the officer's passkeys and app, ends their sessions, and writes it in the audit log", async () => {
    const admin = await nationalAdmin();
    const lost = await equipped();
    expect((await t.app.inject({ url: '/api/v1/officer/applications', headers: lost.headers })).statusCode).toBe(200);
    const res = await removeCredentials(admin.headers, lost.user.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ passkeys: 1, authenticator_app: true, sessions: 1 });
    // The session that was open is over at once.
    expect((await t.app.inject({ url: '/api/v1/officer/applications', headers: lost.headers })).statusCode).toBe(401);
    expect(await t.app.db.select().from(officerCredentials).where(eq(officerCredentials.userId, lost.user.id))).toEqual(
      [],
    );
    expect(await t.app.db.select().from(officerTotp).where(eq(officerTotp.userId, lost.user.id))).toEqual([]);
    // The password alone now leads to enrolment, not to the old device.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: lost.user.email, password: TEST_PASSWORD },
    });
    expect(login.json().data.second_factor).toEqual({ passkey: false, totp: false });
    const line = await lastAudit(lost.user.id, 'officer.credentials-removed');
    expect(line.actorId).toBe(admin.user.id);
  });

  it('is for admins, for officers they manage, and not for themselves', async () => {
    const admin = await nationalAdmin();
    const lost = await equipped();
    const reviewer = await officer();
    expect((await removeCredentials(reviewer.headers, lost.user.id)).statusCode).toBe(403);
    const districtAdmin = await officer({
      officerRole: 'admin',
      officeLevel: 'district',
      officeProvinceId: 1,
      officeDistrictId: 1,
    });
    expect((await removeCredentials(districtAdmin.headers, lost.user.id)).statusCode).toBe(404);
    expect((await removeCredentials(admin.headers, admin.user.id)).statusCode).toBe(403);
    expect((await removeCredentials(admin.headers, 999_999)).statusCode).toBe(404);
    expect(
      await t.app.db.select().from(officerCredentials).where(eq(officerCredentials.userId, lost.user.id)),
    ).toHaveLength(1);
  });

  it('records office changes in the audit log, before and after', async () => {
    const admin = await nationalAdmin();
    const moved = await officer();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/officer/accounts/${moved.user.id}/office`,
      headers: admin.headers,
      payload: { level: 'province', province_id: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const line = await lastAudit(moved.user.id, 'officer.office');
    expect(line.actorId).toBe(admin.user.id);
    expect(line.detail).toEqual({ before: { level: 'national' }, after: { level: 'province', province_id: 1 } });
  });
});
