import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { verifyPassword } from '../../server/services/passwords';
import { createSession } from '../../server/services/sessions';
import { TEST_PASSWORD, createAccount } from './fixtures';
import { startTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const NEW_PASSWORD = 'Luangprabang77';
const change = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/citizen/user/update-password', headers, payload });
const profile = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/v1/citizen/user/profile', headers });

describe('POST /v1/citizen/user/update-password', () => {
  it('changes the password and signs out every other session, not this one', async () => {
    const { user, headers } = await createAccount(t.app);
    const other = await createSession(t.app.db, user.id);
    const otherHeaders = { authorization: `Bearer ${other.token}` };
    expect((await profile(otherHeaders)).statusCode).toBe(200);

    const res = await change(headers, {
      current_password: TEST_PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.success).toBe(true);

    const [row] = await t.app.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(row.hash, NEW_PASSWORD)).toBe(true);
    expect(await verifyPassword(row.hash, TEST_PASSWORD)).toBe(false);
    expect((await profile(headers)).statusCode).toBe(200);
    expect((await profile(otherHeaders)).statusCode).toBe(401);
  });

  it('answers x004 on the current-password field when it is wrong, and changes nothing', async () => {
    const { user, headers } = await createAccount(t.app);
    const res = await change(headers, {
      current_password: 'Wrongpass123',
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toMatchObject({ error_code: 'x004', fields: { current_password: 'x004' } });
    const [row] = await t.app.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(row.hash, TEST_PASSWORD)).toBe(true);
  });

  it('applies the password rules of the form, the confirmation and the common-password list', async () => {
    const { headers } = await createAccount(t.app);
    const weak = await change(headers, {
      current_password: TEST_PASSWORD,
      password: 'short1A',
      password_confirmation: 'short1A',
    });
    expect(weak.json().data.fields).toEqual({ password: 'password_min_length' });
    const noUpper = await change(headers, {
      current_password: TEST_PASSWORD,
      password: 'lowercase123',
      password_confirmation: 'lowercase123',
    });
    expect(noUpper.json().data.fields).toEqual({ password: 'password_uppercase' });
    const noDigit = await change(headers, {
      current_password: TEST_PASSWORD,
      password: 'NoDigitsHere',
      password_confirmation: 'NoDigitsHere',
    });
    expect(noDigit.json().data.fields).toEqual({ password: 'password_number' });
    const mismatch = await change(headers, {
      current_password: TEST_PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: 'Luangprabang78',
    });
    expect(mismatch.json().data.fields).toEqual({ password_confirmation: 'password_mismatch' });
    const missing = await change(headers, { current_password: TEST_PASSWORD, password: NEW_PASSWORD });
    expect(missing.json().data.fields).toEqual({ password_confirmation: 'required' });
    const common = await change(headers, {
      current_password: TEST_PASSWORD,
      password: 'Password1',
      password_confirmation: 'Password1',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().data.fields).toEqual({ password: 'password_common' });
  });

  it('makes a session wait after five wrong current passwords', async () => {
    const { headers } = await createAccount(t.app);
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await change(headers, {
            current_password: `Wrongpass${i}1`,
            password: NEW_PASSWORD,
            password_confirmation: NEW_PASSWORD,
          })
        ).statusCode,
      ).toBe(400);
    }
    const blocked = await change(headers, {
      current_password: TEST_PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().data.error_code).toBe('too_many_requests');
  });

  it('needs a session', async () => {
    const res = await change(
      {},
      { current_password: TEST_PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    );
    expect(res.statusCode).toBe(401);
  });
});

describe('retries of update-password (Idempotency-Key)', () => {
  it('answers a repeated request with the first answer instead of a wrong-password error', async () => {
    const { headers } = await createAccount(t.app);
    const payload = { current_password: TEST_PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };
    const withKey = { ...headers, 'idempotency-key': 'change-password-0001' };
    const first = await change(withKey, payload);
    expect(first.statusCode).toBe(200);
    const again = await change(withKey, payload);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    // Without the key, the same body now meets the new password: the current one is wrong.
    expect((await change(headers, payload)).json().data.error_code).toBe('x004');
  });
});
