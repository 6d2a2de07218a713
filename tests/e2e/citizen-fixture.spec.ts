import { expect, test } from '@playwright/test';
import { registerCitizen, signIn } from './fixtures/citizen';

/** The fixture other journeys start from: a real registration through the API, code read from the outbox. */
test('registerCitizen gives a verified citizen with an open session; signIn puts it in the page', async ({
  page,
  request,
}) => {
  const citizen = await registerCitizen(request);
  expect(citizen.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  expect(citizen.expiresAt).toBeGreaterThan(Date.now() + 59 * 60_000);
  const login = await request.post('/api/v1/auth/login', {
    data: { username: citizen.phone, password: citizen.password },
  });
  expect(login.status()).toBe(200);
  const other = await registerCitizen(request, { language: 'lo', firstName: 'Somchai' });
  expect(other.email).not.toBe(citizen.email);
  await signIn(page, citizen);
  expect(
    await page.evaluate(() => [
      localStorage.getItem('token'),
      localStorage.getItem('expiresAt'),
      localStorage.getItem('role'),
    ]),
  ).toEqual([citizen.token, String(citizen.expiresAt), 'citizen']);
});
