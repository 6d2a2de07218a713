import fs from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createApplicationThroughApi, uploadProofThroughApi } from './fixtures/application';
import { registerCitizen, signIn, type Citizen } from './fixtures/citizen';
import { issueThroughApi } from './fixtures/officer';

const BASE = '/api/v1/citizen/resident-certificate';

/** A citizen's application through the citizen API, paid with an uploaded proof. */
async function paidApplication(request: APIRequestContext, citizen: Citizen) {
  const { id } = await createApplicationThroughApi(request, citizen.token, {
    first_name: 'Khamphone',
    last_name: 'Vongsa',
  });
  await uploadProofThroughApi(request, citizen.token, id);
  return id;
}

type Slots = { data: { slots: { time: string; remaining: number }[] } };
/** The first slot of the day from 10:00 AM on that still has all its 5 places. */
async function untouchedSlot(request: APIRequestContext, citizen: Citizen, date: string): Promise<string> {
  const res = await request.get(`${BASE}/pickup-slots?date=${date}`, {
    headers: { authorization: `Bearer ${citizen.token}` },
  });
  const slots = ((await res.json()) as Slots).data.slots;
  const time = slots.slice(slots.findIndex((s) => s.time === '10:00 AM')).find((s) => s.remaining === 5)?.time;
  if (!time) throw new Error(`No untouched slot on ${date}`);
  return time;
}

/** The next weekday after today in Vientiane: always bookable, whatever the hour of the run. */
function nextWeekday(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Vientiane' }).format(new Date());
  let t = Date.parse(`${today}T00:00:00Z`);
  do t += 86_400_000;
  while ([0, 6].includes(new Date(t).getUTCDay()));
  return new Date(t).toISOString().slice(0, 10);
}
const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

