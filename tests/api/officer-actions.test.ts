import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, documents, notifications, statusHistory } from '../../server/db/schema';
import { dataUrl, png } from './application-fixtures';
import { createOfficer } from './fixtures';
import { startTestApp, type TestApp } from './test-app';
import { CITIZEN, OFFICER, submittedApplication, uploadProof } from './trust-fixtures';

let t: TestApp;
let officer: Awaited<ReturnType<typeof createOfficer>>;
/** The second pair of eyes: approves what `officer` reviewed. */
let approver: Awaited<ReturnType<typeof createOfficer>>;
beforeAll(async () => {
  t = await startTestApp();
  officer = await createOfficer(t.app);
  approver = await createOfficer(t.app);
});
afterAll(async () => t?.close());

/** A citizen's application through the citizen API; with `proof`, the proof of payment is uploaded too. */
async function newApplication(opts: { proof?: boolean; overrides?: Record<string, unknown> } = {}) {
  const { citizen, id } = await submittedApplication(t, undefined, opts.overrides);
  if (opts.proof ?? true) await uploadProof(t, citizen.headers, id);
  return { citizen, id };
}

const act = (id: number, action: string, payload: object = {}, headers: Record<string, string> = officer.headers) =>
  t.app.inject({ method: 'POST', url: `${OFFICER}/${id}/${action}`, headers, payload });
const officerDetail = async (id: number) =>
  (await t.app.inject({ method: 'GET', url: `${OFFICER}/${id}`, headers: officer.headers })).json().data;
const kinds = async (id: number) =>
  (await t.app.db.select().from(notifications).where(eq(notifications.applicationId, id))).map((n) => n.kind);

