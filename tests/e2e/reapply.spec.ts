import fs from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { pdf, png } from '../api/application-fixtures';
import { registerCitizen, signIn, type Citizen } from './fixtures/citizen';
import { E2E_REASON, officerLogin } from './fixtures/officer';
import { createApplicationThroughApi } from './fixtures/application';
import { history, QUEUED, serviceWorkerReady, toast } from './fixtures/offline';

/**
 * Applied-before journey (docs/specification.md#applying-again-after-a-rejection): a rejected
 * application found in the applied-before list, its notes read, its data corrected, documents
 * attached, submitted again, and the new application found in the history.
 *
 * The rejection is an officer's (the server's only other way, the unpaid deadline, takes at least an
 * hour): the e2e officer that playwright.config.ts has the server create at start.
 */

const BASE = '/api/v1/citizen/resident-certificate';
const NOTES = 'The household registration book is unreadable. Please attach a clearer scan.';

async function createApplication(request: APIRequestContext, citizen: Citizen) {
  const { id, bankId } = await createApplicationThroughApi(request, citizen.token);
  return { id, bank: bankId };
}

async function rejectAsOfficer(request: APIRequestContext, id: number) {
  const token = (await officerLogin(request)).access_token;
  const rejected = await request.post(`/api/v1/officer/applications/${id}/reject`, {
    headers: { authorization: `Bearer ${token}` },
    data: { reason_codes: [E2E_REASON], notes: NOTES },
  });
  expect(rejected.ok(), await rejected.text()).toBe(true);
}

test('applied-before: a citizen with no rejected application sees the empty state', async ({ page, request }) => {
  const citizen = await registerCitizen(request);
  await signIn(page, citizen);
  await page.goto('/resident-certificate');
  await page.getByRole('link', { name: /Applied before/ }).click();
  await expect(page).toHaveURL(/\/history-applied-before$/);
  await expect(page.getByRole('heading', { name: 'No application before' })).toBeVisible();
});

