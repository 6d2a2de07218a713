import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { pdf, png } from '../api/application-fixtures';
import { chromiumLaunchOptions } from './chromium';
import { fillStep1 } from './fixtures/application-steps';
import { registerCitizen, signIn, type Citizen } from './fixtures/citizen';
import { applicationOf, detail, history, QUEUED, serviceWorkerReady, toast, write } from './fixtures/offline';

/**
 * The offline outbox (docs/architecture.md#the-offline-outbox): create, proof and re-apply made
 * without a connection are saved on the phone, sent once when the connection is back — through the
 * real server, counted through the API — and a refusal puts the data back into the draft.
 */
// A journey registers, fills the steps, goes offline and waits for the replay once back online.
test.describe.configure({ timeout: 90_000 });

/** Steps 1 and 2 through the screens (step 1 is prefilled from the profile). */
async function fillSteps1And2(page: Page, dir: string) {
  await page.goto('/application-resident-certificate');
  await serviceWorkerReady(page);
  await expect(page.getByLabel('First name')).not.toHaveValue('');
  await expect(page.getByLabel('Village', { exact: true })).not.toHaveValue('');
  await fillStep1(page);
  await page.getByLabel('Applicant photo (3x4)').setInputFiles(write(dir, 'photo-300x400.png', png(300, 400)));
  await page
    .getByLabel('Household registration book')
    .setInputFiles(write(dir, 'household-book.pdf', pdf('Household registration book')));
  await page.getByLabel('Proof of residence').setInputFiles(write(dir, 'residence.pdf', pdf('Proof of residence')));
  await expect(page.getByText('residence.pdf')).toBeVisible();
}

/** From step 2 to step 3 with the fee shown and a bank chosen. */
async function toPaymentWithBank(page: Page) {
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/preview-data$/);
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page.getByText('LAK 29,000')).toBeVisible();
  await page.getByRole('button', { name: /Select payment method/ }).click();
  await page
    .getByRole('dialog', { name: 'Select payment method' })
    .getByRole('button', { name: 'Lao Development Bank (LDB)' })
    .click();
}

/** A new citizen, signed in, at the payment step of a filled application with a bank chosen. */
async function citizenAtPayment(page: Page, request: APIRequestContext, dir: string): Promise<Citizen> {
  const citizen = await registerCitizen(request);
  await signIn(page, citizen);
  await fillSteps1And2(page, dir);
  await toPaymentWithBank(page);
  return citizen;
}

/** A new citizen, signed in, on the waiting-for-payment screen of an application made through the API. */
async function citizenWaitingForPayment(
  page: Page,
  request: APIRequestContext,
): Promise<{ citizen: Citizen; id: number }> {
  const citizen = await registerCitizen(request);
  const id = await applicationOf(request, citizen);
  await signIn(page, citizen);
  await page.goto(`/waiting-for-payment/${id}`);
  await serviceWorkerReady(page);
  return { citizen, id };
}

/** Offline on the waiting-for-payment screen, the citizen uploads a receipt: it waits on the phone. */
async function proofQueuedOffline(page: Page, context: BrowserContext, dir: string) {
  await context.setOffline(true);
  await page.getByLabel('Proof of payment').setInputFiles(write(dir, 'receipt.png', png(600, 900)));
  await page.getByRole('button', { name: 'Upload proof of payment' }).click();
  await expect(page.getByText(QUEUED)).toBeVisible();
}

test('"Make payment" offline is saved on the phone and sent exactly once when back online, with the ticket number', async ({
  page,
  context,
  request,
}, testInfo) => {
  const citizen = await citizenAtPayment(page, request, testInfo.outputPath('documents'));

  // Every try of the request, the page's and the service worker's alike (both go through the context).
  const tries = { started: 0, finished: 0 };
  await context.route('**/api/v1/citizen/resident-certificate/create-new', async (route) => {
    tries.started++;
    try {
      await route.fulfill({ response: await route.fetch() });
    } finally {
      tries.finished++;
    }
  });
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Make payment' }).click();
  await expect(page).toHaveURL(/\/outbox\?queued=/);
  await expect(page.getByText(QUEUED)).toBeVisible();
  const entry = page.getByRole('listitem').filter({ hasText: 'New resident certificate application' });
  await expect(entry.getByText('Waiting for a connection')).toBeVisible();
  // The header leads to the outbox while anything waits.
  await expect(page.getByRole('link', { name: 'Outbox, 1 not sent yet' })).toBeVisible();
  expect(await history(request, citizen)).toHaveLength(0);

  await context.setOffline(false);
  await expect(toast(page)).toContainText(/Your application was sent\. Ticket number: RC0000\d+\./, {
    timeout: 30_000,
  });
  const items = await history(request, citizen);
  expect(items).toHaveLength(1);
  await expect(toast(page)).toContainText(items[0]!.ticket_number);
  await expect(entry.getByText(`Ticket number: ${items[0]!.ticket_number}`)).toBeVisible();
  await expect(page.getByRole('link', { name: /Outbox, .* not sent yet/ })).toBeHidden();
  // Sent once: whoever replayed (the service worker, the page), once every try has had its answer
  // and the entry is sent (nobody sends it again), the lease and the key kept it to one application.
  await expect.poll(() => tries.started > 0 && tries.started === tries.finished).toBe(true);
  expect(await history(request, citizen)).toHaveLength(1);

  await page.goto('/application-history');
  await expect(page.getByText(items[0]!.ticket_number)).toBeVisible();
});

