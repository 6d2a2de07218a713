import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from './fixtures';
import { startTestApp, type TestApp } from './test-app';

// On the embedded database recent session lookups are kept in memory (server/services/sessions.ts):
// these check that an ended session is refused at once, however warm the cache and however many
// calls are in flight while it ends. On PostgreSQL nothing is cached and the same must hold.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const profile = (headers: Record<string, string>) =>
  t.app.inject({ url: '/api/v1/citizen/user/profile', headers }).then((r) => r.statusCode);
const logout = (headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers }).then((r) => r.statusCode);

describe('a session that ends', () => {
  it('is refused on the next call after logout, though it was just used', async () => {
    const { headers } = await createAccount(t.app);
    expect(await profile(headers)).toBe(200);
    expect(await profile(headers)).toBe(200);
    expect(await logout(headers)).toBe(200);
    expect(await profile(headers)).toBe(401);
  });

  it('is refused by every call made after logout answered, even with calls in flight during it', async () => {
    const { headers } = await createAccount(t.app);
    const during = Array.from({ length: 40 }, () => profile(headers));
    expect(await logout(headers)).toBe(200);
    await Promise.all(during); // either answer is right for these: they raced the logout
    const after = await Promise.all(Array.from({ length: 40 }, () => profile(headers)));
    expect(new Set(after)).toEqual(new Set([401]));
  });

  it('does not end another citizen’s session', async () => {
    const a = await createAccount(t.app);
    const b = await createAccount(t.app);
    expect(await profile(b.headers)).toBe(200);
    expect(await logout(a.headers)).toBe(200);
    expect(await profile(b.headers)).toBe(200);
  });
});
