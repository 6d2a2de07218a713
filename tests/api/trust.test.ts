import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, notifications, statusHistory } from '../../server/db/schema';
import { runScheduledJobs, sendPickupReminders } from '../../server/services/jobs';
import { rejectOverdueApplications } from '../../server/services/payments';
import { mailsTo } from '../e2e/fixtures/outbox';
import { applicationBody } from './application-fixtures';
import { createAccount, createOfficer } from './fixtures';
import { startTestApp, type TestApp } from './test-app';
import { act, applicationWithProof, CITIZEN, issued, OFFICER } from './trust-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ APP_BASE_URL: 'https://egov.example.la' });
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('revocation', () => {
  it('needs a reason and a second officer; then /verify says revoked with the date, the PDF is gone, the citizen is told and may apply again', async () => {
    const { citizen, id, admin, approver } = await issued(t);
    const code = (await get(`${OFFICER}/${id}`, admin.headers)).json().data.certificate_code as string;
    const noReason = await act(t, admin.headers, id, 'request-revocation', {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().data.fields.notes).toBe('required');
    // Nothing asked for yet: nothing to confirm.
    const early = await act(t, approver.headers, id, 'revoke', {});
    expect(early.statusCode).toBe(409);

    const asked = await act(t, admin.headers, id, 'request-revocation', {
      notes: 'The holder moved to another district',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect((await get(`/api/v1/verify/${code}`)).json().data.status).not.toBe('revoked');
    // The officer who asked may not confirm it, an admin with every right included.
    const same = await act(t, admin.headers, id, 'revoke', {});
    expect(same.statusCode).toBe(403);
    expect(same.json().data.error_code).toBe('four_eyes');
    const res = await act(t, approver.headers, id, 'revoke', {});
    expect(res.statusCode, res.body).toBe(200);
    expect((await act(t, approver.headers, id, 'revoke', { notes: 'again' })).statusCode).toBe(409);

    const verify = (await get(`/api/v1/verify/${code}`)).json().data;
    expect(verify.status).toBe('revoked');
    expect(Date.now() - Date.parse(verify.revoked_on)).toBeLessThan(60_000);
    const pdf = await get(`${CITIZEN}/${id}/download-2`, citizen.headers);
    expect(pdf.statusCode).toBe(409);

    const told = await t.app.db.select().from(notifications).where(eq(notifications.applicationId, id));
    expect(told.find((n) => n.kind === 'certificate_revoked')?.messageEn).toMatch(
      /revoked: The holder moved to another district\. It is no longer valid/,
    );
    const mail = mailsTo(t.dataDir, citizen.user.email).at(-1)!;
    expect(mail.subject).toBe(`Your resident certificate was revoked — RC0000${id}`);
    expect(mail.text).toContain('Reason: The holder moved to another district.');

    const again = await t.app.inject({
      method: 'POST',
      url: `${CITIZEN}/re-apply`,
      headers: citizen.headers,
      payload: { ...(await applicationBody(t.app)), id },
    });
    expect(again.statusCode, again.body).toBe(201);
    const [fresh] = await t.app.db.select().from(applications).where(eq(applications.id, again.json().data.id));
    expect(fresh).toMatchObject({ status: 'pending', paymentStatus: 'unpaid', reappliedFromId: id });
  });
});

describe('who saw my data', () => {
  it('records each officer view, document view and action; only the owner reads it', async () => {
    const { citizen, id } = await applicationWithProof(t);
    const cashier = await createOfficer(t.app, 'cashier');
    const d = (await get(`${OFFICER}/${id}`, cashier.headers)).json().data;
    expect((await get(d.payment.proof_of_payment_path, cashier.headers)).statusCode).toBe(200);
    expect((await act(t, cashier.headers, id, 'verify-payment')).statusCode).toBe(200);
    // The owner's own look at the document is not an officer's access.
    expect((await get(d.payment.proof_of_payment_path, citizen.headers)).statusCode).toBe(200);

    const log = await get(`${CITIZEN}/${id}/access-log`, citizen.headers);
    expect(log.statusCode).toBe(200);
    expect(log.headers['cache-control']).toBe('private, no-store');
    const entries = log.json().data as {
      officer: { id: number; name: string };
      action: string;
      detail: string | null;
      at: string;
    }[];
    expect(entries.map((e) => [e.action, e.detail])).toEqual([
      ['view', null],
      ['view_document', 'proof_of_payment'],
      ['verify-payment', null],
    ]);
    expect(entries.every((e) => e.officer.id === cashier.user.id && e.officer.name === 'Somchai Phommachanh')).toBe(
      true,
    );

    const stranger = await createAccount(t.app);
    expect((await get(`${CITIZEN}/${id}/access-log`, stranger.headers)).statusCode).toBe(404);
    expect((await get(`${CITIZEN}/${id}/access-log`, cashier.headers)).statusCode).toBe(404);
    expect((await get(`${CITIZEN}/${id}/access-log`)).statusCode).toBe(401);
  });
});

describe('expiry', () => {
  it('two jobs running at once reject an overdue application once, with a note, a notification and one mail', async () => {
    const citizen = await createAccount(t.app, { language: 'lo' });
    const res = await t.app.inject({
      method: 'POST',
      url: `${CITIZEN}/create-new`,
      headers: citizen.headers,
      payload: await applicationBody(t.app),
    });
    const id = res.json().data.id as number;
    await t.app.db
      .update(applications)
      .set({ deadline: new Date(Date.now() - 60_000) })
      .where(eq(applications.id, id));
    const before = mailsTo(t.dataDir, citizen.user.email).length;

    const [a, b] = await Promise.all([rejectOverdueApplications(t.app), runScheduledJobs(t.app)]);
    expect(a + b.rejected).toBeGreaterThanOrEqual(1);
    const history = await t.app.db.select().from(statusHistory).where(eq(statusHistory.applicationId, id));
    expect(history.filter((h) => h.toStatus === 'rejected')).toHaveLength(1);
    expect(history.at(-1)).toMatchObject({ actor: 'system', notesCode: 'payment_deadline_passed' });
    const told = await t.app.db.select().from(notifications).where(eq(notifications.applicationId, id));
    expect(told.filter((n) => n.kind === 'rejected')).toHaveLength(1);
    const mails = mailsTo(t.dataDir, citizen.user.email).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`ຄຳຮ້ອງຖືກປະຕິເສດ — RC0000${id}`);
    expect(mails[0]!.text).toContain('ເຫດຜົນ: ໝົດກຳນົດເວລາຊຳລະເງິນ ໂດຍບໍ່ໄດ້ຮັບການຊຳລະ.');
    const detail = (await get(`${CITIZEN}/${id}`, citizen.headers)).json().data;
    expect(detail.status).toBe('rejected');
  });
});

describe("status mails in the citizen's language", () => {
  it('payment confirmed, proof refused with the reason, certificate ready; in Lao for a Lao account', async () => {
    const citizen = await createAccount(t.app, { language: 'lo' });
    const cashier = await createOfficer(t.app, 'cashier');
    const first = await applicationWithProof(t, citizen);
    expect((await act(t, cashier.headers, first.id, 'refuse-payment', { notes: 'ຮູບບໍ່ຊັດ' })).statusCode).toBe(200);
    let mail = mailsTo(t.dataDir, citizen.user.email).at(-1)!;
    expect(mail.subject).toBe(`ຫຼັກຖານການຊຳລະເງິນບໍ່ຖືກຮັບຮອງ — RC0000${first.id}`);
    expect(mail.text).toContain('ເຫດຜົນ: ຮູບບໍ່ຊັດ.');
    expect(mail.html).toContain('lang="lo"');

    const { id } = await issued(t, citizen);
    const subjects = mailsTo(t.dataDir, citizen.user.email).map((m) => m.subject);
    expect(subjects).toContain(`ຢືນຢັນການຊຳລະເງິນແລ້ວ — RC0000${id}`);
    expect(subjects.at(-1)).toBe(`ໃບຢັ້ງຢືນທີ່ຢູ່ຂອງທ່ານພ້ອມແລ້ວ — RC0000${id}`);
    mail = mailsTo(t.dataDir, citizen.user.email).at(-1)!;
    expect(mail.text).toContain(`https://egov.example.la/detail-application/${id}`);
  });

  it('in English for an English account; the profile switch stops optional mails but never a rejection', async () => {
    const citizen = await createAccount(t.app, { language: 'en' });
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/v1/citizen/user/email-updates',
      headers: citizen.headers,
      payload: { email_updates: false },
    });
    expect(off.statusCode).toBe(200);
    expect((await get('/api/v1/citizen/user/profile', citizen.headers)).json().data.email_updates).toBe(false);
    const cashier = await createOfficer(t.app, 'cashier');
    const reviewer = await createOfficer(t.app, 'reviewer');
    const { id } = await applicationWithProof(t, citizen);
    await act(t, cashier.headers, id, 'verify-payment');
    expect(mailsTo(t.dataDir, citizen.user.email)).toHaveLength(0);
    await act(t, reviewer.headers, id, 'reject', {
      reason_codes: ['photo_rules'],
      notes: 'The photo is not of the applicant.',
    });
    const mails = mailsTo(t.dataDir, citizen.user.email);
    expect(mails.map((m) => m.subject)).toEqual([`Application rejected — RC0000${id}`]);
    expect(mails[0]!.text).toContain('• The photo does not meet the rules');
    expect(mails[0]!.text).toContain('Officer’s note: The photo is not of the applicant.');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/citizen/user/email-updates',
      headers: citizen.headers,
      payload: { email_updates: 'no' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('the pick-up reminder goes out once, the day before', async () => {
    const { citizen, id } = await issued(t);
    const now = new Date();
    const tomorrow = new Date(
      Date.parse(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Vientiane' }).format(now)) + 86_400_000,
    )
      .toISOString()
      .slice(0, 10);
    await t.app.db
      .update(applications)
      .set({ status: 'waiting to pickup', pickupDate: tomorrow, pickupTime: '10:00 AM' })
      .where(eq(applications.id, id));
    const [r1, r2] = await Promise.all([sendPickupReminders(t.app, now), sendPickupReminders(t.app, now)]);
    expect(r1 + r2).toBeGreaterThanOrEqual(1);
    const reminders = mailsTo(t.dataDir, citizen.user.email).filter((m) =>
      m.subject.startsWith('Reminder: pick up your certificate tomorrow'),
    );
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toContain('at 10:00 AM');
    expect(
      (
        await t.app.db
          .select({ at: applications.pickupReminderSentAt })
          .from(applications)
          .where(eq(applications.id, id))
      )[0]!.at,
    ).not.toBeNull();
  });
});
