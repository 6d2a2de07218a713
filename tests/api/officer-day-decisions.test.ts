import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, documents, informationRequests, notifications, statusHistory } from '../../server/db/schema';
import { rejectUnansweredRequests, remindOpenRequests } from '../../server/services/officers';
import { mailsTo } from '../e2e/fixtures/outbox';
import { pdf } from './application-fixtures';
import { createAccount, createOfficer } from './fixtures';
import {
  finishedUpload,
  get,
  must,
  namedOfficer,
  paidApplication,
  post,
  realNow,
  TASKS,
  type Officer,
} from './officer-day-fixtures';
import { startTestApp, type TestApp } from './test-app';
import { act, CITIZEN, OFFICER } from './trust-fixtures';

/**
 * Decisions that help the citizen (docs/decisions.md#the-officers-day): four eyes on approval, the
 * reasons catalogue, and asking the citizen instead of rejecting — answered once, only by the owner,
 * only with what was asked.
 */

let t: TestApp;
let cashier: Officer;
let reviewer: Officer;
beforeAll(async () => {
  t = await startTestApp();
  cashier = await createOfficer(t.app, 'cashier');
  reviewer = await namedOfficer(t, 'reviewer', 'Bounmy');
});
afterAll(async () => t?.close());

describe('four eyes', () => {
  it('the reviewer never approves what they reviewed — not even an admin holding both rights', async () => {
    realNow(t);
    const admin = await createOfficer(t.app, 'admin');
    const otherAdmin = await createOfficer(t.app, 'admin');
    const { id } = await paidApplication(t, cashier);
    await must(t, admin.headers, id, 'start-review');
    const early = await act(t, otherAdmin.headers, id, 'approve');
    expect(early.statusCode).toBe(409);
    await must(t, admin.headers, id, 'mark-reviewed');

    const mine = (await get(t, `${OFFICER}/${id}`, admin.headers)).json().data;
    expect(mine).toMatchObject({ may_approve: false, reviewed_by: { id: admin.user.id } });
    expect(mine.actions).not.toContain('approve');
    const refused = await act(t, admin.headers, id, 'approve');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().data.error_code).toBe('four_eyes');
    expect((await act(t, admin.headers, id, 'mark-reviewed')).statusCode).toBe(409);

    const theirs = (await get(t, `${OFFICER}/${id}`, otherAdmin.headers)).json().data;
    expect(theirs).toMatchObject({ may_approve: true });
    expect(theirs.actions).toContain('approve');
    expect((await act(t, otherAdmin.headers, id, 'approve')).json().data.status).toBe('waiting for certificate issued');
    const history = await t.app.db.select().from(statusHistory).where(eq(statusHistory.applicationId, id));
    expect(history.find((h) => h.notesCode === 'reviewed')).toMatchObject({ actorId: admin.user.id });
    expect(history.find((h) => h.toStatus === 'application approved')).toMatchObject({ actorId: otherAdmin.user.id });
  });

  it('a reviewer marks the review; an approver approves it from the approval queue', async () => {
    realNow(t);
    const approver = await namedOfficer(t, 'approver', 'Approver');
    const { id } = await paidApplication(t, cashier);
    await must(t, reviewer.headers, id, 'start-review');
    await must(t, reviewer.headers, id, 'mark-reviewed');
    const queue = (await get(t, `${TASKS}/approval`, approver.headers)).json().data;
    expect(queue.items.map((i: { id: number }) => i.id)).toContain(id);
    expect((await must(t, approver.headers, id, 'approve')).status).toBe('waiting for certificate issued');
  });
});

