import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { dataUrl, png } from '../api/application-fixtures';
import { registerCitizen, signIn, type Citizen } from './fixtures/citizen';
import { E2E_REASON, issueThroughApi, officerLogin } from './fixtures/officer';
import { createApplicationThroughApi, uploadProofThroughApi } from './fixtures/application';
import { askCitizenThroughApi } from './fixtures/answer-request';
import { fakeCamera } from './fixtures/fake-camera';
import { fillStep1, fillStep2 } from './fixtures/application-steps';

/**
 * WCAG 2.2 AA with axe-core: every route of the specification, in English and in Lao, signed in or
 * out as the route needs, in its ordinary state and in the states a citizen meets on the way
 * (validation messages, dialogs, the bank sheet). One failing screen lists every rule it breaks.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const LANGUAGES = ['en', 'lo'] as const;
type Language = (typeof LANGUAGES)[number];

// /register/foto needs a camera: Chromium's fake device plays a still of an ID card.
test.use({ ...fakeCamera('card-1-phone.jpg', 'rc-e2e-a11y-card.mjpeg'), actionTimeout: 15_000 });

/** Waits until the screen has its data: no request running, no skeleton left. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('#root')).not.toBeEmpty();
}

class Scanner {
  readonly found: string[] = [];
  constructor(private readonly page: Page) {}

  async scan(label: string) {
    await settle(this.page);
    // Only violations are wanted: axe then skips building the report of what passed, a fifth of
    // each scan. options() replaces every option, so the tags are set after it.
    const { violations } = await new AxeBuilder({ page: this.page })
      .options({ resultTypes: ['violations'] })
      .withTags(TAGS)
      .analyze();
    if (process.env.A11Y_DEBUG)
      console.log(
        label,
        this.page.url(),
        JSON.stringify(
          await this.page
            .locator('h1')
            .first()
            .textContent()
            .catch(() => ''),
        ),
      );
    for (const v of violations) {
      const nodes = v.nodes
        .slice(0, 6)
        .map(
          (n) => `      ${n.target.join(' ')} — ${(n.failureSummary ?? '').split('\n').slice(1, 2).join('').trim()}`,
        );
      this.found.push(
        `${label} [${this.page.url().replace(/^https?:\/\/[^/]+/, '')}]: ${v.id} (${v.impact}) ${v.help}\n${nodes.join('\n')}`,
      );
    }
  }

  /**
   * WCAG 1.4.10 reflow: at 320 CSS px (a small phone, or 400 % zoom of a desktop) nothing may need
   * sideways scrolling or be cut off. Sideways strips that scroll on purpose (the promo cards) are
   * allowed; their content stays reachable.
   */
  async reflow(label: string) {
    const size = this.page.viewportSize();
    await this.page.setViewportSize({ width: 320, height: 640 });
    await this.page.waitForTimeout(150);
    const problems = await this.page.evaluate(() => {
      const out: string[] = [];
      const name = (el: Element) =>
        `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
      const scrollsSideways = (el: Element | null): boolean => {
        for (let e = el; e && e !== document.body; e = e.parentElement) {
          const o = getComputedStyle(e).overflowX;
          if ((o === 'auto' || o === 'scroll') && e.scrollWidth > e.clientWidth) return true;
        }
        return false;
      };
      if (document.documentElement.scrollWidth > window.innerWidth + 1) {
        const wide = [...document.querySelectorAll('body *')].filter(
          (el) =>
            el.getBoundingClientRect().right > window.innerWidth + 1 &&
            !scrollsSideways(el.parentElement) &&
            getComputedStyle(el).position !== 'fixed',
        );
        out.push(
          `the page scrolls sideways (${document.documentElement.scrollWidth}px): ${wide.slice(0, 3).map(name).join(', ')}`,
        );
      }
      for (const el of document.querySelectorAll('body *')) {
        const style = getComputedStyle(el);
        // Form controls draw their own text (a file input's button); 1 px boxes are screen-reader-only text.
        if (el.matches('input, select, textarea') || el.clientWidth <= 1) continue;
        if (style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1)
          out.push(`text cut off: ${name(el)}`);
      }
      return out;
    });
    for (const p of problems)
      this.found.push(`${label} [${this.page.url().replace(/^https?:\/\/[^/]+/, '')}] at 320 px: ${p}`);
    if (size) await this.page.setViewportSize(size);
  }

  /** Visits a path, scans it and checks it at 320 px; the label names the screen in the report. */
  async visit(route: string, label = route) {
    await this.page.goto(route);
    await this.scan(label);
    await this.reflow(label);
  }

  assertClean() {
    expect(this.found, `axe found WCAG 2.2 AA violations:\n${this.found.join('\n')}`).toEqual([]);
  }
}

async function useLanguage(page: Page, language: Language) {
  if (!page.url().startsWith('http')) await page.goto('/api/health');
  await page.evaluate((l) => localStorage.setItem('language', l), language);
}

for (const language of LANGUAGES) {
  test(`signed-out screens have no WCAG 2.2 AA violations (${language})`, async ({ page }) => {
    test.setTimeout(180_000);
    const axe = new Scanner(page);
    await useLanguage(page, language);
    await axe.visit('/', 'landing');
    await axe.visit('/login', 'login');
    await page.locator('form button[type="submit"]').click();
    await axe.scan('login with errors');
    await axe.visit('/forgot-password', 'forgot password');
    await axe.visit('/check-email', 'check email');
    await axe.visit('/reset-password?payload=not-a-real-link', 'reset password');
    await page.locator('form button[type="submit"]').click();
    await axe.scan('reset password with errors');
    await axe.visit('/no-such-page', '404');
    await axe.visit('/verify/NOT-A-REAL-CODE', 'certificate check, unknown code');

    await axe.visit('/register', 'register: account');
    await page.locator('form button[type="submit"]').click();
    await axe.scan('register: account with errors');
    // The later registration screens need the e-mail of the draft: fill the first one.
    await page.locator('input[type="email"]').fill(`a11y.${language}.${Date.now()}@example.la`);
    await page.locator('input[type="tel"]').pressSequentially('20' + String(Date.now()).slice(-8));
    await page.locator('input[autocomplete="new-password"]').nth(0).fill('Savannakhet2026');
    await page.locator('input[autocomplete="new-password"]').nth(1).fill('Savannakhet2026');
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/register\/upload$/);
    await axe.scan('register: choose photo or file');
    await axe.visit('/register/upload-id', 'register: upload the ID card');
    await axe.visit('/register/foto', 'register: camera');
    await axe.visit('/register/personal-information', 'register: personal information');
    await page.locator('form button[type="submit"]').click();
    await axe.scan('register: personal information with errors');
    await axe.visit('/register/otp', 'register: code');
    await axe.visit('/register/success', 'register: success');
    axe.assertClean();
  });
}

/** An application created through the API, with or without its proof of payment. */
async function createApplication(page: Page, citizen: Citizen, withProof: boolean): Promise<number> {
  const headers = { authorization: `Bearer ${citizen.token}` };
  const { id } = await createApplicationThroughApi(page.request, citizen.token);
  if (withProof) {
    const proof = await page.request.post(`/api/v1/citizen/resident-certificate/${id}/upload-payment`, {
      headers,
      data: { proof_of_payment: dataUrl(png(600, 800)) },
    });
    expect(proof.ok(), await proof.text()).toBe(true);
  }
  return id;
}

/** The officer of the e2e server (created at start from BOOTSTRAP_OFFICER_*), signed in through the API. */
async function officerSession(page: Page) {
  const { access_token: token, expires_at: expiresAt } = await officerLogin(page.request);
  const act = async (id: number, action: string, notes?: string) => {
    const done = await page.request.post(`/api/v1/officer/applications/${id}/${action}`, {
      headers: { authorization: `Bearer ${token}` },
      // A rejection names a reason of the catalogue; the notes add to it.
      data: { ...(notes ? { notes } : {}), ...(action === 'reject' ? { reason_codes: [E2E_REASON] } : {}) },
    });
    expect(done.ok(), `${action}: ${await done.text()}`).toBe(true);
  };
  return { token, expiresAt, act };
}

/** Applications in the states the screens show: waiting for payment, paid, issued, rejected. */
async function applicationsInEveryState(page: Page, citizen: Citizen) {
  const officer = await officerSession(page);
  const pending = await createApplication(page, citizen, false);
  const paid = await createApplication(page, citizen, true);
  const issued = await createApplication(page, citizen, true);
  await issueThroughApi(page.request, issued);
  const rejected = await createApplication(page, citizen, false);
  await officer.act(rejected, 'reject', 'The household registration book is not readable. Please send a clearer scan.');
  const detail = await (
    await page.request.get(`/api/v1/citizen/resident-certificate/${issued}`, {
      headers: { authorization: `Bearer ${citizen.token}` },
    })
  ).json();
  return { pending, paid, issued, rejected, certificateCode: detail.data.certificate_code as string, officer };
}

test('signed-in screens have no WCAG 2.2 AA violations (en and lo)', async ({ page, request }, testInfo) => {
  test.setTimeout(600_000);
  const axe = new Scanner(page);
  const citizen = await registerCitizen(request);
  await signIn(page, citizen);
  const { pending, paid, issued, rejected, certificateCode } = await applicationsInEveryState(page, citizen);
  expect(certificateCode).toBeTruthy();
  // An officer asks for a document again and two fields corrected (a village among them).
  const asked = (await createApplicationThroughApi(request, citizen.token)).id;
  await uploadProofThroughApi(request, citizen.token, asked);
  await askCitizenThroughApi(request, asked, {
    reason_codes: [E2E_REASON, 'wrong_village'],
    documents: ['household_registration_book'],
    fields: ['first_name', 'village_id'],
    message: 'Please send the page that lists you.',
  });

  // The application wizard in English fills the drafts that steps 2, preview and 3 need.
  await useLanguage(page, 'en');
  await page.goto('/application-resident-certificate');
  await settle(page);
  await fillStep1(page);
  await fillStep2(page, testInfo.outputPath('documents'));

  for (const language of LANGUAGES) {
    await useLanguage(page, language);
    const l = (name: string) => `${name} (${language})`;
    await axe.visit('/home', l('home'));
    await page.locator('main').getByRole('button').first().click();
    await axe.scan(l('home: coming-soon dialog'));
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 800 });
    await axe.visit('/home', l('home, wide screen'));
    await page.setViewportSize({ width: 390, height: 844 });
    await axe.visit('/news', l('news'));
    await axe.visit('/resident-certificate', l('resident certificate menu'));
    await axe.visit('/applicattion-resident-certificate', l('step 1 (old spelling)'));
    await axe.visit('/application-resident-certificate', l('step 1'));
    await axe.visit('/document-submission', l('step 2'));
    await axe.visit('/preview-data', l('preview'));
    await axe.visit('/payment', l('step 3'));
    await page.getByRole('button', { name: /^(Make payment|ຊຳລະເງິນ)$/ }).click();
    await axe.scan(l('step 3 after make payment without a bank'));
    await axe.visit(`/waiting-for-payment/${pending}`, l('waiting for payment'));
    await axe.visit(`/how-to-payment?id=${pending}`, l('how to pay'));
    await axe.visit(`/payment-success?id=${paid}`, l('payment success'));
    await axe.visit('/application-history', l('history'));
    for (const [id, state] of [
      [paid, 'paid'],
      [issued, 'issued'],
      [rejected, 'rejected'],
      [asked, 'information requested'],
    ] as const) {
      await axe.visit(`/detail-application/${id}`, l(`detail, ${state}`));
      for (const tab of await page.getByRole('tab').all()) {
        await tab.click();
        await axe.scan(l(`detail, ${state}: tab ${await tab.textContent()}`));
      }
    }
    await axe.visit(`/answer-request/${asked}`, l('what is asked'));
    await page.getByRole('button', { name: /^(Send answer|ສົ່ງຄຳຕອບ)$/ }).click();
    await axe.scan(l('what is asked, sent without the document'));
    await axe.visit('/history-applied-before', l('applied before'));
    await axe.visit(`/history-applied-before-detail/${rejected}`, l('applied-before detail'));
    await axe.visit(`/document-applied-before/${rejected}`, l('applied-before documents'));
    await axe.visit(`/applied-success/${rejected}`, l('applied again'));
    await axe.visit(`/certificate-approval/${issued}`, l('certificate approval'));
    await axe.visit(`/pick-up-date/${issued}`, l('pick-up date'));
    await axe.visit('/success-set-pick-up', l('pick-up booked'));
    await axe.visit(`/verify/${certificateCode}`, l('certificate check, valid'));
    await axe.visit('/account', l('account'));
    await page.getByRole('button', { name: /^(Log out|ອອກຈາກລະບົບ)$/ }).click();
    await axe.scan(l('account: logout confirmation'));
    await page.keyboard.press('Escape');
    await axe.visit('/profile', l('profile'));
    await page.locator('main input[type="tel"]').fill('20');
    await page.locator('form button[type="submit"]').click();
    await axe.scan(l('profile with errors'));
    await axe.visit('/change-password', l('change password'));
    await page.locator('form button[type="submit"]').click();
    await axe.scan(l('change password with errors'));
    await axe.visit('/customer-services', l('customer services'));
    await axe.visit('/faq', l('faq'));
    await page.locator('main input[type="search"]').fill('zzqx');
    await axe.scan(l('faq without results'));
    await axe.visit('/term-conditions', l('terms'));
    await axe.visit('/notification', l('notifications'));
    await axe.visit('/outbox', l('outbox, nothing waiting'));
    await axe.visit('/no-such-page', l('404 signed in'));
    await page.goto('/home');
    await page.locator('header button[aria-haspopup="menu"]').click();
    await axe.scan(l('language menu'));
    await page.keyboard.press('Escape');
  }
  axe.assertClean();
});

test('back-office screens have no WCAG 2.2 AA violations (en and lo)', async ({ page, request }) => {
  test.setTimeout(300_000);
  const axe = new Scanner(page);
  const citizen = await registerCitizen(request);
  await signIn(page, citizen);
  const { paid, issued } = await applicationsInEveryState(page, citizen);
  const officer = await officerSession(page);
  await page.evaluate(
    ({ token, expiresAt }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('expiresAt', String(expiresAt));
      localStorage.setItem('role', 'officer');
    },
    { token: officer.token, expiresAt: officer.expiresAt },
  );
  for (const language of LANGUAGES) {
    await useLanguage(page, language);
    const l = (name: string) => `${name} (${language})`;
    await axe.visit('/officer', l('officer queue'));
    await axe.visit(`/officer/applications/${paid}`, l('officer: application with a proof to check'));
    await axe.visit(`/officer/applications/${issued}`, l('officer: issued application'));
  }
  axe.assertClean();
});
