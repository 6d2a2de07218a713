import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, officerAuditLog } from '../../server/db/schema';
import { createOfficer } from './fixtures';
import {
  get,
  must,
  namedOfficer,
  paidApplication,
  post,
  realNow,
  setNow,
  TASKS,
  type Officer,
} from './officer-day-fixtures';
import { startTestApp, type TestApp } from './test-app';
import { act, OFFICER } from './trust-fixtures';

/**
 * Queues by task and claims (docs/decisions.md#claims): take next hands every officer a different
 * case, a held case is refused to others, a lapsed one is anyone's, admins release and hand over.
 */

let t: TestApp;
let cashier: Officer;
let admin: Officer;
beforeAll(async () => {
  t = await startTestApp();
  cashier = await createOfficer(t.app, 'cashier');
  admin = await namedOfficer(t, 'admin', 'Vilay');
});
afterAll(async () => t?.close());

const claim = (id: number, headers: Record<string, string>) => post(t, `${OFFICER}/${id}/claim`, headers);
const release = (id: number, headers: Record<string, string>) =>
  t.app.inject({ method: 'DELETE', url: `${OFFICER}/${id}/claim`, headers });
const holderOf = async (id: number) =>
  (await t.app.db.select({ by: applications.claimedBy }).from(applications).where(eq(applications.id, id)))[0].by;

describe('take next', () => {
  it('twenty officers pressing it at once get twenty different cases, reviews started; then the queue is empty', async () => {
    realNow(t);
    const cases = [];
    for (let i = 0; i < 20; i++) cases.push((await paidApplication(t, cashier)).id);
    // Different due days, so the order is the time left: the last case paid is due first.
    for (const [i, id] of cases.entries())
      await t.app.db
        .update(applications)
        .set({ dueOn: `2030-01-${String(30 - i).padStart(2, '0')}` })
        .where(eq(applications.id, id));
    const reviewers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => namedOfficer(t, 'reviewer', `Reviewer${i}`)),
    );

    const first = await post(t, `${TASKS}/review/next`, reviewers[0].headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.id).toBe(cases[19]);
    const taken = await Promise.all(reviewers.slice(1).map((r) => post(t, `${TASKS}/review/next`, r.headers)));
    for (const res of taken) expect(res.statusCode, res.body).toBe(200);
    const ids = [first, ...taken].map((res) => res.json().data.id as number);
    expect(new Set(ids).size).toBe(20);
    expect([...ids].sort()).toEqual([...cases].sort());

    const rows = await t.app.db.select().from(applications).where(inArray(applications.id, cases));
    for (const row of rows) {
      expect(row.status).toBe('in validation');
      expect(reviewers[ids.indexOf(row.id)].user.id).toBe(row.claimedBy);
    }
    const empty = await post(t, `${TASKS}/review/next`, (await namedOfficer(t, 'reviewer', 'Late')).headers);
    expect(empty.statusCode).toBe(404);
    expect(empty.json().data.error_code).toBe('queue_empty');

    // Each sees their case as theirs in the queue and the counts.
    const mine = (await get(t, `${TASKS}/review?mine=1`, reviewers[3].headers)).json().data;
    expect(mine.items.map((i: { id: number }) => i.id)).toEqual([ids[3]]);
    expect(mine.items[0].claimed_by).toMatchObject({ id: reviewers[3].user.id, name: 'Reviewer3 Officer' });
    const counts = (await get(t, TASKS, reviewers[3].headers)).json().data;
    expect(counts.map((c: { task: string }) => c.task)).toEqual(['review', 'waiting']);
    expect(counts[0]).toMatchObject({ task: 'review', mine: 1 });
    expect(counts[0].total).toBeGreaterThanOrEqual(20);
  }, 300_000);

  it('is refused for a queue the role does not work (403) and never hands an officer their own application', async () => {
    realNow(t);
    expect((await get(t, `${TASKS}/review`, cashier.headers)).statusCode).toBe(403);
    expect((await post(t, `${TASKS}/approval/next`, cashier.headers)).statusCode).toBe(403);
    const bad = await get(t, `${TASKS}/everything`, admin.headers);
    expect(bad.statusCode).toBe(400);

    const applicant = await namedOfficer(t, 'reviewer', 'Self');
    const { id } = await paidApplication(t, cashier, {});
    // The officer applied as a citizen too: moved onto their account.
    await t.app.db
      .update(applications)
      .set({ userId: applicant.user.id, dueOn: '2000-01-01' })
      .where(eq(applications.id, id));
    const next = await post(t, `${TASKS}/review/next`, applicant.headers);
    expect(next.statusCode === 404 || next.json().data.id !== id).toBe(true);
  });

  it('for approval, never the case the officer reviewed', async () => {
    realNow(t);
    const { id } = await paidApplication(t, cashier);
    await must(t, admin.headers, id, 'start-review');
    await must(t, admin.headers, id, 'mark-reviewed');
    // Only this case waits for approval in the test's database.
    const own = await post(t, `${TASKS}/approval/next`, admin.headers);
    expect(own.statusCode).toBe(404);
    const second = await namedOfficer(t, 'approver', 'Second');
    const taken = await post(t, `${TASKS}/approval/next`, second.headers);
    expect(taken.json().data.id).toBe(id);
  });
});

