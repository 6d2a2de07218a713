import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { authEvents, documents, otpCodes, passwordResets, sessions, users } from '../../server/db/schema';
import { createResetToken } from '../../server/services/password-reset';
import { createSession } from '../../server/services/sessions';
import { applyRetention, runDailyRetention } from '../../server/services/retention';
import { dataUrl, png } from './application-fixtures';
import { post, registerUnverified } from './auth-helpers';
import { createAccount } from './fixtures';
import { startTestApp, type TestApp } from './test-app';

/** The daily retention removes what is no longer needed — and nothing else. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const userOf = async (email: string) => (await t.app.db.select().from(users).where(eq(users.email, email)))[0];

it('removes unverified registrations after 24 h with their ID card, spent sessions, codes and links, old events', async () => {
  const now = new Date();
  // Unverified for 25 hours, with an ID card image of its own.
  const old = await registerUnverified(t.app, t.dataDir, { id_card_file: dataUrl(png(640, 400)) });
  const oldUser = (await userOf(old.body.email))!;
  const [oldDoc] = await t.app.db.select().from(documents).where(eq(documents.ownerId, oldUser.id));
  await t.app.db
    .update(users)
    .set({ createdAt: new Date(now.getTime() - 25 * HOUR), updatedAt: new Date(now.getTime() - 25 * HOUR) })
    .where(eq(users.id, oldUser.id));
  // Unverified for a moment only: stays, and its code still works afterwards.
  const fresh = await registerUnverified(t.app, t.dataDir);

  // A verified citizen registered long ago: one live session, one expired; a used and a live reset link.
  const citizen = await createAccount(t.app, { createdAt: new Date(now.getTime() - 400 * DAY) });
  await createSession(t.app.db, citizen.user.id, new Date(now.getTime() - 2 * DAY));
  await createResetToken(t.app.db, citizen.user.id, new Date(now.getTime() - 2 * HOUR));
  await t.app.db.update(passwordResets).set({ usedAt: new Date(now.getTime() - HOUR) });
  await createResetToken(t.app.db, citizen.user.id, now);
  const [recent] = await t.app.db
    .insert(authEvents)
    .values({
      kind: 'login_failure',
      userId: citizen.user.id,
      ip: '10.0.0.1',
      createdAt: new Date(now.getTime() - 89 * DAY),
    })
    .returning();
  const [ancient] = await t.app.db
    .insert(authEvents)
    .values({
      kind: 'login_failure',
      userId: citizen.user.id,
      ip: '10.0.0.2',
      createdAt: new Date(now.getTime() - 91 * DAY),
    })
    .returning();

  const done = await applyRetention(t.app, now);
  expect(done.unverifiedAccounts).toBe(1);
  expect(done.oldEvents).toBeGreaterThanOrEqual(1);

  // Gone: the old registration, its ID card (row and file), its code.
  expect(await userOf(old.body.email)).toBeUndefined();
  expect(await t.app.db.select().from(documents).where(eq(documents.ownerId, oldUser.id))).toHaveLength(0);
  expect(await t.app.db.select().from(otpCodes).where(eq(otpCodes.userId, oldUser.id))).toHaveLength(0);
  if (!t.databaseUrl)
    expect(fs.existsSync(path.join(t.dataDir, 'files', oldDoc!.sha256.slice(0, 2), oldDoc!.sha256))).toBe(false);

  // Kept: the fresh registration (with the ID card it shares with nobody removed) and its working code.
  const freshUser = (await userOf(fresh.body.email))!;
  const [freshDoc] = await t.app.db.select().from(documents).where(eq(documents.ownerId, freshUser.id));
  expect(freshDoc).toBeDefined();
  if (!t.databaseUrl)
    expect(fs.existsSync(path.join(t.dataDir, 'files', freshDoc!.sha256.slice(0, 2), freshDoc!.sha256))).toBe(true);
  expect(
    (await post(t.app, '/api/v1/auth/verify-otp', { email: fresh.body.email, code_otp: fresh.code })).statusCode,
  ).toBe(200);

  // Kept: the verified citizen, the live session (it still signs in), the live reset link, the recent event.
  expect(await userOf(citizen.user.email)).toBeDefined();
  const live = await t.app.inject({ method: 'GET', url: '/api/v1/citizen/user/profile', headers: citizen.headers });
  expect(live.statusCode).toBe(200);
  const citizenSessions = await t.app.db.select().from(sessions).where(eq(sessions.userId, citizen.user.id));
  expect(citizenSessions).toHaveLength(1);
  const resets = await t.app.db.select().from(passwordResets).where(eq(passwordResets.userId, citizen.user.id));
  expect(resets).toHaveLength(1);
  expect(resets[0]!.usedAt).toBeNull();
  const events = await t.app.db
    .select()
    .from(authEvents)
    .where(inArray(authEvents.id, [recent!.id, ancient!.id]));
  expect(events.map((e) => e.id)).toEqual([recent!.id]);
});

it('runs once a day, whichever instance asks first', async () => {
  const now = new Date(Date.now() + 3 * DAY);
  expect(await runDailyRetention(t.app, now)).not.toBeNull();
  expect(await runDailyRetention(t.app, new Date(now.getTime() + HOUR))).toBeNull();
  expect(await runDailyRetention(t.app, new Date(now.getTime() + DAY + HOUR))).not.toBeNull();
});
