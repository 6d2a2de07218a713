import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, otpCodes, users } from '../../server/db/schema';
import { HASH_SECRET_FILE } from '../../server/lib/hash-secret';
import { requestFingerprint } from '../../server/services/idempotency';
import { registerUnverified } from './auth-helpers';
import { TEST_PASSWORD, createAccount } from './fixtures';
import { startTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const PATH = '/api/v1/citizen/user/update-password';
const NEW_PASSWORD = 'Luangprabang77';
const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

describe('no secret in a stored hash', () => {
  it('an idempotency row of a password change holds nothing a password guess can be checked against', async () => {
    const { user, headers } = await createAccount(t.app);
    const body = { current_password: TEST_PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };
    const res = await t.app.inject({
      method: 'POST',
      url: PATH,
      headers: { ...headers, 'idempotency-key': 'change-password-0001' },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(TEST_PASSWORD);
    expect(stored).not.toContain(NEW_PASSWORD);

    // The fingerprint is the same whatever the passwords were: they are not in it at all.
    const guessed = { current_password: 'Guess2026aa', password: 'Guess2027bb', password_confirmation: 'Guess2027bb' };
    expect(row!.requestHash).toBe(requestFingerprint(t.app.hashKey, 'POST', PATH, guessed));
    // And without the server's key (which the database does not hold) it cannot even be recomputed.
    const unkeyed = [
      sha256(`POST ${PATH}\n{}`),
      sha256(`POST ${PATH}\n${JSON.stringify(body)}`),
      requestFingerprint(Buffer.alloc(32), 'POST', PATH, {}),
    ];
    expect(unkeyed).not.toContain(row!.requestHash);

    // A retry with the same key still gets the first answer, and changes nothing again.
    const replay = await t.app.inject({
      method: 'POST',
      url: PATH,
      headers: { ...headers, 'idempotency-key': 'change-password-0001' },
      payload: body,
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });

  it('a registration code is kept as a keyed hash: the 10,000 codes cannot be tried against it', async () => {
    const { body, code } = await registerUnverified(t.app, t.dataDir);
    const [user] = await t.app.db.select().from(users).where(eq(users.email, body.email));
    const [otp] = await t.app.db.select().from(otpCodes).where(eq(otpCodes.userId, user!.id));
    const [salt, digest] = otp!.codeHash.split(':');
    const plainGuesses = new Set<string>();
    for (let n = 0; n < 10_000; n++) {
      const guess = String(n).padStart(4, '0');
      plainGuesses.add(sha256(`${salt}:${guess}`));
      plainGuesses.add(sha256(`${guess}`));
    }
    expect(plainGuesses.has(digest!)).toBe(false);
    expect(code).toMatch(/^\d{4}$/);
  });

  it('the key lives in DATA_DIR (owner-only) or HASH_SECRET, never in the database', () => {
    const file = path.join(t.dataDir, HASH_SECRET_FILE);
    expect(fs.statSync(file).mode & 0o077).toBe(0);
  });
});
