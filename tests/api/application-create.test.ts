import crypto from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, banks, documents, notifications, statusHistory } from '../../server/db/schema';
import { isValidLuhn } from '../../server/services/virtual-account';
import { applicationBody, dataUrl, pdf, png, storedFiles } from './application-fixtures';
import { createAccount } from './fixtures';
import { startTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const BASE = '/api/v1/citizen/resident-certificate';
const post = (url: string, headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as object });
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

async function totals() {
  const [a] = await t.app.db.select({ n: count() }).from(applications);
  const [d] = await t.app.db.select({ n: count() }).from(documents);
  return { applications: a.n, documents: d.n, files: storedFiles(t.dataDir).length };
}

describe('create-new', () => {
  it('creates the application with its documents, ticket, virtual account, fee and deadline', async () => {
    const citizen = await createAccount(t.app);
    const before = Date.now();
    const res = await post(`${BASE}/create-new`, citizen.headers, await applicationBody(t.app));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    expect(id).toBeGreaterThan(0);

    const detail = await get(`${BASE}/${id}`, citizen.headers);
    expect(detail.statusCode).toBe(200);
    const d = detail.json().data;
    expect(d).toMatchObject({ id, ticket_number: `RC0000${id}`, status: 'pending', notes: null, pickup_date: null });
    expect(d.applicant_data).toMatchObject({
      first_name: 'Somchai',
      reason: 'Opening a bank account',
      family_book_number: '0012345',
      province: 'Vientiane Capital',
    });
    expect(d.applicant_data.parent_province).toBeTruthy();
    expect(d.document_submit).toEqual({
      applicant_photo_name: 'photo 3x4.png',
      applicant_photo_path: `${BASE}/${id}/documents/applicant_photo`,
      household_registration_book_name: 'ປຶ້ມສຳມະໂນຄົວ.pdf',
      household_registration_book_path: `${BASE}/${id}/documents/household_registration_book`,
      proof_of_residence_name: 'residence.pdf',
      proof_of_residence_path: `${BASE}/${id}/documents/proof_of_residence`,
    });

    const [bank] = await t.app.db.select().from(banks).where(eq(banks.id, 1));
    const p = d.payment;
    expect(p).toMatchObject({
      bank_id: 1,
      bank_logo: `/api/v1/master-data/bank-logo/${bank.code}.svg`,
      payment_status: 'unpaid',
      proof_of_payment_path: null,
      amount: 29_000,
      currency: 'LAK',
    });
    expect(p.fee_lines).toEqual([
      { key: 'payment', amount: 20_000 },
      { key: 'processing_fee', amount: 9_000 },
    ]);
    expect(p.recipient).toBe(t.app.config.fee.recipient);
    expect(p.va_number).toMatch(/^\d{14}$/);
    expect(p.va_number.startsWith(bank.vaPrefix)).toBe(true);
    expect(p.va_number.slice(3, 13)).toBe(String(id).padStart(10, '0'));
    expect(isValidLuhn(p.va_number)).toBe(true);
    const deadline = new Date(p.deadline).getTime();
    const applied = new Date(d.applied_on).getTime();
    expect(applied).toBeGreaterThanOrEqual(before - 1000);
    expect(deadline - applied).toBe(24 * 3_600_000);

    const history = await t.app.db.select().from(statusHistory).where(eq(statusHistory.applicationId, id));
    expect(history).toMatchObject([
      { fromStatus: null, toStatus: 'pending', actor: 'citizen', actorId: citizen.user.id },
    ]);
    const notes = await t.app.db.select().from(notifications).where(eq(notifications.applicationId, id));
    expect(notes).toHaveLength(1);
    expect(notes[0].messageEn).toContain(`RC0000${id}`);
  });

  it('answers place and bank names in Lao when asked', async () => {
    const citizen = await createAccount(t.app);
    const id = (await post(`${BASE}/create-new`, citizen.headers, await applicationBody(t.app))).json().data.id;
    const d = (await get(`${BASE}/${id}`, { ...citizen.headers, 'accept-language': 'lo' })).json().data;
    expect(d.applicant_data.province).toBe('ນະຄອນຫຼວງວຽງຈັນ');
    expect(d.payment.bank_name).toMatch(/ທະນາຄານ/);
  });

  it('gives every application its own virtual-account number', async () => {
    const citizen = await createAccount(t.app);
    const ids = [];
    for (const bank_id of [1, 1, 2])
      ids.push(
        (await post(`${BASE}/create-new`, citizen.headers, await applicationBody(t.app, { bank_id }))).json().data.id,
      );
    const vas = await Promise.all(
      ids.map(async (id) => (await get(`${BASE}/${id}`, citizen.headers)).json().data.payment.va_number),
    );
    expect(new Set(vas).size).toBe(3);
    vas.forEach((va) => expect(isValidLuhn(va)).toBe(true));
  });

  it('ignores the fields a citizen must not set (status, payment status, owner, amount)', async () => {
    const citizen = await createAccount(t.app);
    const other = await createAccount(t.app);
    const res = await post(
      `${BASE}/create-new`,
      citizen.headers,
      await applicationBody(t.app, {
        status: 'certificate issued',
        payment_status: 'paid',
        user_id: other.user.id,
        amount: 1,
        ticket_number: 'RC1',
      }),
    );
    expect(res.statusCode).toBe(201);
    const [row] = await t.app.db.select().from(applications).where(eq(applications.id, res.json().data.id));
    expect(row).toMatchObject({ status: 'pending', paymentStatus: 'unpaid', userId: citizen.user.id, amount: 29_000 });
    expect(row.ticketNumber).toBe(`RC0000${row.id}`);
  });

  it('cleans the file names it is given and falls back to the kind when none is sent', async () => {
    const citizen = await createAccount(t.app);
    const res = await post(
      `${BASE}/create-new`,
      citizen.headers,
      await applicationBody(t.app, {
        applicant_photo_name: '../../etc/pass"wd.jpg',
        household_registration_book_name: undefined,
        proof_of_residence_name: null,
      }),
    );
    const d = (await get(`${BASE}/${res.json().data.id}`, citizen.headers)).json().data.document_submit;
    expect(d.applicant_photo_name).toBe('passwd.png'); // it is a PNG, whatever its name said
    expect(d.household_registration_book_name).toBe('household_registration_book.pdf');
    expect(d.proof_of_residence_name).toBe('proof_of_residence.pdf');
  });
});

