import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { pdf } from '../api/application-fixtures';
import { askCitizenThroughApi, answerOnThePhone, requestsOnServer } from './fixtures/answer-request';
import { createApplicationThroughApi, uploadProofThroughApi } from './fixtures/application';
import { registerCitizen, signIn, type Citizen } from './fixtures/citizen';
import { serviceWorkerReady } from './fixtures/offline';

/**
 * "An officer's day", the citizen's part: an officer asks for a new household-book page; the citizen
 * reads on the phone exactly what is asked, answers — offline it waits in the outbox — and the answer
 * reaches the server once, the application back with the officer and the clock running again.
 */
test.describe.configure({ timeout: 120_000 });

const BASE = '/api/v1/citizen/resident-certificate';
const QUEUED = 'Saved on this phone — it will be sent when you are back online.';
const ANSWER_PATH = /\/api\/v1\/(uploads|citizen\/resident-certificate\/\d+\/answer-request)/;

interface CitizenDetail {
  status: string;
  ticket_number: string;
  information_request: {
    answer_by: string;
    reasons: { text: string; what_to_do: string }[];
    message: string | null;
  } | null;
  clock: { tone: string; due_on: string | null } | null;
}

async function detail(request: APIRequestContext, citizen: Citizen, id: number, language = 'en') {
  const res = await request.get(`${BASE}/${id}`, {
    headers: { authorization: `Bearer ${citizen.token}`, 'accept-language': language },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: CitizenDetail }).data;
}

/** A citizen whose paid application an officer has asked for a new household-book page. */
async function askedCitizen(request: APIRequestContext, language: 'en' | 'lo' = 'en') {
  const citizen = await registerCitizen(request, { language });
  const { id } = await createApplicationThroughApi(request, citizen.token);
  await uploadProofThroughApi(request, citizen.token, id);
  await askCitizenThroughApi(request, id);
  return { citizen, id };
}

/** The day to answer by, as the screen words it ("Wednesday 22 April"), from the server's instant. */
const dayOf = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, {
    timeZone: 'Asia/Vientiane',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  }).format(new Date(iso));

function newPage(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'book-page-2.pdf');
  fs.writeFileSync(file, pdf('Household registration book, page 2'));
  return file;
}

const toast = (page: Page) => page.getByTestId('outbox-toast');

test('the citizen sees exactly what is asked, answers offline, and the answer lands once when back online', async ({
  page,
  context,
  request,
}, testInfo) => {
  const { citizen, id } = await askedCitizen(request);
  const asked = (await detail(request, citizen, id)).information_request!;
  await signIn(page, citizen);
  await page.goto(`/detail-application/${id}`);
  await serviceWorkerReady(page);

  // The detail: the status, what is asked and until when, and the clock paused.
  // The first screen of a new context: the app's files arrive first (slow on a loaded machine).
  await expect(page.getByText('Information requested')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'What the office asks of you' })).toBeVisible();
  await expect(page.getByText(asked.reasons[0]!.text)).toBeVisible();
  await expect(page.getByText(asked.reasons[0]!.what_to_do)).toBeVisible();
  await expect(page.getByText('Please send the page that lists you; the one sent is blurred.')).toBeVisible();
  await expect(page.getByText(`Please answer by ${dayOf(asked.answer_by, 'en-GB')}.`)).toBeVisible();
  await expect(page.getByTestId('decision-clock')).toHaveText('The decision is paused while we wait for your answer.');

  // The screen asks for the one document asked, nothing else.
  await page.getByRole('link', { name: 'Answer the office' }).click();
  await expect(page).toHaveURL(new RegExp(`/answer-request/${id}$`));
  await expect(page.getByText(asked.reasons[0]!.text)).toBeVisible();
  await expect(page.getByLabel('Household registration book')).toBeAttached();
  await expect(page.locator('main input[type=file]')).toHaveCount(1);
  await expect(page.locator('main input:not([type=file]), main select')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send answer' })).toBeVisible();
  // For a person to look at: the screen at 390 px (the test's output folder).
  await page.screenshot({ path: testInfo.outputPath('answer-request-en-390.png'), fullPage: true });

  await context.setOffline(true);
  await page.getByLabel('Household registration book').setInputFiles(newPage(testInfo.outputPath('files')));
  await expect(page.getByText('book-page-2.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Send answer' }).click();
  await expect(page).toHaveURL(/\/outbox\?queued=/);
  await expect(page.getByText(QUEUED)).toBeVisible();
  const entry = page.getByRole('listitem').filter({ hasText: `Your answer to the office for RC0000${id}` });
  await expect(entry).toContainText('Waiting for a connection');
  expect((await detail(request, citizen, id)).status).toBe('information requested');

  await context.setOffline(false);
  await expect(toast(page)).toContainText(
    `Your answer for RC0000${id} was sent. The application is back with the officer.`,
    { timeout: 45_000 },
  );
  // On the server: one answer, the application back in review with its clock running again.
  const server = await requestsOnServer(request, id);
  expect(server.status).toBe('in validation');
  expect(server.requests).toHaveLength(1);
  expect(server.requests[0]!.answered_at).not.toBeNull();
  expect(server.requests[0]!.answer).toMatchObject({ documents: ['household_registration_book'] });
  expect(server.answers).toBe(1);
  const after = await detail(request, citizen, id);
  expect(after.clock?.tone).not.toBe('paused');

  await page.goto(`/detail-application/${id}`);
  await expect(page.getByText('Answer sent — back with the officer.')).toBeVisible();
  await expect(page.getByTestId('decision-clock')).toContainText(/A decision (is|was) due/);
  await expect(page.getByRole('heading', { name: 'What the office asks of you' })).toBeHidden();
});