describe('asking the citizen', () => {
  const ask = async (id: number) => {
    await must(t, reviewer.headers, id, 'start-review');
    const asked = await must(t, reviewer.headers, id, 'request-information', {
      reason_codes: ['proof_of_residence_missing', 'wrong_village'],
      documents: ['proof_of_residence'],
      fields: ['village_id'],
      message: 'Your proof of residence is from 2019.',
    });
    expect(asked.status).toBe('information requested');
  };

  it('tells the citizen what is asked, in their language, and takes the answer once, from the owner only, with only what was asked', async () => {
    realNow(t);
    const citizen = await createAccount(t.app, { language: 'lo' });
    const { id } = await paidApplication(t, cashier, {});
    await t.app.db.update(applications).set({ userId: citizen.user.id }).where(eq(applications.id, id));
    await ask(id);

    const [told] = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.applicationId, id), eq(notifications.kind, 'information_requested')));
    expect(told.messageEn).toContain('The proof of residence is missing or older than three months.');
    expect(told.messageLo).toContain('ບໍ່ມີຫຼັກຖານທີ່ຢູ່ອາໄສ');
    const mail = mailsTo(t.dataDir, citizen.user.email).at(-1)!;
    expect(mail.subject).toBe(`ຕ້ອງການຂໍ້ມູນເພີ່ມເຕີມສຳລັບຄຳຮ້ອງຂອງທ່ານ — RC0000${id}`);
    expect(mail.text).toContain('• ຫຼັກຖານທີ່ຢູ່ອາໄສ');
    expect(mail.text).toContain('• ບ້ານ');

    const view = (await get(t, `${CITIZEN}/${id}`, { ...citizen.headers, 'accept-language': 'lo' })).json().data;
    const request = view.information_request;
    expect(request).toMatchObject({ documents: ['proof_of_residence'], fields: ['village_id'] });
    expect(request.reasons.map((r: { code: string }) => r.code)).toEqual([
      'proof_of_residence_missing',
      'wrong_village',
    ]);

    const village = view.applicant_data.village_id as number;
    const upload = await finishedUpload(t, citizen.headers, 'proof_of_residence', pdf('Proof of residence 2026'));
    const body = {
      request_id: request.id,
      fields: { village_id: village },
      proof_of_residence_upload_id: upload,
      proof_of_residence_name: 'residence-2026.pdf',
    };
    const answer = (payload: object, headers = citizen.headers) =>
      post(t, `${CITIZEN}/${id}/answer-request`, headers, payload);

    // Another citizen: as if it did not exist.
    const stranger = await createAccount(t.app);
    expect((await answer(body, stranger.headers)).statusCode).toBe(404);
    // Only what was asked, and all of it.
    const extra = await answer({ ...body, fields: { village_id: village, first_name: 'Other' } });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().data.fields).toEqual({ 'fields.first_name': 'not_requested' });
    const photo = await answer({ ...body, applicant_photo_upload_id: upload });
    expect(photo.statusCode).toBe(400);
    expect(photo.json().data.fields).toEqual({ applicant_photo_upload_id: 'not_requested' });
    const noDocument = await answer({ ...body, proof_of_residence_upload_id: undefined });
    expect(noDocument.json().data.fields).toEqual({ proof_of_residence_upload_id: 'required' });
    const noField = await answer({ ...body, fields: {} });
    expect(noField.json().data.fields).toEqual({ 'fields.village_id': 'required' });
    const wrongRequest = await answer({ ...body, request_id: request.id + 1000 });
    expect(wrongRequest.statusCode).toBe(409);
    expect(wrongRequest.json().data.error_code).toBe('request_not_open');

    // Once: the same key twice gives the same answer and one change.
    const keyed = { ...citizen.headers, 'idempotency-key': `answer-${id}-0001` };
    const first = await answer(body, keyed);
    expect(first.statusCode, first.body).toBe(200);
    const again = await answer(body, keyed);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    // A new attempt without the key finds the request closed.
    expect((await answer(body)).json().data.error_code).toBe('request_not_open');
    const backs = await t.app.db
      .select()
      .from(statusHistory)
      .where(and(eq(statusHistory.applicationId, id), eq(statusHistory.fromStatus, 'information requested')));
    expect(backs).toHaveLength(1);
    expect(backs[0]).toMatchObject({ toStatus: 'in validation', actor: 'citizen' });

    // Back in the review queue, reviewed by nobody, held by nobody, the clock running; the old proof on record.
    const [row] = await t.app.db.select().from(applications).where(eq(applications.id, id));
    expect(row).toMatchObject({ status: 'in validation', reviewedBy: null, claimedBy: null, clockPausedAt: null });
    expect(row.dueOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const queue = (await get(t, `${TASKS}/review`, reviewer.headers)).json().data;
    expect(queue.items.find((i: { id: number }) => i.id === id)?.clock?.tone).toMatch(/on-time|at-risk|overdue/);
    const residences = await t.app.db
      .select()
      .from(documents)
      .where(and(eq(documents.applicationId, id), eq(documents.kind, 'proof_of_residence')));
    expect(residences).toHaveLength(2);
    const detail = (await get(t, `${OFFICER}/${id}`, reviewer.headers)).json().data;
    expect(detail.document_submit.proof_of_residence_name).toBe('residence-2026.pdf');
    expect(detail.information_requests).toHaveLength(1);
    expect(detail.information_requests[0]).toMatchObject({
      officer: { id: reviewer.user.id },
      answer: { fields: { village_id: { before: village, after: village } }, documents: ['proof_of_residence'] },
    });
    expect(detail.information_requests[0].answered_at).not.toBeNull();
  });

  it('reminds three days before the answer-by date and rejects unanswered requests once, with a fixed note', async () => {
    realNow(t);
    const { citizen, id } = await paidApplication(t, cashier);
    await ask(id);
    const [request] = await t.app.db
      .select()
      .from(informationRequests)
      .where(eq(informationRequests.applicationId, id));
    const answerBy = request.answerBy.getTime();
    expect(answerBy - Date.now()).toBeGreaterThan(13.9 * 86_400_000);

    expect(await remindOpenRequests(t.app, new Date(answerBy - 4 * 86_400_000))).toBe(0);
    const in3 = new Date(answerBy - 2 * 86_400_000);
    const [a, b] = await Promise.all([remindOpenRequests(t.app, in3), remindOpenRequests(t.app, in3)]);
    expect(a + b).toBe(1);
    expect(mailsTo(t.dataDir, citizen.user.email).at(-1)!.subject).toMatch(/^Reminder: information needed by/);

    const late = new Date(answerBy + 60_000);
    const [x, y] = await Promise.all([rejectUnansweredRequests(t.app, late), rejectUnansweredRequests(t.app, late)]);
    expect(x + y).toBe(1);
    const view = (await get(t, `${CITIZEN}/${id}`, citizen.headers)).json().data;
    expect(view).toMatchObject({ status: 'rejected', notes_code: 'information_not_sent', information_request: null });
    const rejections = await t.app.db
      .select()
      .from(statusHistory)
      .where(and(eq(statusHistory.applicationId, id), eq(statusHistory.toStatus, 'rejected')));
    expect(rejections).toHaveLength(1);
    expect(rejections[0]).toMatchObject({ actor: 'system', notesCode: 'information_not_sent' });
    expect(mailsTo(t.dataDir, citizen.user.email).at(-1)!.text).toContain(
      'The information an officer asked for was not sent in time',
    );
  });

  it('refuses a request without a catalogued reason, or from a status other than in validation', async () => {
    realNow(t);
    const { id } = await paidApplication(t, cashier);
    const notYet = await act(t, reviewer.headers, id, 'request-information', {
      reason_codes: ['wrong_village'],
      fields: ['village_id'],
    });
    expect(notYet.statusCode).toBe(409);
    await must(t, reviewer.headers, id, 'start-review');
    const noReason = await act(t, reviewer.headers, id, 'request-information', {
      reason_codes: [],
      fields: ['village_id'],
    });
    expect(noReason.json().data.error_code).toBe('reason_required');
    const rejectOnly = await act(t, reviewer.headers, id, 'request-information', {
      reason_codes: ['duplicate_application'],
      fields: ['village_id'],
    });
    expect(rejectOnly.json().data.error_code).toBe('reason_required');
    const nothing = await act(t, reviewer.headers, id, 'request-information', { reason_codes: ['wrong_village'] });
    expect(nothing.statusCode).toBe(400);
  });
});

