import fs from 'node:fs';
import {
  expect as baseExpect,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { pdf } from '../api/application-fixtures';
import { createApplicationThroughApi, uploadProofThroughApi } from './fixtures/application';
import { words } from './fixtures/catalogue';
import { answerOnThePhone } from './fixtures/answer-request';
import { registerCitizen, signIn } from './fixtures/citizen';
import { officerLogin } from './fixtures/officer';
import { E2E_TEAM, enterAs, teamLogin, type OfficerSession } from './fixtures/officer-team';

/**
 * An officer's day, by keyboard only: a reviewer takes the next case, reads the documents beside
 * the data (zoom, next document) and asks the citizen for a new household-book page; the citizen
 * answers on the phone (390 px) without a connection, the outbox sends it when the connection
 * returns; the reviewer marks it reviewed, a second officer approves, the issuer issues. In
 * English, then in Lao.
 *
 * The page records every pointer event the browser makes itself; the test fails on any: each step
 * is a key press. The team works in an office of its own (the last district of the list), so the
 * queues hold this journey's cases only.
 */
test.use({ viewport: { width: 1440, height: 900 } });
// Three officers' browsers, pdf.js and a shared, busy machine: what a person sees may take a while.
const expect = baseExpect.configure({ timeout: 30_000 });
// Three officers' pages and a citizen's answer: minutes on a busy machine.
test.describe.configure({ timeout: 360_000 });

type Sessions = Record<keyof typeof E2E_TEAM, OfficerSession>;
let sessions: Sessions;
let place: { province_id: number; district_id: number; village_id: number };

async function lastPlace(request: APIRequestContext) {
  const list = async (url: string) => ((await (await request.get(url)).json()) as { data: { id: number }[] }).data;
  const province = (await list('/api/v1/master-data/location/provinces')).at(-1)!.id;
  const district = (await list(`/api/v1/master-data/location/district/${province}`)).at(-1)!.id;
  const village = (await list(`/api/v1/master-data/location/villages/${district}`))[0]!.id;
  return { province_id: province, district_id: district, village_id: village };
}

test.beforeAll(async ({ request }) => {
  place = await lastPlace(request);
  // The admin gives the team its own office (the API the accounts screen uses).
  const admin = { authorization: `Bearer ${(await officerLogin(request)).access_token}` };
  const accounts = (
    (await (await request.get('/api/v1/officer/accounts', { headers: admin })).json()) as {
      data: { id: number; email: string }[];
    }
  ).data;
  for (const member of Object.values(E2E_TEAM)) {
    const account = accounts.find((a) => a.email === member.email);
    expect(account, `${member.email} was seeded before the server started`).toBeDefined();
    const res = await request.put(`/api/v1/officer/accounts/${account!.id}/office`, {
      headers: admin,
      data: { level: 'district', province_id: place.province_id, district_id: place.district_id },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  sessions = {
    reviewer: await teamLogin(request, E2E_TEAM.reviewer),
    approver: await teamLogin(request, E2E_TEAM.approver),
    issuer: await teamLogin(request, E2E_TEAM.issuer),
  };
});

/** Records any pointer event the browser itself makes (a keyboard's "click" has no pointer type). */
async function keyboardOnly(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { pointerEvents: string[] }).pointerEvents = seen;
    for (const type of ['pointerdown', 'mousedown', 'mouseup', 'click', 'dblclick', 'contextmenu', 'wheel']) {
      window.addEventListener(
        type,
        (e) => {
          if (!e.isTrusted) return;
          const pointer = e as PointerEvent;
          if (type === 'click' && pointer.pointerType !== 'mouse' && pointer.detail === 0) return;
          seen.push(`${type}:${pointer.pointerType ?? ''}`);
        },
        true,
      );
    }
  });
}
const pointerEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { pointerEvents: string[] }).pointerEvents);

async function officerPage(browser: Browser, session: OfficerSession, language: 'en' | 'lo') {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await keyboardOnly(page);
  await enterAs(page, session, language);
  const started = Date.now();
  await page.goto('/officer');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 60_000 });
  console.log(`back office shown after ${Date.now() - started} ms`);
  return page;
}

/**
 * The screen at a desk (1440 px) and on a phone (390 px), saved in the test's output folder for a
 * person to look at (in Lao above all: clipped tone marks, English left over).
 */