describe('officer access', () => {
  it('answers 401 without a session and 403 to a citizen, on the queue, the detail and the actions', async () => {
    const { citizen, id } = await newApplication();
    for (const [method, url] of [
      ['GET', OFFICER],
      ['GET', `${OFFICER}/${id}`],
      ['POST', `${OFFICER}/${id}/verify-payment`],
    ] as const) {
      const none = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(none.statusCode, `${method} ${url}`).toBe(401);
      const denied = await t.app.inject({
        method,
        url,
        headers: citizen.headers,
        payload: method === 'POST' ? {} : undefined,
      });
      expect(denied.statusCode, `${method} ${url}`).toBe(403);
      expect(denied.json().data.error_code).toBe('forbidden');
    }
    expect((await t.app.db.select().from(applications).where(eq(applications.id, id)))[0].paymentStatus).toBe('unpaid');
  });

  it('404 for an application that does not exist', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${OFFICER}/999999`, headers: officer.headers })).statusCode).toBe(
      404,
    );
    expect((await act(999999, 'approve')).statusCode).toBe(404);
  });

  it('officers read the documents through the citizen document route', async () => {
    const { id } = await newApplication();
    const d = await officerDetail(id);
    const res = await t.app.inject({ method: 'GET', url: d.payment.proof_of_payment_path, headers: officer.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });
});

describe('officer actions', () => {
  it('takes an application from proof to certificate issued and picked up, recording the officer and telling the citizen', async () => {
    const { citizen, id } = await newApplication();
    let d = await officerDetail(id);
    expect(d).toMatchObject({
      id,
      status: 'waiting for approve',
      account: { id: citizen.user.id, email: citizen.user.email, id_card: citizen.user.idCard },
    });
    expect(d.actions).toEqual(['verify-payment', 'refuse-payment', 'reject']);

    let res = await act(id, 'verify-payment');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'waiting for approve', payment_status: 'paid' });
    expect((await officerDetail(id)).actions).toEqual(['start-review', 'reject']);

    res = await act(id, 'start-review');
    expect(res.json().data.status).toBe('in validation');
    res = await act(id, 'mark-reviewed', { notes: 'Checked against the household book' });
    expect(res.json().data.status).toBe('in validation');
    res = await act(id, 'approve', { notes: 'Documents match the household book' }, approver.headers);
    expect(res.json().data.status).toBe('waiting for certificate issued');
    res = await act(id, 'issue-certificate');
    expect(res.statusCode, res.body).toBe(200);
    const code = res.json().data.certificate_code as string;
    expect(code).toMatch(/^[A-Z2-7]{26}$/);
    expect(res.json().data.status).toBe('certificate issued');

    const citizenView = (
      await t.app.inject({ method: 'GET', url: `${CITIZEN}/${id}`, headers: citizen.headers })
    ).json().data;
    expect(citizenView).toMatchObject({ status: 'certificate issued', certificate_code: code });

    d = await officerDetail(id);
    expect(
      d.history.map((h: { from_status: string; to_status: string; actor: string }) => [
        h.from_status,
        h.to_status,
        h.actor,
      ]),
    ).toEqual([
      [null, 'pending', 'citizen'],
      ['pending', 'waiting for approve', 'citizen'],
      ['waiting for approve', 'waiting for approve', 'officer'],
      ['waiting for approve', 'in validation', 'officer'],
      ['in validation', 'in validation', 'officer'],
      ['in validation', 'application approved', 'officer'],
      ['application approved', 'waiting for certificate issued', 'system'],
      ['waiting for certificate issued', 'certificate issued', 'officer'],
    ]);
    const officerRows = d.history.filter((h: { actor: string }) => h.actor === 'officer');
    expect(officerRows.map((h: { actor_email: string }) => h.actor_email)).toEqual([
      officer.user.email,
      officer.user.email,
      officer.user.email,
      approver.user.email,
      officer.user.email,
    ]);
    expect(d.history[4].notes).toBe('Checked against the household book');
    expect(d.history[5].notes).toBe('Documents match the household book');
    expect(d.history[2]).toMatchObject({ from_payment_status: 'unpaid', to_payment_status: 'paid' });
    expect(await kinds(id)).toEqual([
      'application_created',
      'proof_received',
      'payment_confirmed',
      'in_validation',
      'approved',
      'certificate_issued',
    ]);

    // The citizen books a pick-up (another feature); the officer then hands the certificate over.
    await t.app.db
      .update(applications)
      .set({ status: 'waiting to pickup', pickupDate: '2026-12-01', pickupTime: '08:00 AM' })
      .where(eq(applications.id, id));
    res = await act(id, 'mark-picked-up');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('picked up');
    expect((await kinds(id)).at(-1)).toBe('picked_up');
  });

  it('gives every certificate a different code', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const { id } = await newApplication();
      for (const a of ['verify-payment', 'start-review', 'mark-reviewed'])
        expect((await act(id, a)).statusCode).toBe(200);
      expect((await act(id, 'approve', {}, approver.headers)).statusCode).toBe(200);
      codes.add((await act(id, 'issue-certificate')).json().data.certificate_code);
    }
    expect(codes.size).toBe(2);
  });

  it('a refused proof sends the application back to pending, clears the proof, says why and lets the citizen send another', async () => {
    const { citizen, id } = await newApplication();
    const res = await act(id, 'refuse-payment', { notes: 'The amount on the receipt is not readable' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'pending', payment_status: 'unpaid' });
    const view = (await t.app.inject({ method: 'GET', url: `${CITIZEN}/${id}`, headers: citizen.headers })).json().data;
    expect(view.status).toBe('pending');
    expect(view.payment.proof_of_payment_path).toBeNull();
    const proofs = await t.app.db
      .select()
      .from(documents)
      .where(and(eq(documents.applicationId, id), eq(documents.kind, 'proof_of_payment')));
    expect(proofs).toHaveLength(0);
    const [note] = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.applicationId, id), eq(notifications.kind, 'proof_refused')));
    expect(note.messageEn).toContain('The amount on the receipt is not readable');
    const [h] = await t.app.db
      .select()
      .from(statusHistory)
      .where(
        and(
          eq(statusHistory.applicationId, id),
          eq(statusHistory.toStatus, 'pending'),
          eq(statusHistory.actor, 'officer'),
        ),
      );
    expect(h).toMatchObject({
      fromStatus: 'waiting for approve',
      actorId: officer.user.id,
      notes: 'The amount on the receipt is not readable',
    });
    const again = await t.app.inject({
      method: 'POST',
      url: `${CITIZEN}/${id}/upload-payment`,
      headers: citizen.headers,
      payload: { proof_of_payment: dataUrl(png(720, 1280)), proof_of_payment_name: 'better.png' },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await officerDetail(id)).status).toBe('waiting for approve');
  });

  it('rejects with a catalogued reason and notes the citizen reads', async () => {
    const { citizen, id } = await newApplication();
    expect((await act(id, 'verify-payment')).statusCode).toBe(200);
    expect((await act(id, 'start-review')).statusCode).toBe(200);
    const res = await act(id, 'reject', {
      reason_codes: ['household_book_unreadable'],
      notes: 'The household book belongs to another family.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('rejected');
    const view = (await t.app.inject({ method: 'GET', url: `${CITIZEN}/${id}`, headers: citizen.headers })).json().data;
    expect(view).toMatchObject({
      status: 'rejected',
      notes: 'A page of the household registration book cannot be read. The household book belongs to another family.',
      rejection_reasons: [
        {
          code: 'household_book_unreadable',
          text: 'A page of the household registration book cannot be read.',
          what_to_do: 'Send a clear photo or scan of every page of the household registration book.',
        },
      ],
    });
    expect((await kinds(id)).at(-1)).toBe('rejected');
    // The note's own full stop does not double the template's.
    const [note] = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.applicationId, id), eq(notifications.kind, 'rejected')));
    expect(note.messageEn).toBe(
      `Your application RC0000${id} was rejected: A page of the household registration book cannot be read. The household book belongs to another family. You can apply again from Applied before.`,
    );
    expect(note.messageLo).toContain('ບາງໜ້າຂອງປຶ້ມສຳມະໂນຄົວອ່ານບໍ່ອອກ');
  });

  it('requires notes to refuse a proof (400) and a catalogued reason to reject (400 reason_required), changing nothing', async () => {
    const { id } = await newApplication();
    for (const payload of [{}, { notes: '   ' }]) {
      const res = await act(id, 'refuse-payment', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().data).toMatchObject({ error_code: 'validation_failed', fields: { notes: 'required' } });
    }
    for (const payload of [
      {},
      { notes: 'No reason picked' },
      { reason_codes: [] },
      { reason_codes: ['no_such_reason'] },
    ]) {
      const res = await act(id, 'reject', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().data.error_code).toBe('reason_required');
    }
    const long = await act(id, 'reject', { reason_codes: ['wrong_village'], notes: 'x'.repeat(501) });
    expect(long.json().data.fields).toEqual({ notes: 'too_long' });
    expect((await officerDetail(id)).status).toBe('waiting for approve');
  });

  it('refuses transitions the status machine does not allow with 409, changing nothing', async () => {
    const { id: unpaid } = await newApplication();
    for (const action of ['start-review', 'approve', 'issue-certificate', 'mark-picked-up']) {
      const res = await act(unpaid, action);
      expect(res.statusCode, action).toBe(409);
      expect(res.json().data.error_code).toBe('invalid_status_transition');
    }
    const { id: noProof } = await newApplication({ proof: false });
    expect((await act(noProof, 'verify-payment')).statusCode).toBe(409);
    expect((await act(noProof, 'refuse-payment', { notes: 'No proof' })).statusCode).toBe(409);

    const { id: rejected } = await newApplication();
    expect((await act(rejected, 'reject', { reason_codes: ['duplicate_application'] })).statusCode).toBe(200);
    for (const action of ['verify-payment', 'start-review', 'approve', 'issue-certificate']) {
      expect((await act(rejected, action)).statusCode, action).toBe(409);
    }
    expect(
      (await act(rejected, 'reject', { reason_codes: ['duplicate_application'], notes: 'Again' })).statusCode,
    ).toBe(409);
    const history = await t.app.db.select().from(statusHistory).where(eq(statusHistory.applicationId, unpaid));
    expect(history).toHaveLength(2);
  });

  it('honours Idempotency-Key: a repeated action gets the first answer and changes nothing more', async () => {
    const { id } = await newApplication();
    const headers = { ...officer.headers, 'idempotency-key': `verify-${id}-0001` };
    const first = await act(id, 'verify-payment', {}, headers);
    const second = await act(id, 'verify-payment', {}, headers);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect((await kinds(id)).filter((k) => k === 'payment_confirmed')).toHaveLength(1);
    const other = await act(id, 'verify-payment', { notes: 'different' }, headers);
    expect(other.statusCode).toBe(422);
  });
});

describe('officer queue', () => {
  it('lists newest change first with total, filters by status and searches by ticket, name and ID card', async () => {
    const a = await newApplication({ overrides: { first_name: 'Vilayvanh', last_name: 'Sisouphanh' } });
    const b = await newApplication({ proof: false, overrides: { first_name: 'Khamphet', last_name: 'Inthavong' } });
    const list = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `${OFFICER}?${query}`, headers: officer.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const all = await list('');
    expect(all.page).toBe(1);
    expect(all.page_size).toBe(20);
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect(all.items[0]).toMatchObject({
      id: b.id,
      ticket_number: `RC0000${b.id}`,
      applicant_name: 'Khamphet Inthavong',
      status: 'pending',
      payment_status: 'unpaid',
    });
    expect(all.items[0].applied_on).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(all.items[0].deadline).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const pending = await list('status=pending');
    expect(pending.items.every((i: { status: string }) => i.status === 'pending')).toBe(true);
    expect(pending.items.map((i: { id: number }) => i.id)).toContain(b.id);
    expect(pending.items.map((i: { id: number }) => i.id)).not.toContain(a.id);

    expect((await list(`q=RC0000${a.id}`)).items.map((i: { id: number }) => i.id)).toEqual([a.id]);
    expect((await list('q=vilayvanh')).items.map((i: { id: number }) => i.id)).toEqual([a.id]);
    expect((await list(`q=${a.citizen.user.idCard}`)).items.map((i: { id: number }) => i.id)).toEqual([a.id]);
    expect((await list('q=Khamphet&status=waiting%20for%20approve')).total).toBe(0);
    expect((await list('q=%25')).total).toBe(0);
    // A name is found as written from its start, first name or last name first, the last word in
    // part, in any case, in Lao script too.
    const ids = async (q: string) => (await list(`q=${encodeURIComponent(q)}`)).items.map((i: { id: number }) => i.id);
    expect(await ids('Sisou')).toEqual([a.id]);
    expect(await ids('sisouphanh  VILAY')).toEqual([a.id]);
    expect(await ids('Vilayvanh Sis')).toEqual([a.id]);
    expect(await ids('Vilay Sisouphanh')).toEqual([]);
    expect(await ids('Vilayvanh Inthavong')).toEqual([]);
    expect(await ids('ouphanh')).toEqual([]);
    // A ticket, an ID number or an e-mail is found by its beginning in any case; a ticket by its
    // digits alone too; nothing by a part in the middle.
    const { email, idCard } = a.citizen.user;
    expect(await ids(`rc0000${a.id}`)).toContain(a.id);
    expect(await ids(`0000${a.id}`)).toContain(a.id);
    expect(await ids(String(a.id))).toContain(a.id);
    expect(await ids(idCard!.slice(0, -1))).toContain(a.id);
    expect(await ids(email.toUpperCase())).toEqual([a.id]);
    expect(await ids(email.slice(0, email.indexOf('@') + 1))).toEqual([a.id]);
    expect(await ids(email.slice(2))).toEqual([]);
    expect(await ids(`C0000${a.id}`)).toEqual([]);
    const lao = await newApplication({ proof: false, overrides: { first_name: 'ສົມໃຈ', last_name: 'ແກ້ວມະນີ' } });
    expect(await ids('ແກ້ວ')).toEqual([lao.id]);
    expect(await ids('ສົມໃຈ ແກ້ວມະນີ')).toEqual([lao.id]);

    const bad = await t.app.inject({ method: 'GET', url: `${OFFICER}?status=done`, headers: officer.headers });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `${OFFICER}?page=0`, headers: officer.headers })).statusCode).toBe(
      400,
    );
  });

  it('a search matching more than 1,000 cases says "more than" and still lists the first matches in the queue\'s order', async () => {
    const { id } = await newApplication({
      proof: false,
      overrides: { first_name: 'Bounmy', last_name: 'Xaysomphone' },
    });
    const [row] = await t.app.db.select().from(applications).where(eq(applications.id, id));
    const { id: _, ...copy } = row;
    const base = Date.parse('2021-03-01T03:00:00Z');
    await t.app.db.insert(applications).values(
      Array.from({ length: 1_050 }, (_, i) => ({
        ...copy,
        ticketNumber: `RCX${i}`,
        vaNumber: `VAX${i}`,
        createdAt: new Date(base),
        // Two cases per minute: between them the id decides.
        updatedAt: new Date(base + Math.floor(i / 2) * 60_000),
      })),
    );
    const list = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `${OFFICER}?${query}`, headers: officer.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { items: { id: number }[]; total: number; total_capped: boolean };
    };
    const ordered = (
      await t.app.db
        .select({ id: applications.id })
        .from(applications)
        .where(sql`${applications.applicantData}->>'last_name' = 'Xaysomphone'`)
        .orderBy(desc(applications.updatedAt), desc(applications.id))
    ).map((r) => r.id);
    expect(ordered).toHaveLength(1_051);

    const first = await list('q=xaysomphone');
    expect(first).toMatchObject({ total: 1_000, total_capped: true });
    expect(first.items.map((i) => i.id)).toEqual(ordered.slice(0, 20));
    expect((await list('q=xaysomphone&page=3')).items.map((i) => i.id)).toEqual(ordered.slice(40, 60));
    // Under the ceiling the total is exact and the order the same.
    const few = await list('q=RCX104');
    expect(few).toMatchObject({ total: 11, total_capped: false });
    const rcx104 = (
      await t.app.db
        .select({ id: applications.id })
        .from(applications)
        .where(sql`${applications.ticketNumber} like 'RCX104%'`)
        .orderBy(desc(applications.updatedAt), desc(applications.id))
    ).map((r) => r.id);
    expect(few.items.map((i) => i.id)).toEqual(rcx104);
    // The other tests of the queue count on a small one.
    await t.app.db.delete(applications).where(sql`${applications.ticketNumber} like 'RCX%'`);
  });

  it('pages by 20', async () => {
    const first = (await t.app.inject({ method: 'GET', url: OFFICER, headers: officer.headers })).json().data;
    for (let i = first.total; i < 21; i++) await newApplication({ proof: false });
    const p1 = (await t.app.inject({ method: 'GET', url: OFFICER, headers: officer.headers })).json().data;
    const p2 = (await t.app.inject({ method: 'GET', url: `${OFFICER}?page=2`, headers: officer.headers })).json().data;
    expect(p1.items).toHaveLength(20);
    expect(p2.items).toHaveLength(p1.total - 20);
    expect(new Set([...p1.items, ...p2.items].map((i: { id: number }) => i.id)).size).toBe(p1.total);
  });
});