describe('the reasons catalogue', () => {
  it('lists the active reasons; admins add, change and retire them, on record', async () => {
    realNow(t);
    const admin = await createOfficer(t.app, 'admin');
    const list = (await get(t, '/api/v1/officer/reasons', reviewer.headers)).json().data;
    expect(list.length).toBeGreaterThanOrEqual(8);
    expect(list[0]).toMatchObject({ code: 'household_book_unreadable', active: true });
    expect((await get(t, '/api/v1/officer/reasons?all=1', reviewer.headers)).statusCode).toBe(403);
    const reason = {
      code: 'signature_missing',
      usage: 'request',
      text_en: 'The household registration book is not signed by the village chief.',
      text_lo: 'ປຶ້ມສຳມະໂນຄົວບໍ່ມີລາຍເຊັນຂອງນາຍບ້ານ.',
      action_en: 'Ask the village chief to sign it, then send it again.',
      action_lo: 'ກະລຸນາໃຫ້ນາຍບ້ານເຊັນ ແລ້ວສົ່ງມາໃໝ່.',
    };
    expect((await post(t, '/api/v1/officer/reasons', reviewer.headers, reason)).statusCode).toBe(403);
    const added = await post(t, '/api/v1/officer/reasons', admin.headers, reason);
    expect(added.statusCode, added.body).toBe(201);
    expect((await post(t, '/api/v1/officer/reasons', admin.headers, reason)).statusCode).toBe(409);
    const retired = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/officer/reasons/${added.json().data.id}`,
      headers: admin.headers,
      payload: { active: false },
    });
    expect(retired.json().data).toMatchObject({ code: 'signature_missing', active: false });
    const active = (await get(t, '/api/v1/officer/reasons', reviewer.headers)).json().data;
    expect(active.map((r: { code: string }) => r.code)).not.toContain('signature_missing');
    const all = (await get(t, '/api/v1/officer/reasons?all=1', admin.headers)).json().data;
    expect(all.map((r: { code: string }) => r.code)).toContain('signature_missing');
  });
});
