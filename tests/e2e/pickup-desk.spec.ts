import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { pdfPageTexts } from '../api/pdf-pages';
import { createApplicationThroughApi, uploadProofThroughApi } from './fixtures/application';
import { registerCitizen, somePlace } from './fixtures/citizen';
import { issueThroughApi, officerLogin } from './fixtures/officer';
import { openScreen } from './fixtures/open-screen';

const BASE = '/api/v1/citizen/resident-certificate';

/** The next weekday after today in Vientiane: bookable whatever the hour of the run. */
function nextWeekday(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Vientiane' }).format(new Date());
  let d = new Date(`${today}T00:00:00Z`);
  do d = new Date(d.getTime() + 86_400_000);
  while ([0, 6].includes(d.getUTCDay()));
  return d.toISOString().slice(0, 10);
}

/** A citizen with an issued certificate who booked `time` on `date` (name and ticket as printed). */
async function bookedCitizen(request: APIRequestContext, name: string, date: string, time: string) {
  const citizen = await registerCitizen(request);
  const { id } = await createApplicationThroughApi(request, citizen.token, { first_name: name, last_name: 'Desk' });
  await uploadProofThroughApi(request, citizen.token, id);
  await issueThroughApi(request, id);
  const booked = await request.post(`${BASE}/${id}/set-pickup-date`, {
    headers: { authorization: `Bearer ${citizen.token}` },
    data: { date, time },
  });
  expect(booked.status(), await booked.text()).toBe(200);
  return { citizen, id, ticket: `RC0000${id}`, name: `${name} Desk` };
}

async function officerSignedIn(page: Page) {
  const { access_token: token, expires_at: expiresAt } = await officerLogin(page.request);
  await page.goto('/api/health');
  await page.evaluate(
    ({ token, expiresAt }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('expiresAt', String(expiresAt));
      localStorage.setItem('role', 'officer');
      localStorage.setItem('language', 'en');
    },
    { token, expiresAt },
  );
}

test.use({ viewport: { width: 1280, height: 900 } });

test("an issuer opens the day's pick-ups, checks a citizen in, compares the ID number, hands over, and prints the day's certificates in one PDF", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const date = nextWeekday();
  // Booked in the opposite order of their slots: the PDF must follow the slots, not the bookings.
  const late = await bookedCitizen(request, 'Bounthavy', date, '04:30 PM');
  const early = await bookedCitizen(request, 'Chanthala', date, '08:00 AM');
  const middle = await bookedCitizen(request, 'Manivanh', date, '12:00 PM');
  const place = await somePlace(request);

  await officerSignedIn(page);
  await openScreen(page, '/officer');
  await page.getByRole('link', { name: 'Pick-up desk' }).click();
  await expect(page).toHaveURL(/\/officer\/pickup-desk/);
  await expect(page.getByRole('heading', { name: 'Pick-up desk' })).toBeVisible();
  // The booked day of the citizen's own district office.
  await page.getByLabel('District office').selectOption(String(place.district_id));
  await page.getByLabel('Date').fill(date);
  const row = page.getByTestId(`booking-${middle.ticket}`);
  await expect(row).toContainText(middle.name);

  // Printed first: all three, in one PDF, in the order of the slots.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Print all certificates of this day' }).click(),
  ]);
  const pages = await pdfPageTexts(fs.readFileSync((await download.path())!));
  const ours = pages
    .map((text) => /RC0000\d+/.exec(text)?.[0])
    .filter((ticket) => [early.ticket, middle.ticket, late.ticket].includes(ticket ?? ''));
  expect(ours).toEqual([early.ticket, middle.ticket, late.ticket]);
  expect(pages.length).toBeGreaterThanOrEqual(3);
  await expect(page.getByTestId('last-print')).toContainText('Printed before on');

  // Printing again asks first, and says when and by whom.
  await page.getByRole('button', { name: 'Print all certificates of this day' }).click();
  const again = page.getByRole('alertdialog');
  await expect(again).toContainText('These certificates were printed on');
  await again.getByRole('button', { name: 'No' }).click();

  // The citizen arrives: checked in, the ID number compared (a wrong one first), then handed over.
  await row.getByRole('button', { name: 'Check in' }).click();
  await expect(row).toContainText('Checked in');
  await expect(row.getByRole('button', { name: 'Hand over' })).toBeDisabled();
  await row.getByRole('button', { name: 'Compare ID' }).click();
  const check = page.getByRole('dialog');
  await check.getByLabel('ID card number shown by the citizen').fill('1111 2222 3333');
  await check.getByRole('button', { name: 'Compare', exact: true }).click();
  await expect(check.getByText('The ID number does not match the record.')).toBeVisible();
  await check.getByLabel('ID card number shown by the citizen').fill(middle.citizen.idCard);
  await check.getByRole('button', { name: 'Compare', exact: true }).click();
  await expect(check.getByText('The ID number matches the record.')).toBeVisible();
  await check.getByRole('button', { name: 'Close' }).click();
  await expect(row).toContainText('ID number matches');

  await row.getByRole('button', { name: 'Hand over' }).click();
  const hand = page.getByRole('dialog');
  await expect(hand.getByText(`The holder, ${middle.name}`)).toBeVisible();
  await hand.getByRole('button', { name: 'Confirm hand-over' }).click();
  await expect(row).toContainText(`Handed over to ${middle.name}`);
  await expect(page.getByText('1 handed over')).toBeVisible();

  // The citizen's record says so.
  const detail = await request.get(`${BASE}/${middle.id}`, {
    headers: { authorization: `Bearer ${middle.citizen.token}` },
  });
  expect(((await detail.json()) as { data: { status: string } }).data.status).toBe('picked up');
});

/** Screenshots of the desk and the figures at a desk's width and a phone's, in both languages (SHOTS_DIR). */
test('the pick-up desk and the office figures at 1440 and 390 px, in English and Lao', async ({ page, request }) => {
  test.skip(!process.env.SHOTS_DIR, 'screenshots only when SHOTS_DIR is set');
  test.setTimeout(240_000);
  const date = nextWeekday();
  const one = await bookedCitizen(request, 'Souksavanh', date, '10:30 AM');
  await bookedCitizen(request, 'Phonesavanh', date, '10:30 AM');
  const place = await somePlace(request);
  await officerSignedIn(page);
  const token = (await officerLogin(request)).access_token;
  await request.post(`/api/v1/officer/pickup-desk/${one.id}/check-in`, {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  for (const language of ['en', 'lo'] as const) {
    await page.evaluate((l) => localStorage.setItem('language', l), language);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
      await openScreen(page, `/officer/pickup-desk?date=${date}&district=${place.district_id}`);
      await expect(page.getByTestId(`booking-${one.ticket}`)).toBeVisible();
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/desk-${language}-${width}.png`, fullPage: true });
      await openScreen(page, '/officer/figures');
      await expect(page.getByTestId('figures')).toBeVisible();
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/figures-${language}-${width}.png`, fullPage: true });
    }
  }
});