test('a proof of payment chosen is kept on the device, queued offline and uploaded once back online', async ({
  page,
  context,
  request,
}, testInfo) => {
  const { citizen, id } = await citizenWaitingForPayment(page, request);
  await page
    .getByLabel('Proof of payment')
    .setInputFiles(write(testInfo.outputPath('p'), 'receipt.png', png(600, 900)));
  await expect(page.getByText('receipt.png')).toBeVisible();
  // Leaving the screen no longer loses the chosen file.
  await page.goto('/home');
  await page.goto(`/waiting-for-payment/${id}`);
  await expect(page.getByText('receipt.png')).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Upload proof of payment' }).click();
  await expect(page.getByText(QUEUED)).toBeVisible();
  expect((await detail(request, citizen, id)).payment.proof_of_payment_path).toBeNull();

  await context.setOffline(false);
  // The citizen learns it either way: the notice, or — when the screen was still waiting for this
  // very upload — the payment screen moving on to its success page.
  await expect(
    toast(page)
      .filter({ hasText: `Your proof of payment for RC0000${id} was sent.` })
      .or(page.getByRole('heading', { name: 'Payment successful' })),
  ).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await detail(request, citizen, id)).status).toBe('waiting for approve');
});

test('an answer lost on the way back is "being confirmed" and settled with the same key: one application', async ({
  page,
  context,
  request,
}, testInfo) => {
  const citizen = await citizenAtPayment(page, request, testInfo.outputPath('documents'));

  // The request reaches the server (the application is created), the answer never reaches the page.
  // The replay — from the page or the service worker, both routed by the context — waits until
  // the screen has been checked.
  let tries = 0;
  let letReplayGo!: () => void;
  const replayMayGo = new Promise<void>((resolve) => {
    letReplayGo = resolve;
  });
  await context.route('**/api/v1/citizen/resident-certificate/create-new', async (route) => {
    if (tries++ > 0) {
      await replayMayGo;
      return route.continue();
    }
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.getByRole('button', { name: 'Make payment' }).click();
  await expect(page.getByText(/Being confirmed — the connection dropped/)).toBeVisible();
  await expect(page.getByText(/You are offline/)).toBeHidden();
  await expect(page.getByRole('listitem').getByText('Being confirmed', { exact: true })).toBeVisible();
  expect(await history(request, citizen)).toHaveLength(1);
  letReplayGo();

  await expect(toast(page)).toContainText(/Your application was sent\. Ticket number: RC0000\d+\./, {
    timeout: 30_000,
  });
  const items = await history(request, citizen);
  expect(items).toHaveLength(1);
  await expect(toast(page)).toContainText(items[0]!.ticket_number);
});

test('an expired session sends nothing until the citizen signs in again, then sends once', async ({
  page,
  context,
  request,
}, testInfo) => {
  const { citizen, id } = await citizenWaitingForPayment(page, request);
  await expect(page.getByLabel('Proof of payment')).toBeAttached();
  await proofQueuedOffline(page, context, testInfo.outputPath('p'));

  // Any upload or proof tried once the session has ended and before the citizen signs in again is a
  // failure, whenever it comes. (Before it ended, the outbox may well try while offline: those tries
  // pass through here too, and never leave the phone.)
  let ended = false;
  let signedIn = false;
  const sentSignedOut: string[] = [];
  await context.route(/\/api\/v1\/(uploads|citizen\/resident-certificate\/\d+\/upload-payment)/, (route) => {
    if (ended && !signedIn) sentSignedOut.push(`${route.request().method()} ${route.request().url()}`);
    return route.continue();
  });
  // The 60 minutes pass while offline: the app ends the session at its next check. Time passes for
  // the copy the outbox sends with (IndexedDB, read by the service worker and the page's rounds) too.
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
  // Back online: the page's health check answering is what starts a replay (the service worker's
  // Background Sync fires on the same change); with no session it must send nothing.
  const healthAnswered = page.waitForResponse((r) => r.url().endsWith('/api/health') && r.ok());
  await context.setOffline(false);
  await healthAnswered;
  await expect(page.getByText('Offline', { exact: true })).toBeHidden();
  expect((await detail(request, citizen, id)).payment.proof_of_payment_path).toBeNull();

  await page.getByLabel('Email, phone number or ID card number').fill(citizen.email);
  await page.getByLabel('Password', { exact: true }).fill(citizen.password);
  signedIn = true;
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(toast(page)).toContainText(`Your proof of payment for RC0000${id} was sent.`, { timeout: 30_000 });
  expect(sentSignedOut).toEqual([]);
  const after = await detail(request, citizen, id);
  expect(after.status).toBe('waiting for approve');
  expect(after.payment.proof_of_payment_path).not.toBeNull();
});

test('a 422 on replay puts the application back into the draft, documents included, and says why', async ({
  page,
  context,
  request,
}, testInfo) => {
  const citizen = await citizenAtPayment(page, request, testInfo.outputPath('documents'));
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Make payment' }).click();
  await expect(page.getByText(QUEUED)).toBeVisible();

  // Meanwhile the same Idempotency-Key reached the server with other data: the replay is refused (422).
  const key = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('rc-outbox');
        open.onsuccess = () => {
          const all = open.result.transaction('entries').objectStore('entries').getAll();
          all.onsuccess = () =>
            resolve(
              (all.result as { kind?: string; idempotencyKey: string }[]).find((e) => e.kind === 'create-new')!
                .idempotencyKey,
            );
        };
      }),
  );
  await applicationOf(request, citizen, key);
  expect(await history(request, citizen)).toHaveLength(1);

  await context.setOffline(false);
  await expect(toast(page)).toContainText('New resident certificate application was not accepted:', {
    timeout: 30_000,
  });
  await expect(page.getByText('Needs your action')).toBeVisible();
  await expect(page.getByText('Your data is back in the form.')).toBeVisible();
  await expect(
    page.locator('#main').getByText(/Not accepted: This request was already sent with other data\./),
  ).toBeVisible();
  expect(await history(request, citizen)).toHaveLength(1);
  // The outbox with an entry and its notice is as accessible as every other screen.
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await page.goto('/document-submission');
  await expect(page.getByText('photo-300x400.png')).toBeVisible();
  await expect(page.getByText('residence.pdf')).toBeVisible();
  await page.goto('/application-resident-certificate');
  await expect(page.getByLabel('Occupation')).toHaveValue('Teacher');
});

