import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Status } from '../../contract/status';
import { applications, documents } from '../../server/db/schema';
import { applicationBody, dataUrl, pdf } from './application-fixtures';
import { BASE, newApplication } from './certificate-fixtures';
import { startTestApp, type TestApp } from './test-app';

// With the embedded database the history and detail answers are kept in memory until the citizen's
// records change (server/services/citizen-answers.ts). Whoever writes — a route, a job, an operator
// in SQL — the next read must show the change. On PostgreSQL nothing is kept and the same must hold.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

type Headers = Record<string, string>;
const detail = (id: number, headers: Headers, lang = 'en') =>
  t.app.inject({ url: `${BASE}/${id}?lang=${lang}`, headers }).then((r) => r.json().data);
const history = (headers: Headers) =>
  t.app
    .inject({ url: `${BASE}/history`, headers })
    .then((r) => r.json().data.items as { id: number; status: string }[]);

describe('answers kept for a citizen', () => {
  it('are kept only with the embedded database', () => {
    expect(t.app.citizenAnswers !== null).toBe(t.app.database.kind === 'pglite');
  });

  it('show a change written outside the routes (a job, an operator) on the next read', async () => {
    const { citizen, id } = await newApplication(t.app);
    expect((await detail(id, citizen.headers)).status).toBe(Status.pending);
    expect((await history(citizen.headers))[0].status).toBe(Status.pending);
    await t.app.db
      .update(applications)
      .set({ status: Status.rejected, notes: 'Photo unreadable' })
      .where(eq(applications.id, id));
    expect(await detail(id, citizen.headers)).toMatchObject({ status: Status.rejected, notes: 'Photo unreadable' });
    expect((await history(citizen.headers))[0].status).toBe(Status.rejected);
  });

  it('show a change made in a transaction once it has committed, and not a rolled-back one', async () => {
    const { citizen, id } = await newApplication(t.app);
    await detail(id, citizen.headers);
    await t.app.db.transaction(async (tx) => {
      await tx.update(applications).set({ notes: 'first' }).where(eq(applications.id, id));
      await tx.update(applications).set({ notes: 'second' }).where(eq(applications.id, id));
    });
    expect((await detail(id, citizen.headers)).notes).toBe('second');
    await t.app.db
      .transaction(async (tx) => {
        await tx.update(applications).set({ notes: 'never' }).where(eq(applications.id, id));
        tx.rollback();
      })
      .catch(() => undefined);
    expect((await detail(id, citizen.headers)).notes).toBe('second');
  });

  it('show a replaced document, in both languages', async () => {
    const { citizen, id } = await newApplication(t.app);
    const before = await detail(id, citizen.headers);
    await detail(id, citizen.headers, 'lo');
    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE}/upload-document/${id}`,
      headers: citizen.headers,
      payload: { proof_of_residence: dataUrl(pdf('new'), 'application/pdf'), proof_of_residence_name: 'new.pdf' },
    });
    expect(res.statusCode).toBe(200);
    for (const lang of ['en', 'lo']) {
      const after = await detail(id, citizen.headers, lang);
      expect(after.document_submit.proof_of_residence_name).toBe('new.pdf');
      expect(after.document_submit.proof_of_residence_name).not.toBe(before.document_submit.proof_of_residence_name);
    }
  });

  it('show a document removed by hand', async () => {
    const { citizen, id } = await newApplication(t.app);
    expect((await detail(id, citizen.headers)).document_submit.applicant_photo_path).not.toBeNull();
    await t.app.db
      .delete(documents)
      .where(sql`${documents.applicationId} = ${id} and ${documents.kind} = 'applicant_photo'`);
    expect((await detail(id, citizen.headers)).document_submit.applicant_photo_path).toBeNull();
  });

  it('show a new application in the history at once, read while many reads are in flight', async () => {
    const { citizen, id } = await newApplication(t.app);
    const during = Array.from({ length: 30 }, () => history(citizen.headers));
    const reapplied = await t.app.inject({
      method: 'POST',
      url: `${BASE}/create-new`,
      headers: citizen.headers,
      payload: await applicationBody(t.app),
    });
    expect(reapplied.statusCode).toBe(201);
    await Promise.all(during); // either answer is right for these: they raced the write
    const after = await Promise.all(Array.from({ length: 10 }, () => history(citizen.headers)));
    for (const items of after) expect(items.map((i) => i.id)).toEqual([reapplied.json().data.id, id]);
  });

  it('are never another citizen’s', async () => {
    const a = await newApplication(t.app);
    const b = await newApplication(t.app);
    await detail(a.id, a.citizen.headers);
    const res = await t.app.inject({ url: `${BASE}/${a.id}`, headers: b.citizen.headers });
    expect(res.statusCode).toBe(404);
    expect((await history(b.citizen.headers)).map((i) => i.id)).toEqual([b.id]);
  });
});
