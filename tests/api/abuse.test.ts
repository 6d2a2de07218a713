import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { applications, documents, notifications, sessions, statusHistory, users } from '../../server/db/schema';
import { resolveBankCallbackSecret, signBankCallback } from '../../server/lib/bank-signature';
import { createSession } from '../../server/services/sessions';
import { applicationBody, dataUrl, png } from './application-fixtures';
import { ID_CARD_DATA_URL } from './auth-helpers';
import { createAccount, createOfficer, TEST_PASSWORD } from './fixtures';
import { openDay } from './pickup-days';
import { startTestApp, type TestApp } from './test-app';

/**
 * An API no input can break (issue: hardening). Generated from the OpenAPI document: every
 * operation gets malformed JSON, bodies of the wrong kind, each field missing, null, of the wrong
 * type, an array, an object, 100 kB long, a NUL byte, out-of-range numbers; path parameters such as
 * `../../etc/passwd`, `-1`, `0`, 20 digits, `%00`; abusive query strings; no token, a forged
 * token, an expired token, another citizen's token, and a citizen's token on officer routes.
 * Every answer must be below 500, every 4xx must carry an error code, and the data of a citizen
 * whose token is never used must read back unchanged.
 */

type JsonSchema = {
  type?: string | string[];
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  enum?: unknown[];
  maxLength?: number;
  pattern?: string;
  items?: JsonSchema;
};
interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  query: Record<string, JsonSchema>;
  body?: JsonSchema;
  secured: boolean;
  officer: boolean;
}

let t: TestApp;
let owner: Awaited<ReturnType<typeof createAccount>>;
let other: Awaited<ReturnType<typeof createAccount>>;
let witness: Awaited<ReturnType<typeof createAccount>>;
let officer: Awaited<ReturnType<typeof createOfficer>>;
let expiredToken: string;
let ownerApp: number;
let witnessApp: number;
let operations: Operation[];
let bankSecret: string;
const stats = { requests: 0, fiveHundreds: 0 };
const problems: string[] = [];

const big = 'x'.repeat(100 * 1024);
const PATH_ABUSE = [
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '-1',
  '0',
  '99999999999999999999',
  '%00',
  '1%00',
  '1.5',
  'abc',
  '%E0%A4%A',
  '%',
  'x'.repeat(300),
];
const QUERY_ABUSE = [big, '%00', '-1', '0', '99999999999999999999', '[object Object]', '%E0%A4%A'];

/**
 * Whether the query parameter's schema promises to refuse the value: a value outside its list, not
 * of its pattern, or longer than it allows. Free text (a search, an address) takes the others.
 */
function queryMustRefuse(schema: JsonSchema, raw: string): boolean {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    value = raw;
  }
  const options = schema.anyOf ?? [schema];
  return options.every(
    (s) =>
      (s.enum !== undefined && !s.enum.includes(value)) ||
      (s.pattern !== undefined && !new RegExp(s.pattern, 'u').test(value)) ||
      (s.maxLength !== undefined && value.length > s.maxLength),
  );
}

/** A plausible value for each field name the API takes, so one wrong field at a time reaches deep. */
async function samples(): Promise<Record<string, unknown>> {
  const application = await applicationBody(t.app);
  const photo = dataUrl(png(300, 400));
  return {
    ...application,
    email: 'someone.new@example.la',
    username: owner.user.email,
    phone_number: '8562055501234',
    password: 'Luang-Prabang-2027',
    password_confirmation: 'Luang-Prabang-2027',
    current_password: TEST_PASSWORD,
    id_card: '100099887766',
    id_card_file: ID_CARD_DATA_URL,
    address: 'Ban Nongping',
    code_otp: '1234',
    payload: 'a'.repeat(43),
    language: 'en',
    ids: [1, 2],
    notes: 'Checked at the counter',
    date: openDay(2),
    time: '08:00 AM',
    proof_of_payment: photo,
    proof_of_payment_name: 'proof.png',
    id: ownerApp,
    transaction_id: 'TX-abuse-1',
    va_number: '00000000000000',
    amount: 29000,
    currency: 'LAK',
    paid_at: new Date().toISOString(),
  };
}

const QUERY_SAMPLES: Record<string, string> = {
  lang: 'en',
  status: 'pending',
  date: '',
  q: 'Somchai',
  page: '1',
  download: '1',
};

