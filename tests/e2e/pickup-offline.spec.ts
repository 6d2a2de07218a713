import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { dataUrl, png } from '../api/application-fixtures';
import { registerCitizen, signIn, type Citizen } from './fixtures/citizen';
import { issueThroughApi, officerLogin } from './fixtures/officer';
import {
  applicationOf,
  BASE,
  detail,
  keptCopies,
  openDays,
  QUEUED,
  serviceWorkerReady,
  toast,
} from './fixtures/offline';

/**
 * Pick-up booked without a connection (docs/architecture.md#the-offline-outbox): the office's last
 * known times are shown, marked with when they were known; the booking waits on the phone and is
 * sent once; a time taken meanwhile comes back with the free times nearest to it.
 */
test.describe.configure({ timeout: 120_000 });

/** A citizen whose certificate is issued, signed in on the pick-up screen with the days ahead kept. */
async function readyToBook(page: Page, request: APIRequestContext) {
  const citizen = await registerCitizen(request);
  const id = await issuedApplication(request, citizen);
  await signIn(page, citizen);
  await page.goto(`/pick-up-date/${id}`);
  await serviceWorkerReady(page);
  await expect(page.getByRole('radio', { name: /places left/ }).first()).toBeAttached();
  // Not a day the screen opens on (today, or a next open day late in the day), but one read ahead.
  const [today, , , ahead] = openDays(4) as [string, string, string, string];
  await expect.poll(() => keptCopies(page, `pickup-slots?date=${ahead}`), { timeout: 20_000 }).toBeGreaterThan(0);
  return { citizen, id, today, ahead };
}

async function issuedApplication(request: APIRequestContext, citizen: Citizen) {
  const id = await applicationOf(request, citizen);
  const proof = await request.post(`${BASE}/${id}/upload-payment`, {
    headers: { authorization: `Bearer ${citizen.token}` },
    data: { proof_of_payment: dataUrl(png(600, 900)), proof_of_payment_name: 'transfer.png' },
  });
  expect(proof.status()).toBe(200);
  await issueThroughApi(request, id);
  return id;
}

/** Offline, reloaded: the day read ahead is chosen on the calendar. */
async function chooseDayOffline(page: Page, today: string, day: string) {
  await page.context().setOffline(true);
  await page.reload();
  const label = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(`${day}T00:00:00Z`));
  if (day.slice(0, 7) !== today.slice(0, 7)) await page.getByRole('button', { name: 'Next month' }).click();
  await page.getByRole('button', { name: new RegExp(`, ${label}$`) }).click();
  await expect(page.getByRole('radio', { name: /places left/ }).first()).toBeAttached();
  await expect(page.getByText(/Offline — showing data from/)).toBeVisible();
}

test('a pick-up booked offline, on a screen opened offline for a day read ahead, is sent once back online', async ({
  page,
  context,
  request,
}) => {
  const { citizen, id, today, ahead } = await readyToBook(page, request);
  await chooseDayOffline(page, today, ahead);
  await page
    .getByRole('radio', { name: /places left/ })
    .first()
    .check({ force: true });
  await page.getByRole('button', { name: 'Confirm pick-up' }).click();
  await expect(page).toHaveURL(/\/outbox\?queued=/);
  await expect(page.getByText(QUEUED)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: `Pick-up of RC0000${id}` })).toBeVisible();

  await context.setOffline(false);
  await expect(toast(page)).toContainText(`Your pick-up booking for RC0000${id} was sent.`, { timeout: 30_000 });
  expect(await detail(request, citizen, id)).toMatchObject({ status: 'waiting to pickup', pickup_date: ahead });
});

test('a time taken while the booking waited offline comes back with the nearest free times; one press books one', async ({
  page,
  context,
  request,
}) => {
  const { citizen, id, today, ahead } = await readyToBook(page, request);
  await chooseDayOffline(page, today, ahead);
  await page.getByRole('radio', { name: /^10:00 AM, \d+ places left$/ }).check({ force: true });
  await page.getByRole('button', { name: 'Confirm pick-up' }).click();
  await expect(page.getByText(QUEUED)).toBeVisible();

  // Meanwhile the office has one seat per slot, and another citizen takes 10:00 on that day.
  const office = ((await detail(request, citizen, id)) as unknown as { applicant_data: { district_id: number } })
    .applicant_data.district_id;
  const officer = { authorization: `Bearer ${(await officerLogin(request)).access_token}` };
  const seats = (capacity: number) =>
    request.put('/api/v1/officer/pickup-desk/capacity', { headers: officer, data: { district_id: office, capacity } });
  expect((await seats(1)).status()).toBe(200);
  try {
    const other = await registerCitizen(request);
    const otherId = await issuedApplication(request, other);
    const taken = await request.post(`${BASE}/${otherId}/set-pickup-date`, {
      headers: { authorization: `Bearer ${other.token}` },
      data: { date: ahead, time: '10:00 AM' },
    });
    expect(taken.status(), await taken.text()).toBe(200);

    await context.setOffline(false);
    await expect(toast(page)).toContainText(`Pick-up of RC0000${id}`, { timeout: 30_000 });
    await expect(toast(page)).toContainText('This time is no longer available.');
    const card = page.getByRole('listitem').filter({ hasText: `Pick-up of RC0000${id}` });
    await expect(card.getByText('Needs your action')).toBeVisible();
    // 09:30 and 11:00 are closed at every office: 10:30 is the nearest free time.
    await expect(card.getByRole('heading', { name: 'Nearest free times' })).toBeVisible();
    const nearest = card.getByRole('link', { name: /10:30 AM$/ });
    await expect(nearest).toBeVisible();
    await page.screenshot({ path: '/tmp/shots-citizen2/pickup-taken-nearest.png' });
    await nearest.click();

    await expect(page).toHaveURL(new RegExp(`/pick-up-date/${id}\\?`));
    await expect(page.getByRole('radio', { name: /^10:30 AM, \d+ places left$/ })).toBeChecked();
    await page.getByRole('button', { name: 'Confirm pick-up' }).click();
    await expect(page).toHaveURL(/\/success-set-pick-up/);
    expect(await detail(request, citizen, id)).toMatchObject({
      status: 'waiting to pickup',
      pickup_date: ahead,
      pickup_time: '10:30 AM',
    });
  } finally {
    expect((await seats(5)).status()).toBe(200);
  }
});