test('applied-before: read the notes, correct the data, attach documents, submit again, find it in the history', async ({
  page,
  request,
}, testInfo) => {
  const citizen = await registerCitizen(request);
  const me = { authorization: `Bearer ${citizen.token}` };
  const { id, bank } = await createApplication(request, citizen);
  await rejectAsOfficer(request, id);
  const ticket = (await (await request.get(`${BASE}/${id}`, { headers: me })).json()).data.ticket_number as string;

  await signIn(page, citizen);
  // Without form data on the device the documents screen sends the citizen back to the list.
  await page.goto(`/document-applied-before/${id}`);
  await expect(page).toHaveURL(/\/history-applied-before$/);

  const card = page.getByRole('link', { name: new RegExp(ticket) });
  await expect(card).toContainText('Rejected');
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/history-applied-before-detail/${id}$`));
  await expect(page.getByRole('heading', { name: ticket })).toBeVisible();
  await expect(page.getByText(NOTES)).toBeVisible();

  // The form holds the rejected application's data, places included.
  await expect(page.getByLabel('First name')).toHaveValue('Somchai');
  await expect(page.getByLabel('Family book number')).toHaveValue('0012345');
  await expect(page.getByLabel('Province', { exact: true })).not.toHaveValue('');
  await expect(page.getByLabel('Village', { exact: true })).not.toHaveValue('');
  await page.getByLabel('Occupation').fill('Rice farmer');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/document-applied-before/${id}$`));

  // Back to the form: the correction is kept on the device.
  await page.goBack();
  await expect(page.getByLabel('Occupation')).toHaveValue('Rice farmer');
  await page.getByRole('button', { name: 'Next' }).click();

  const dir = testInfo.outputPath('files');
  fs.mkdirSync(dir, { recursive: true });
  const write = (name: string, bytes: Buffer) => {
    fs.writeFileSync(`${dir}/${name}`, bytes);
    return `${dir}/${name}`;
  };

  // Nothing attached: each document says it is required.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Please choose the applicant photo')).toBeVisible();
  await expect(page.getByText('Please choose the household registration book')).toBeVisible();
  await expect(page.getByText('Please choose the proof of residence')).toBeVisible();
  await page.getByLabel('Applicant photo (3x4)').setInputFiles(write('landscape.png', png(400, 300)));
  await expect(page.getByText('Image must have a 3:4 aspect ratio')).toBeVisible();
  await page.getByLabel('Applicant photo (3x4)').setInputFiles(write('photo-300x400.png', png(300, 400)));
  await page
    .getByLabel('Household registration book')
    .setInputFiles(write('clear-book.pdf', pdf('A clearer household registration book')));
  await page.getByLabel('Proof of residence').setInputFiles(write('residence.pdf', pdf('Proof of residence')));
  await expect(page.getByText('clear-book.pdf')).toBeVisible();
  await expect(page.getByText('Image must have a 3:4 aspect ratio')).toBeHidden();
  // A reload (a weak connection, a closed tab) keeps the attached documents.
  await page.reload();
  await expect(page.getByText('photo-300x400.png')).toBeVisible();
  await expect(page.getByText('clear-book.pdf')).toBeVisible();
  await expect(page.getByText('residence.pdf')).toBeVisible();
  await expect(page.getByLabel('Bank')).toHaveValue(String(bank));

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/applied-success\/\d+$/);
  const newId = Number(page.url().split('/').pop());
  await expect(page.getByTestId('ticket-number')).toHaveText(`RC0000${newId}`);
  await expect(page.getByText('Applied again successfully')).toBeVisible();
  // The rejected application was never paid: the new one must be, before its deadline.
  await expect(
    page.getByText(
      /This new application still has to be paid: transfer LAK 29,000 to its virtual account before \d{1,2} \w{3} \d{4}, \d{2}:\d{2}/,
    ),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', `/waiting-for-payment/${newId}`);

  // The server holds the corrected data, linked to the rejected application.
  const detail = (await (await request.get(`${BASE}/${newId}`, { headers: me })).json()).data;
  expect(detail).toMatchObject({
    reapplied_from: id,
    applicant_data: { occupation: 'Rice farmer', first_name: 'Somchai' },
    document_submit: { household_registration_book_name: 'clear-book.pdf' },
  });

  // The form was removed from the device: the documents screen now sends back to the list.
  await page.goto(`/document-applied-before/${id}`);
  await expect(page).toHaveURL(/\/history-applied-before$/);
  // And the rejected application says it was already submitted again.
  await page.getByRole('link', { name: new RegExp(ticket) }).click();
  await expect(page.getByText('You already submitted this application again.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);

  await page.goto(`/applied-success/${newId}`);
  await page.getByRole('link', { name: 'Check Application Status' }).click();
  await expect(page).toHaveURL(/\/application-history$/);
  await expect(page.getByRole('link', { name: new RegExp(`RC0000${newId}`) })).toBeVisible();
});

test('applied-before offline: submitted without a connection, it waits on the phone and lands once back online', async ({
  page,
  context,
  request,
}, testInfo) => {
  const citizen = await registerCitizen(request);
  const { id } = await createApplication(request, citizen);
  await rejectAsOfficer(request, id);

  await signIn(page, citizen);
  await page.goto(`/history-applied-before-detail/${id}`);
  await serviceWorkerReady(page);
  await expect(page.getByText(NOTES)).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/document-applied-before/${id}$`));

  const dir = testInfo.outputPath('files');
  fs.mkdirSync(dir, { recursive: true });
  const write = (name: string, bytes: Buffer) => {
    fs.writeFileSync(`${dir}/${name}`, bytes);
    return `${dir}/${name}`;
  };
  await page.getByLabel('Applicant photo (3x4)').setInputFiles(write('photo.png', png(300, 400)));
  await page.getByLabel('Household registration book').setInputFiles(write('book.pdf', pdf('A clearer book')));
  await page.getByLabel('Proof of residence').setInputFiles(write('residence.pdf', pdf('Proof of residence')));
  await expect(page.getByText('residence.pdf')).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/outbox\?queued=/);
  await expect(page.getByText(QUEUED)).toBeVisible();
  expect(await history(request, citizen)).toHaveLength(1);

  await context.setOffline(false);
  await expect(toast(page)).toContainText(/Your application was sent\. Ticket number: RC0000\d+\./, {
    timeout: 30_000,
  });
  const items = await history(request, citizen);
  expect(items).toHaveLength(2);
  const again = items.find((i) => i.id !== id)!;
  await expect(toast(page)).toContainText(again.ticket_number);
  const detail = (
    await (await request.get(`${BASE}/${again.id}`, { headers: { authorization: `Bearer ${citizen.token}` } })).json()
  ).data;
  expect(detail).toMatchObject({
    reapplied_from: id,
    document_submit: { household_registration_book_name: 'book.pdf' },
  });
});