function operationsOf(doc: {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; schema: JsonSchema }[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
        security?: unknown[];
      }
    >
  >;
}): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, p.schema])),
        body: op.requestBody?.content['application/json']?.schema,
        secured: Boolean(op.security?.length),
        officer: path.startsWith('/api/v1/officer/'),
      });
    }
  }
  return ops;
}

function urlOf(op: Operation, params: Record<string, string> = {}, query?: Record<string, string | string[]>): string {
  const defaults: Record<string, string> = {
    id: String(ownerApp),
    kind: 'applicant_photo',
    code: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  };
  let url = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => params[name] ?? defaults[name] ?? '1');
  const q =
    query ??
    Object.fromEntries(Object.keys(op.query).map((k) => [k, k === 'date' ? openDay(2) : (QUERY_SAMPLES[k] ?? '1')]));
  const search = Object.entries(q)
    .flatMap(([k, v]) => [v].flat().map((x) => `${encodeURIComponent(k)}=${x}`))
    .join('&');
  if (search) url += `?${search}`;
  return url;
}

const tokenFor = (op: Operation) => (!op.secured ? undefined : op.officer ? officer.token : owner.token);

async function send(
  label: string,
  op: Operation,
  opts: {
    url?: string;
    token?: string | null;
    payload?: string;
    contentType?: string | null;
    expect4xx?: boolean;
    headers?: Record<string, string>;
  },
) {
  const headers: Record<string, string> = { ...opts.headers };
  const token = opts.token === undefined ? tokenFor(op) : opts.token;
  if (token) headers.authorization = `Bearer ${token}`;
  if (opts.payload !== undefined && opts.contentType !== null)
    headers['content-type'] = opts.contentType ?? 'application/json';
  if (op.path === '/api/v1/payments/va-callback' && opts.payload !== undefined) {
    // Signed as the bank would, so the body's checks are reached too.
    const ts = String(Math.floor(Date.now() / 1000));
    headers['x-bank-timestamp'] = ts;
    headers['x-bank-signature'] = signBankCallback(bankSecret, ts, opts.payload);
  }
  const url = opts.url ?? urlOf(op);
  const res = await t.app.inject({ method: op.method as 'GET', url, headers, payload: opts.payload });
  stats.requests++;
  const where = `${op.method} ${url.length > 120 ? `${url.slice(0, 120)}…` : url} [${label}]`;
  if (res.statusCode >= 500) {
    stats.fiveHundreds++;
    problems.push(`${where} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    return res;
  }
  if (res.statusCode >= 400) {
    let code: unknown;
    try {
      code = res.json().data?.error_code;
    } catch {
      /* not JSON */
    }
    if (typeof code !== 'string' || !code)
      problems.push(`${where} → ${res.statusCode} without an error code: ${res.body.slice(0, 200)}`);
  } else if (opts.expect4xx) {
    problems.push(`${where} → ${res.statusCode}, expected a refusal`);
  }
  return res;
}

/** What a field must never accept: null, another type, an array, an object, 100 kB, a NUL byte, huge numbers. */
function badValues(schema: JsonSchema): { label: string; value: unknown; mustRefuse: boolean }[] {
  const types = [schema.type, ...(schema.anyOf ?? []).map((s) => s.type)].flat().filter(Boolean) as string[];
  const takesString = types.includes('string') || Boolean(schema.enum);
  const takesNumber = types.includes('number') || types.includes('integer');
  const values: { label: string; value: unknown; mustRefuse: boolean }[] = [
    { label: 'null', value: null, mustRefuse: !types.includes('null') && !schema.nullable },
    { label: 'array', value: ['x'], mustRefuse: !types.includes('array') },
    { label: 'object', value: { $gt: '' }, mustRefuse: true },
    { label: 'boolean', value: true, mustRefuse: !types.includes('boolean') },
    { label: '100 kB string', value: big, mustRefuse: true },
    { label: 'NUL byte', value: 'ab\u0000cd', mustRefuse: false },
    { label: 'script', value: '<script>alert(1)</script>', mustRefuse: false },
  ];
  if (!takesString) values.push({ label: 'string', value: 'abc', mustRefuse: true });
  if (!takesNumber || takesString)
    values.push({ label: 'number', value: 12, mustRefuse: !takesNumber && !types.includes('array') });
  if (takesNumber) {
    values.push(
      { label: '-1', value: -1, mustRefuse: false },
      { label: '0', value: 0, mustRefuse: false },
      { label: '1.5', value: 1.5, mustRefuse: false },
    );
    values.push(
      { label: '20 digits', value: 1e19, mustRefuse: true },
      { label: '20-digit string', value: '99999999999999999999', mustRefuse: true },
    );
    values.push({ label: 'NaN-ish', value: 'NaN', mustRefuse: true });
  }
  return values;
}

async function snapshot() {
  const userIds = [witness.user.id];
  return {
    users: await t.app.db.select().from(users).where(inArray(users.id, userIds)),
    applications: await t.app.db.select().from(applications).where(eq(applications.userId, witness.user.id)),
    documents: await t.app.db
      .select({
        id: documents.id,
        kind: documents.kind,
        sha256: documents.sha256,
        applicationId: documents.applicationId,
        fileName: documents.fileName,
      })
      .from(documents)
      .where(eq(documents.ownerId, witness.user.id)),
    history: await t.app.db.select().from(statusHistory).where(eq(statusHistory.applicationId, witnessApp)),
    notifications: await t.app.db.select().from(notifications).where(eq(notifications.userId, witness.user.id)),
    sessions: await t.app.db.select().from(sessions).where(eq(sessions.userId, witness.user.id)),
    // The witness's documents, read back byte for byte.
    bytes: await Promise.all(
      (await t.app.db.select().from(documents).where(eq(documents.ownerId, witness.user.id))).map(async (d) =>
        (await t.app.documents.read(d)).toString('base64'),
      ),
    ),
  };
}

let before: Awaited<ReturnType<typeof snapshot>>;

beforeAll(async () => {
  t = await startTestApp();
  [owner, other, witness, officer] = [
    await createAccount(t.app),
    await createAccount(t.app),
    await createAccount(t.app),
    await createOfficer(t.app),
  ];
  const create = async (who: typeof owner) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/citizen/resident-certificate/create-new',
        headers: who.headers,
        payload: await applicationBody(t.app),
      })
    ).json().data.id as number;
  ownerApp = await create(owner);
  witnessApp = await create(witness);
  const expired = await createSession(t.app.db, owner.user.id, new Date(Date.now() - 2 * 3_600_000));
  expiredToken = expired.token;
  bankSecret = resolveBankCallbackSecret(t.app.config);
  operations = operationsOf((await t.app.inject('/api/docs/json')).json());
  before = await snapshot();
}, 120_000);

afterAll(async () => {
  console.log(
    `abuse suite: ${operations?.length} operations, ${stats.requests} requests, ${stats.fiveHundreds} answers 5xx`,
  );
  await t?.close();
});

describe('every operation of the OpenAPI document, abused', () => {
  it('finds the operations', () => {
    expect(operations.length).toBeGreaterThan(40);
  });

  it('refuses malformed and mistyped bodies, with an error code, never a 5xx', { timeout: 180_000 }, async () => {
    const sample = await samples();
    for (const op of operations.filter((o) => o.body)) {
      const props = op.body!.properties ?? {};
      const required = op.body!.required ?? [];
      const base = Object.fromEntries(Object.keys(props).map((k) => [k, sample[k] ?? 'x']));
      await send('malformed JSON', op, { payload: '{"a": ', expect4xx: true });
      await send('truncated JSON', op, { payload: JSON.stringify(base).slice(0, -1), expect4xx: true });
      await send('text/plain', op, { payload: JSON.stringify(base), contentType: 'text/plain', expect4xx: true });
      await send('no content type', op, { payload: JSON.stringify(base), contentType: null, expect4xx: true });
      await send('array body', op, { payload: JSON.stringify([base]), expect4xx: true });
      await send('string body', op, { payload: '"hello"', expect4xx: true });
      await send('number body', op, { payload: '12', expect4xx: true });
      await send('null body', op, { payload: 'null', expect4xx: required.length > 0 });
      await send('empty object', op, { payload: '{}', expect4xx: required.length > 0 });
      await send('prototype pollution', op, {
        payload: `{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}`,
        expect4xx: required.length > 0,
      });
      for (const field of required) {
        const { [field]: _gone, ...rest } = base;
        await send(`missing ${field}`, op, { payload: JSON.stringify(rest), expect4xx: true });
      }
      for (const [field, schema] of Object.entries(props)) {
        for (const bad of badValues(schema)) {
          await send(`${field} = ${bad.label}`, op, {
            payload: JSON.stringify({ ...base, [field]: bad.value }),
            expect4xx: bad.mustRefuse,
          });
        }
      }
      // Unknown fields: ignored or refused, never taken as the status, the owner or the role.
      await send('unknown fields', op, {
        payload: JSON.stringify({
          ...base,
          status: 'certificate issued',
          payment_status: 'paid',
          user_id: witness.user.id,
          role: 'officer',
          owner_id: witness.user.id,
          extra: 'x'.repeat(1000),
        }),
      });
    }
    expect(problems).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses abusive path parameters and query strings', { timeout: 120_000 }, async () => {
    for (const op of operations) {
      const payload = op.body ? '{}' : undefined;
      for (const name of op.pathParams) {
        for (const value of PATH_ABUSE) {
          // An unknown verification code is a 200 "unknown" by design
          // (docs/decisions.md#certificates-prove-themselves).
          await send(`${name} = ${value.slice(0, 20)}`, op, {
            url: urlOf(op, { [name]: value }),
            payload,
            expect4xx: name !== 'code',
          });
        }
      }
      for (const name of Object.keys(op.query)) {
        for (const value of QUERY_ABUSE) {
          await send(`?${name} = ${value.slice(0, 20)}`, op, {
            url: urlOf(op, {}, { [name]: value }),
            payload,
            expect4xx: queryMustRefuse(op.query[name]!, value),
          });
        }
        await send(`?${name} twice`, op, { url: urlOf(op, {}, { [name]: ['1', '2'] }), payload });
      }
    }
    expect(problems).toEqual([]);
  });

  it(
    'refuses no token, a forged token, an expired token, another citizen and a citizen on officer routes',
    { timeout: 120_000 },
    async () => {
      for (const op of operations.filter((o) => o.secured)) {
        const payload = op.body ? JSON.stringify({}) : undefined;
        const noToken = await send('no token', op, { token: null, payload, expect4xx: true });
        expect(noToken.statusCode, `${op.method} ${op.path}`).toBe(401);
        const forged = await send('forged token', op, { token: 'A'.repeat(43), payload, expect4xx: true });
        expect(forged.statusCode, `${op.method} ${op.path}`).toBe(401);
        const expired = await send('expired token', op, { token: expiredToken, payload, expect4xx: true });
        expect(expired.json().data.error_code, `${op.method} ${op.path}`).toBe('session_expired');
        await send('malformed header', op, {
          token: null,
          headers: { authorization: `Bearer ${'é'.repeat(30)}` },
          payload,
          expect4xx: true,
        });
        if (op.officer) {
          const citizen = await send('citizen on an officer route', op, {
            token: owner.token,
            payload,
            expect4xx: true,
          });
          expect(citizen.statusCode, `${op.method} ${op.path}`).toBe(403);
        } else if (op.pathParams.includes('id')) {
          // Someone else's application: as if it did not exist.
          const foreign = await send("another citizen's application", op, {
            token: other.token,
            payload,
            expect4xx: true,
          });
          if (!op.body) expect(foreign.statusCode, `${op.method} ${op.path}`).toBe(404);
          await send("the witness's application", op, {
            token: owner.token,
            url: urlOf(op, { id: String(witnessApp) }),
            payload,
            expect4xx: true,
          });
          if (op.body) {
            // A valid body on another's application is refused too.
            const sample = await samples();
            const body = Object.fromEntries(Object.keys(op.body.properties ?? {}).map((k) => [k, sample[k] ?? 'x']));
            const res = await send("another's application, valid body", op, {
              token: owner.token,
              url: urlOf(op, { id: String(witnessApp) }),
              payload: JSON.stringify(body),
              expect4xx: true,
            });
            expect([400, 404, 409, 413, 415, 422], `${op.method} ${op.path}`).toContain(res.statusCode);
          }
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it('leaves the data of a citizen whose token was never used exactly as it was', async () => {
    expect(await snapshot()).toEqual(before);
    const [ownerRow] = await t.app.db.select({ role: users.role }).from(users).where(eq(users.id, owner.user.id));
    expect(ownerRow.role).toBe('citizen');
  });
});