test('drafts, documents and the outbox survive closing the browser; reopened offline they are all there', async ({
  request,
  baseURL,
}, testInfo) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-profile-'));
  // Reopened truly offline: a proxy that does not exist, for loopback too, so that not even the
  // service worker (which Chromium may start before any emulation applies) reaches the server.
  const open = (offline: boolean) => {
    const launch = chromiumLaunchOptions();
    const args = offline
      ? [...(launch.args ?? []), '--proxy-server=127.0.0.1:9', '--proxy-bypass-list=<-loopback>']
      : launch.args;
    return chromium.launchPersistentContext(dir, {
      ...launch,
      args,
      baseURL,
      viewport: { width: 390, height: 844 },
      offline,
    });
  };
  const citizen = await registerCitizen(request);
  const id = await applicationOf(request, citizen);
  let context: BrowserContext = await open(false);
  try {
    let page = context.pages()[0] ?? (await context.newPage());
    await signIn(page, citizen);
    await fillSteps1And2(page, testInfo.outputPath('documents'));
    await page.goto(`/waiting-for-payment/${id}`);
    await expect(page.getByLabel('Proof of payment')).toBeAttached();
    await proofQueuedOffline(page, context, testInfo.outputPath('p'));
    await context.close();

    context = await open(true);
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/outbox');
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: `Proof of payment for RC0000${id}` })
        .getByText('Waiting for a connection'),
    ).toBeVisible();
    await page.goto('/document-submission');
    await expect(page.getByText('photo-300x400.png')).toBeVisible();
    await expect(page.getByText('household-book.pdf')).toBeVisible();
    await expect(page.getByText('residence.pdf')).toBeVisible();
    expect((await detail(request, citizen, id)).payment.proof_of_payment_path).toBeNull();
  } finally {
    await context.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