describe('create-new refuses bad files with a clear code and stores nothing', () => {
  const unique = () => pdf(`Residence ${crypto.randomUUID()}`);

  it.each([
    ['a 4:3 photo', { applicant_photo: dataUrl(png(400, 300)) }, 422, 'photo_aspect_ratio', 'applicant_photo'],
    [
      'a photo that is not 3:4 within 0.01',
      { applicant_photo: dataUrl(png(300, 390)) },
      422,
      'photo_aspect_ratio',
      'applicant_photo',
    ],
    [
      'an .exe renamed to .png',
      {
        applicant_photo: `data:image/png;base64,${Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), crypto.randomBytes(4000)]).toString('base64')}`,
        applicant_photo_name: 'photo.png',
      },
      415,
      'file_type_not_allowed',
      'applicant_photo',
    ],
    [
      'an HTML page posing as a PDF',
      {
        household_registration_book: dataUrl(Buffer.from('<html><script>alert(1)</script></html>'), 'application/pdf'),
      },
      415,
      'file_type_not_allowed',
      'household_registration_book',
    ],
    [
      'a PDF as the applicant photo',
      { applicant_photo: dataUrl(pdf(), 'application/pdf') },
      415,
      'file_type_not_allowed',
      'applicant_photo',
    ],
    [
      'an 11 MB file',
      { proof_of_residence: dataUrl(Buffer.concat([pdf(), crypto.randomBytes(11 * 1024 * 1024)]), 'application/pdf') },
      413,
      'file_too_large',
      'proof_of_residence',
    ],
    [
      'a 12 MB file (refused by the body schema)',
      { proof_of_residence: dataUrl(Buffer.concat([pdf(), crypto.randomBytes(12 * 1024 * 1024)]), 'application/pdf') },
      413,
      'file_too_large',
      'proof_of_residence',
    ],
    [
      'something that is not a data URL',
      { proof_of_residence: 'https://example.com/file.pdf' },
      415,
      'file_type_not_allowed',
      'proof_of_residence',
    ],
    [
      'a missing document',
      { household_registration_book: null },
      400,
      'validation_failed',
      'household_registration_book',
    ],
  ])('%s', async (_name, overrides, status, code, field) => {
    const citizen = await createAccount(t.app);
    const before = await totals();
    const res = await post(
      `${BASE}/create-new`,
      citizen.headers,
      await applicationBody(t.app, { proof_of_residence: dataUrl(unique(), 'application/pdf'), ...overrides }),
    );
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().data.error_code).toBe(code);
    expect(res.json().data.fields).toHaveProperty(field);
    expect(await totals()).toEqual(before);
  });

  it('refuses a body beyond 45 MB with 413 before reading it', async () => {
    const citizen = await createAccount(t.app);
    const res = await post(
      `${BASE}/create-new`,
      { ...citizen.headers, 'content-type': 'application/json' },
      JSON.stringify({ reason: 'x'.repeat(46 * 1024 * 1024) }),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().data.error_code).toBe('payload_too_large');
  });

  it('refuses applicant data that breaks the rules, with field codes', async () => {
    const citizen = await createAccount(t.app);
    const before = await totals();
    const res = await post(
      `${BASE}/create-new`,
      citizen.headers,
      await applicationBody(t.app, {
        first_name: 'Som<script>',
        family_book_number: '12a',
        date_of_birth: '2999-01-01',
        reason: '',
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields).toMatchObject({
      first_name: 'special_characters',
      family_book_number: 'digits_only',
      date_of_birth: 'date_in_future',
      reason: 'required',
    });
    expect(await totals()).toEqual(before);
  });

  it('refuses a village outside its district, an unknown bank and a district outside its province', async () => {
    const citizen = await createAccount(t.app);
    const body = await applicationBody(t.app);
    const cases: [Record<string, unknown>, string][] = [
      [{ village_id: body.parent_village_id }, 'district_id'],
      [{ parent_district_id: body.district_id, parent_village_id: body.village_id }, 'parent_province_id'],
      [{ village_id: 99_999_999 }, 'village_id'],
      [{ bank_id: 9999 }, 'bank_id'],
    ];
    for (const [overrides, field] of cases) {
      const res = await post(`${BASE}/create-new`, citizen.headers, { ...body, ...overrides });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().data.fields, JSON.stringify(overrides)).toHaveProperty(field);
    }
  });

  it('needs a session', async () => {
    const res = await post(`${BASE}/create-new`, {}, await applicationBody(t.app));
    expect(res.statusCode).toBe(401);
  });
});