test('a citizen with an issued certificate downloads it, books a pick-up and sees it in the detail; the QR address verifies it', async ({
  page,
  request,
}, testInfo) => {
  const citizen = await registerCitizen(request);
  const id = await paidApplication(request, citizen);
  const ticket = `RC0000${id}`;
  await issueThroughApi(request, id);

  await signIn(page, citizen);
  await page.goto('/application-history');
  await page.getByRole('link', { name: new RegExp(ticket) }).click();
  await expect(page).toHaveURL(new RegExp(`/certificate-approval/${id}$`));
  await expect(page.getByRole('heading', { name: 'Congratulations!' })).toBeVisible();
  await expect(page.getByTestId('ticket-number')).toHaveText(`ID: ${ticket}`);
  await page.screenshot({ path: testInfo.outputPath('certificate-approval.png'), fullPage: true });

  // The e-certificate: fetched with the token, saved as <ticket>.pdf; the notice goes after 3 s.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download e-certificate' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${ticket}.pdf`);
  const bytes = fs.readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.toString('latin1')).toContain(ticket);
  const notice = page.getByText('File downloaded');
  await expect(notice).toBeVisible();
  await expect(notice).toBeHidden({ timeout: 5_000 });

  // Pick-up: the next weekday, a closed slot is disabled, a slot nobody has booked yet is chosen
  // (the server and its database are shared by every spec and by a retry of this one).
  await page.getByRole('link', { name: 'Pick up at the office' }).click();
  await expect(page).toHaveURL(new RegExp(`/pick-up-date/${id}$`));
  const date = nextWeekday();
  const time = await untouchedSlot(request, citizen, date);
  const calendar = page.getByRole('application', { name: /Pick-up date/ });
  if (
    !(await page.getByTestId('calendar-month').textContent())?.includes(longDate(date).split(' ').slice(1).join(' '))
  ) {
    await calendar.getByRole('button', { name: 'Next month' }).click();
  }
  // On a Lao weekend the next weekday is also the first open day, which the screen has chosen
  // already: its button then says so ("… selected").
  await calendar.getByRole('button', { name: new RegExp(`, ${longDate(date)}( selected)?$`) }).click();
  await expect(page.getByTestId('chosen-date')).toHaveValue(longDate(date));
  // Confirming without a time says what is missing.
  await page.getByRole('button', { name: 'Confirm pick-up' }).click();
  await expect(page.getByText('Please select time pick up')).toBeVisible();
  await expect(page.getByRole('radio', { name: '09:30 AM, not available' })).toBeDisabled();
  await page.getByRole('radio', { name: `${time}, 5 places left` }).check({ force: true });
  await page.screenshot({ path: testInfo.outputPath('pick-up-date.png'), fullPage: true });
  await page.getByRole('button', { name: 'Confirm pick-up' }).click();

  await expect(page).toHaveURL(new RegExp(`/success-set-pick-up\\?id=${id}$`));
  await expect(page.getByRole('heading', { name: "You're all set!" })).toBeVisible();
  await expect(page.getByTestId('booked-date')).toHaveText(longDate(date));
  await expect(page.getByTestId('booked-time')).toHaveText(time);
  await page.screenshot({ path: testInfo.outputPath('success-set-pick-up.png'), fullPage: true });

  // The detail's header shows the booking; the slot has one place fewer.
  await page.getByRole('link', { name: 'Check detail' }).click();
  await expect(page).toHaveURL(new RegExp(`/detail-application/${id}$`));
  await expect(page.getByText(`${longDate(date)}, ${time}`)).toBeVisible();
  await expect(page.getByText('Waiting to be picked up').first()).toBeVisible();
  const slots = await request.get(`${BASE}/pickup-slots?date=${date}`, {
    headers: { authorization: `Bearer ${citizen.token}` },
  });
  expect(
    ((await slots.json()) as { data: { slots: { time: string; remaining: number }[] } }).data.slots.find(
      (s) => s.time === time,
    )!.remaining,
  ).toBe(4);

  // The certificate screen now offers to change the booking.
  await page.goto(`/certificate-approval/${id}`);
  await expect(page.getByTestId('pickup-booking')).toHaveText(`${longDate(date)}, ${time}`);
  await expect(page.getByRole('link', { name: 'Change pick-up date' })).toBeVisible();

  // The address in the QR code: public, in English and in Lao.
  const detail = await request.get(`${BASE}/${id}`, { headers: { authorization: `Bearer ${citizen.token}` } });
  const code = ((await detail.json()) as { data: { certificate_code: string } }).data.certificate_code;
  expect(bytes.toString('latin1')).toContain(`/verify/${code}`);
  const visitor = await page
    .context()
    .browser()!
    .newPage({ viewport: { width: 390, height: 844 } });
  await visitor.goto(`/verify/${code}`);
  await expect(visitor.getByRole('heading', { name: 'Genuine certificate' })).toBeVisible();
  await expect(visitor.getByTestId('holder')).toHaveText('Khamphone V.');
  await expect(visitor.getByText(ticket)).toBeVisible();
  await visitor.evaluate(() => localStorage.setItem('language', 'lo'));
  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: 'ໃບຢັ້ງຢືນແທ້' })).toBeVisible();
  await visitor.screenshot({ path: testInfo.outputPath('verify-lo.png'), fullPage: true });
  await visitor.goto('/verify/NOSUCHCODE1');
  await expect(visitor.getByRole('heading', { name: 'ບໍ່ພົບໃບຢັ້ງຢືນທີ່ມີລະຫັດນີ້' })).toBeVisible();
  await visitor.close();
});

test("another citizen cannot download or book someone else's certificate", async ({ request }) => {
  const owner = await registerCitizen(request);
  const id = await paidApplication(request, owner);
  await issueThroughApi(request, id);
  const other = await registerCitizen(request);
  const headers = { authorization: `Bearer ${other.token}` };
  expect((await request.get(`${BASE}/${id}/download-2`, { headers })).status()).toBe(404);
  expect(
    (
      await request.post(`${BASE}/${id}/set-pickup-date`, { headers, data: { date: nextWeekday(), time: '08:00 AM' } })
    ).status(),
  ).toBe(404);
});