async function pictures(page: Page, name: string) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
  await page.screenshot({ path: test.info().outputPath(`${name}-1440.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath(`${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Tab (never a pointer) until the element has the focus. */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Presses the decision's key, then Enter in the dialog (its button has the focus). */
async function decide(page: Page, language: 'en' | 'lo', action: string, done: string) {
  await page.keyboard.press('a');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toContainText(words(language, action));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: words(language, done) })).toBeVisible();
}

for (const language of ['en', 'lo'] as const) {
  test(`an officer's day by keyboard only (${language})`, async ({ browser, request }) => {
    const w = (english: string) => words(language, english);
    const citizen = await registerCitizen(request);
    const { id } = await createApplicationThroughApi(request, citizen.token, {
      first_name: 'Phonesavanh',
      last_name: 'Keomany',
      ...place,
      parent_province_id: place.province_id,
      parent_district_id: place.district_id,
      parent_village_id: place.village_id,
    });
    const ticket = `RC0000${id}`;
    await uploadProofThroughApi(request, citizen.token, id);
    // The cashier's part (verified through the API): the case enters the review queue, its clock running.
    const admin = { authorization: `Bearer ${(await officerLogin(request)).access_token}` };
    const verified = await request.post(`/api/v1/officer/applications/${id}/verify-payment`, {
      headers: admin,
      data: {},
    });
    expect(verified.status(), await verified.text()).toBe(200);
    const reasons = (
      (await (await request.get('/api/v1/officer/reasons', { headers: admin })).json()) as {
        data: { usage: string; text_en: string; text_lo: string }[];
      }
    ).data;
    const askReason = reasons.find((r) => r.usage !== 'reject')!;

    // The reviewer opens on their queue and takes the case with the least time left.
    const reviewer = await officerPage(browser, sessions.reviewer, language);
    await expect(reviewer.getByRole('heading', { level: 1 })).toHaveText(w('To review'));
    const row = reviewer.getByRole('row').filter({ hasText: ticket });
    await expect(row).toContainText(w('Free'));
    await pictures(reviewer, `queue-${language}`);
    await reviewer.keyboard.press('n');
    await expect(reviewer.getByRole('heading', { level: 1, name: ticket })).toBeVisible();
    await expect(reviewer.getByTestId('claim')).not.toContainText(w('Nobody'));

    // The documents beside the data: zoom in, then the next document.
    const pane = reviewer.getByRole('region', { name: w('Documents') });
    await expect(pane.getByRole('heading', { level: 3 })).toContainText(w('Household registration book'));
    await expect(pane.getByTestId('pdf-pages').locator('canvas')).toHaveCount(1);
    await pictures(reviewer, `review-${language}`);
    await reviewer.keyboard.press('+');
    await expect(pane.getByText('125%')).toBeVisible();
    await reviewer.keyboard.press(']');
    await expect(pane.getByRole('heading', { level: 3 })).toContainText(w('Proof of residence'));
    await expect(pane.getByText('100%')).toBeVisible();

    // Ask the citizen for a new household-book page, with a reason from the catalogue.
    await reviewer.keyboard.press('i');
    const ask = reviewer.getByRole('dialog');
    await expect(ask.getByRole('heading')).toContainText(w('Ask the citizen'));
    const book = ask.getByRole('checkbox', { name: w('Household registration book'), exact: true });
    await tabTo(reviewer, book);
    await reviewer.keyboard.press('Space');
    await expect(book).toBeChecked();
    const reason = ask.getByRole('checkbox', {
      name: language === 'lo' ? askReason.text_lo : askReason.text_en,
      exact: true,
    });
    await tabTo(reviewer, reason);
    await reviewer.keyboard.press('Space');
    await expect(reason).toBeChecked();
    await reviewer.keyboard.press('Control+Enter');
    await expect(ask).toBeHidden();
    await expect(
      reviewer
        .getByRole('status')
        .filter({ hasText: w('The citizen has been asked. The application waits for their answer.') }),
    ).toBeVisible();

    // The citizen sends the page again from the phone, offline: the outbox sends it when back online.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const phonePage = await phone.newPage();
    await signIn(phonePage, citizen);
    const newPage = test.info().outputPath('book-page-2.pdf');
    fs.writeFileSync(newPage, pdf('Household registration book, page 2'));
    await answerOnThePhone(phonePage, id, { 'Household registration book': newPage }, { offline: true });
    await phone.close();

    // Back in the review queue: the reviewer takes it again and marks it reviewed.
    await reviewer.keyboard.press('n');
    await expect(reviewer.getByRole('heading', { level: 1, name: ticket })).toBeVisible();
    await expect(reviewer.getByRole('region', { name: w('Asked of the citizen') })).toBeVisible();
    await decide(
      reviewer,
      language,
      'Mark as reviewed',
      "Marked as reviewed. It waits for a second officer's approval.",
    );
    expect(await pointerEvents(reviewer), 'pointer events on the reviewer’s page').toEqual([]);

    // A second officer approves (four eyes) …
    const approver = await officerPage(browser, sessions.approver, language);
    await expect(approver.getByRole('heading', { level: 1 })).toHaveText(w('To approve'));
    await approver.keyboard.press('n');
    await expect(approver.getByRole('heading', { level: 1, name: ticket })).toBeVisible();
    await decide(approver, language, 'Approve', 'Application approved. The certificate can now be issued.');
    expect(await pointerEvents(approver), 'pointer events on the approver’s page').toEqual([]);

    // … and the issuer issues the certificate.
    const issuer = await officerPage(browser, sessions.issuer, language);
    await expect(issuer.getByRole('heading', { level: 1 })).toHaveText(w('To issue'));
    await issuer.keyboard.press('n');
    await expect(issuer.getByRole('heading', { level: 1, name: ticket })).toBeVisible();
    await decide(issuer, language, 'Issue certificate', 'Certificate issued. The citizen has been notified.');
    expect(await pointerEvents(issuer), 'pointer events on the issuer’s page').toEqual([]);

    // The citizen's application is issued.
    const detail = await request.get(`/api/v1/citizen/resident-certificate/${id}`, {
      headers: { authorization: `Bearer ${citizen.token}` },
    });
    expect(((await detail.json()) as { data: { status: string } }).data.status).toBe('certificate issued');
  });
}