test('in Lao, the screen says what is asked in Lao and the answer is sent at once online', async ({
  page,
  request,
}, testInfo) => {
  const { citizen, id } = await askedCitizen(request, 'lo');
  const asked = (await detail(request, citizen, id, 'lo')).information_request!;
  await signIn(page, citizen);
  await page.evaluate(() => localStorage.setItem('language', 'lo'));
  await page.goto(`/answer-request/${id}`);

  await expect(page.getByRole('heading', { name: 'ສິ່ງທີ່ຫ້ອງການຕ້ອງການຈາກທ່ານ' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('ບາງໜ້າຂອງປຶ້ມສຳມະໂນຄົວອ່ານບໍ່ອອກ.')).toBeVisible();
  expect(asked.reasons[0]!.text).toBe('ບາງໜ້າຂອງປຶ້ມສຳມະໂນຄົວອ່ານບໍ່ອອກ.');
  await expect(page.getByText(asked.reasons[0]!.what_to_do)).toBeVisible();
  await expect(page.getByText('ຂໍ້ຄວາມຈາກເຈົ້າໜ້າທີ່')).toBeVisible();
  await expect(page.getByText(`ກະລຸນາຕອບພາຍໃນ ${dayOf(asked.answer_by, 'lo-LA')}.`, { exact: false })).toBeVisible();
  await expect(page.getByTestId('decision-clock')).toContainText('ການນັບເວລາເພື່ອຕັດສິນຢຸດໄວ້');
  await expect(page.getByRole('heading', { name: 'ເອກະສານທີ່ຕ້ອງສົ່ງໃໝ່' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('answer-request-lo-390.png'), fullPage: true });

  await page.getByLabel('ປຶ້ມສຳມະໂນຄົວ').setInputFiles(newPage(testInfo.outputPath('files')));
  await expect(page.getByText('book-page-2.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'ສົ່ງຄຳຕອບ' }).click();
  await expect(page.getByTestId('answer-sent')).toContainText('ສົ່ງຄຳຕອບແລ້ວ');
  await expect(page.getByText('ກຳລັງກວດສອບ', { exact: true })).toBeVisible();
  expect((await requestsOnServer(request, id)).status).toBe('in validation');
});

test('a phone whose session ended sends nothing; the answer goes once when the citizen logs in again', async ({
  page,
  context,
  request,
}, testInfo) => {
  const { citizen, id } = await askedCitizen(request);
  await signIn(page, citizen);
  await page.goto(`/answer-request/${id}`);
  await serviceWorkerReady(page);
  await expect(page.getByLabel('Household registration book')).toBeAttached();

  await context.setOffline(true);
  await page.getByLabel('Household registration book').setInputFiles(newPage(testInfo.outputPath('files')));
  await page.getByRole('button', { name: 'Send answer' }).click();
  await expect(page.getByText(QUEUED)).toBeVisible();

  // Any upload or answer tried once the session has ended and before the citizen logs in again is a
  // failure, whenever it comes. (Before it ended, the outbox may well try while offline: those tries
  // pass through here too, and never leave the phone.)
  let ended = false;
  let signedIn = false;
  const sentSignedOut: string[] = [];
  await context.route(ANSWER_PATH, (route) => {
    if (ended && !signedIn) sentSignedOut.push(`${route.request().method()} ${route.request().url()}`);
    return route.continue();
  });
  // The session's 60 minutes pass while offline, for the page and for the outbox's copy alike.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        localStorage.setItem('expiresAt', String(Date.now() - 1000));
        const open = indexedDB.open('rc-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const transaction = open.result.transaction('entries', 'readwrite');
          const store = transaction.objectStore('entries');
          const session = store.get('#session');
          session.onsuccess = () => {
            if (session.result) store.put({ ...session.result, expiresAt: Date.now() - 1000 }, '#session');
          };
          transaction.oncomplete = () => resolve();
          transaction.onerror = () => reject(transaction.error);
        };
      }),
  );
  ended = true;
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  const healthAnswered = page.waitForResponse((r) => r.url().endsWith('/api/health') && r.ok());
  await context.setOffline(false);
  await healthAnswered;
  await expect(page.getByText('Offline', { exact: true })).toBeHidden();
  expect((await detail(request, citizen, id)).status).toBe('information requested');

  await page.getByLabel('Email, phone number or ID card number').fill(citizen.email);
  await page.getByLabel('Password', { exact: true }).fill(citizen.password);
  signedIn = true;
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(toast(page)).toContainText(`Your answer for RC0000${id} was sent.`, { timeout: 45_000 });
  expect(sentSignedOut).toEqual([]);
  const server = await requestsOnServer(request, id);
  expect(server.status).toBe('in validation');
  expect(server.requests.filter((r) => r.answered_at)).toHaveLength(1);
});

test('the helper for the officer journeys answers on the phone, online', async ({ page, request }, testInfo) => {
  const { citizen, id } = await askedCitizen(request);
  await signIn(page, citizen);
  await answerOnThePhone(page, id, { 'Household registration book': newPage(testInfo.outputPath('files')) });
  expect((await requestsOnServer(request, id)).status).toBe('in validation');
});