describe('claims', () => {
  it('a held case is refused to another officer, naming the holder; a lapsed claim is taken over; the holder releases', async () => {
    realNow(t);
    const kham = await namedOfficer(t, 'reviewer', 'Kham');
    const noy = await namedOfficer(t, 'reviewer', 'Noy');
    const { id } = await paidApplication(t, cashier);
    const taken = await claim(id, kham.headers);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().data).toMatchObject({ id: kham.user.id, name: 'Kham Officer', mine: true });
    // Taken from the review queue: the review started.
    let detail = (await get(t, `${OFFICER}/${id}`, noy.headers)).json().data;
    expect(detail.status).toBe('in validation');
    expect(detail.claim).toMatchObject({ id: kham.user.id, mine: false });
    expect(detail.actions).toEqual([]);

    for (const res of [await claim(id, noy.headers), await act(t, noy.headers, id, 'mark-reviewed')]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().data.error_code).toBe('claimed_by_other');
      expect(res.json().data.message).toContain('Kham Officer');
    }
    expect((await release(id, noy.headers)).statusCode).toBe(409);

    // Kham looks again ten minutes later: the claim lasts 15 minutes from that look.
    const base = Date.now();
    setNow(t, new Date(base + 10 * 60_000).toISOString());
    detail = (await get(t, `${OFFICER}/${id}`, kham.headers)).json().data;
    expect(detail.claim.mine).toBe(true);
    expect(Date.parse(detail.claim.expires_at)).toBe(base + 25 * 60_000);
    setNow(t, new Date(base + 20 * 60_000).toISOString());
    expect((await claim(id, noy.headers)).statusCode).toBe(409);

    // Nothing from Kham for more than 15 minutes: the claim lapsed, and Noy takes the case over.
    setNow(t, new Date(base + 26 * 60_000).toISOString());
    expect(
      (await get(t, `${TASKS}/review`, noy.headers)).json().data.items.find((i: { id: number }) => i.id === id),
    ).toMatchObject({ claimed_by: null });
    expect((await claim(id, noy.headers)).statusCode).toBe(200);
    expect(await holderOf(id)).toBe(noy.user.id);
    expect((await act(t, kham.headers, id, 'mark-reviewed')).statusCode).toBe(409);

    expect((await release(id, noy.headers)).statusCode).toBe(204);
    expect(await holderOf(id)).toBeNull();
    // Acting on an unclaimed case claims it; a decision that moves it on releases it.
    await must(t, kham.headers, id, 'mark-reviewed');
    expect(await holderOf(id)).toBeNull();
  });

  it('an admin releases anyone’s claim and hands a case over to an officer whose role fits', async () => {
    realNow(t);
    const kham = await namedOfficer(t, 'reviewer', 'Khamsy');
    const other = await namedOfficer(t, 'reviewer', 'Phet');
    const { id } = await paidApplication(t, cashier);
    expect((await claim(id, kham.headers)).statusCode).toBe(200);

    expect((await release(id, admin.headers)).statusCode).toBe(204);
    expect(await holderOf(id)).toBeNull();
    const [released] = await t.app.db
      .select()
      .from(officerAuditLog)
      .where(and(eq(officerAuditLog.action, 'claim.release'), eq(officerAuditLog.actorId, admin.user.id)));
    expect(released).toMatchObject({ targetUserId: kham.user.id, detail: { application_id: id } });

    expect((await claim(id, kham.headers)).statusCode).toBe(200);
    const handOver = (headers: Record<string, string>, officerId: number) =>
      post(t, `${OFFICER}/${id}/claim/hand-over`, headers, { officer_id: officerId });
    expect((await handOver(kham.headers, other.user.id)).statusCode).toBe(403);
    const toCashier = await handOver(admin.headers, cashier.user.id);
    expect(toCashier.statusCode).toBe(400);
    expect(toCashier.json().data.fields).toEqual({ officer_id: 'role_does_not_fit' });
    const done = await handOver(admin.headers, other.user.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ id: other.user.id, name: 'Phet Officer', mine: false });
    expect(await holderOf(id)).toBe(other.user.id);
    expect((await get(t, `${OFFICER}/${id}`, other.headers)).json().data.claim.mine).toBe(true);
    const [log] = await t.app.db
      .select()
      .from(officerAuditLog)
      .where(and(eq(officerAuditLog.action, 'claim.hand-over'), eq(officerAuditLog.targetUserId, other.user.id)));
    expect(log).toMatchObject({ actorId: admin.user.id, detail: { application_id: id, before: kham.user.id } });
  });

  it('escalates to a senior officer with a note the citizen never sees; drafts are kept per officer', async () => {
    realNow(t);
    const reviewer = await namedOfficer(t, 'reviewer', 'Sengdao');
    const senior = await namedOfficer(t, 'approver', 'Senior');
    const { id, citizen } = await paidApplication(t, cashier);
    await must(t, reviewer.headers, id, 'start-review');

    const draft = { action: 'reject', reason_codes: ['wrong_village'], notes: 'Village looks wrong' };
    const put = await t.app.inject({
      method: 'PUT',
      url: `${OFFICER}/${id}/draft`,
      headers: reviewer.headers,
      payload: draft,
    });
    expect(put.statusCode, put.body).toBe(200);
    const colleagues = (await get(t, '/api/v1/officer/colleagues', reviewer.headers)).json().data;
    expect(colleagues.find((c: { id: number }) => c.id === senior.user.id)).toMatchObject({ role: 'approver' });

    expect(
      (await post(t, `${OFFICER}/${id}/escalate`, reviewer.headers, { officer_id: cashier.user.id, note: 'x' }))
        .statusCode,
    ).toBe(400);
    const up = await post(t, `${OFFICER}/${id}/escalate`, reviewer.headers, {
      officer_id: senior.user.id,
      note: 'The village and the household book disagree; please decide.',
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(await holderOf(id)).toBe(senior.user.id);
    const noted = await post(t, `${OFFICER}/${id}/notes`, senior.headers, { body: 'Calling the village chief.' });
    expect(noted.statusCode, noted.body).toBe(201);
    const detail = (await get(t, `${OFFICER}/${id}`, senior.headers)).json().data;
    expect(detail.escalated_to).toMatchObject({ id: senior.user.id });
    expect(detail.internal_notes.map((n: { kind: string; body: string }) => [n.kind, n.body])).toEqual([
      ['escalation', 'The village and the household book disagree; please decide.'],
      ['note', 'Calling the village chief.'],
    ]);
    // The draft survives the claim passing on; it is the reviewer's only.
    expect((await get(t, `${OFFICER}/${id}/draft`, reviewer.headers)).json().data.draft).toEqual(draft);
    expect((await get(t, `${OFFICER}/${id}/draft`, senior.headers)).json().data.draft).toBeNull();
    // The citizen's detail and access log say nothing of the notes.
    const own = (await get(t, `/api/v1/citizen/resident-certificate/${id}`, citizen.headers)).body;
    expect(own).not.toContain('village chief');
    const log = (await get(t, `/api/v1/citizen/resident-certificate/${id}/access-log`, citizen.headers)).body;
    expect(log).not.toContain('village chief');
  });
});
