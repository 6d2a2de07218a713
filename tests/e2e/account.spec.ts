import { expect, test, type Locator, type Page } from '@playwright/test';
import { registerCitizen, signIn, type Citizen } from './fixtures/citizen';
import { openScreen } from './fixtures/open-screen';
import { createApplicationThroughApi } from './fixtures/application';

/**
 * Home and the account area as a citizen uses them: the home screen, editing the profile, changing
 * the password, logging out and in again, help pages and notifications.
 */

/** Picks the option at `index` once the list has loaded (cascading lists load on demand). */
async function choose(select: Locator, index: number): Promise<string> {
  await expect(select).toBeEnabled();
  await expect.poll(() => select.locator('option').count()).toBeGreaterThan(index);
  const value = (await select.locator('option').nth(index).getAttribute('value'))!;
  await select.selectOption(value);
  return value;
}

async function logIn(page: Page, identity: string, password: string) {
  await openScreen(page, '/login');
  await page.getByLabel('Email, phone number or ID card number').fill(identity);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

const grouped = (apiPhone: string) => {
  const d = apiPhone.replace(/^856/, '');
  return `${d.slice(0, 2)} ${d.slice(2, 6)} ${d.slice(6)}`;
};

let citizen: Citizen;
test.beforeEach(async ({ page, request }) => {
  citizen = await registerCitizen(request, { firstName: 'Somchai', lastName: 'Phommachanh' });
  await signIn(page, citizen);
});

test('home: welcome card, 8 shortcuts with the coming-soon dialog, the promo carousel and the bottom bar', async ({
  page,
}) => {
  await page.goto('/home');
  const welcome = page.getByRole('region', { name: 'Somchai Phommachanh' });
  await expect(welcome).toBeVisible();
  await expect(welcome).toContainText(`+856 ${grouped(citizen.phone)}`);
  await expect(welcome).toContainText('Citizen');

  const services = page.getByRole('region', { name: 'Services' });
  await expect(services.getByRole('listitem')).toHaveCount(8);
  await expect(services.getByRole('link', { name: 'Resident certificate' })).toHaveAttribute(
    'href',
    '/resident-certificate',
  );
  await expect(services.getByRole('link', { name: 'Customer services' })).toHaveAttribute('href', '/customer-services');

  // A coming-soon item opens the dialog; Close returns focus to the item that opened it.
  const birth = services.getByRole('button', { name: /Birth certificate/ });
  await birth.click();
  const dialog = page.getByRole('dialog', { name: 'Coming soon' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(birth).toBeFocused();

  // Five promo cards; a mouse drag scrolls at double speed.
  const strip = page.getByRole('group', { name: 'Promotions, scroll sideways' });
  await expect(strip.getByRole('group')).toHaveCount(5);
  await strip.scrollIntoViewIfNeeded();
  const box = (await strip.boundingBox())!;
  await page.mouse.move(box.x + box.width - 40, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width - 90, box.y + box.height / 2, { steps: 5 });
  const dragged = await strip.evaluate((el) => el.scrollLeft);
  expect(dragged).toBeGreaterThanOrEqual(95);
  expect(dragged).toBeLessThanOrEqual(105);
  await page.mouse.up();
  // The next-card button moves on to another card and marks it current.
  await page.getByRole('button', { name: 'Show card 1' }).click();
  await expect(page.getByRole('button', { name: 'Show card 1' })).toHaveAttribute('aria-current', 'true');
  await page.getByRole('button', { name: 'Next card' }).click();
  await expect(page.getByRole('button', { name: 'Show card 2' })).toHaveAttribute('aria-current', 'true');

  const bar = page.getByRole('navigation', { name: 'Main' });
  expect((await bar.boundingBox())!.height).toBe(98);
  await expect(bar.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await bar.getByRole('button', { name: 'Your ID' }).click();
  await expect(page.getByRole('dialog', { name: 'Coming soon' })).toBeVisible();
  await page.keyboard.press('Escape');
  await bar.getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
});

test('the promo carousel respects reduced motion: no smooth scrolling, each card reached at once', async ({ page }) => {
  await page.goto('/home');
  // The home's frame paints first; its buttons work once the app has drawn the screen.
  await page.locator('html[data-app-started]').waitFor({ state: 'attached' });
  const strip = page.getByRole('group', { name: 'Promotions, scroll sideways' });
  // No smooth scrolling set in CSS (it kept Chrome from recording the home's largest paint): the
  // buttons ask for it from code, and not when reduced motion is asked for.
  expect(await strip.evaluate((el) => getComputedStyle(el).scrollBehavior)).toBe('auto');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const step = await strip.evaluate(
    (el) => (el.firstElementChild as HTMLElement).offsetWidth + parseFloat(getComputedStyle(el).columnGap),
  );
  await page.getByRole('button', { name: 'Next card' }).click();
  // Read at once: without animation the strip is already on the next card.
  expect(Math.abs((await strip.evaluate((el) => el.scrollLeft)) - step)).toBeLessThanOrEqual(4);
});

test('home in Lao, and a session the server no longer knows goes to /login', async ({ page }) => {
  await page.evaluate(() => localStorage.setItem('language', 'lo'));
  await page.goto('/home');
  await expect(page.locator('html')).toHaveAttribute('lang', 'lo');
  await expect(page.getByRole('heading', { name: 'ບໍລິການ' })).toBeVisible();
  await expect(page.getByRole('button', { name: /ໃບແຈ້ງເກີດ/ })).toBeVisible();

  await page.evaluate(() => localStorage.setItem('token', 'x'.repeat(43)));
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('edit the profile: phone grouping, cascading selects, saved for the next visit', async ({ page }) => {
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Hello, Somchai Phommachanh' })).toBeVisible();
  await page.getByRole('link', { name: 'Profile' }).click();

  await expect(page.getByLabel('Email')).toHaveValue(citizen.email);
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('ID card number')).toHaveValue(citizen.idCard);
  await expect(page.getByLabel('ID card number')).toHaveAttribute('readonly', '');
  const phone = page.getByLabel('Phone number');
  await expect(phone).toHaveValue(grouped(citizen.phone));

  // An incomplete number is refused under the field, and the field takes the focus.
  await phone.fill('');
  await phone.pressSequentially('2055');
  await expect(phone).toHaveValue('20 55');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Invalid phone number format')).toBeVisible();
  await expect(phone).toBeFocused();

  // Typed with its leading 0, the number is grouped 2-4-4 as it is typed.
  const local = `20${String(Date.now()).slice(-8)}`;
  await phone.fill('');
  await phone.pressSequentially(`0${local}`);
  await expect(phone).toHaveValue(grouped(`856${local}`));
  await page.getByLabel('First name').fill('Bounmy');

  // Another province clears district and village; the village waits for a district.
  const province = page.getByLabel('Province');
  const district = page.getByLabel('District');
  const village = page.getByLabel('Village');
  await expect(village).toBeEnabled();
  const newProvince = await choose(province, 2);
  await expect(district).toHaveValue('');
  await expect(village).toHaveValue('');
  await expect(village).toBeDisabled();
  const newDistrict = await choose(district, 1);
  const newVillage = await choose(village, 1);

  await page.getByRole('button', { name: 'Save' }).click();
  const success = page.getByRole('status').filter({ hasText: 'Profile updated successfully' });
  await expect(success).toBeVisible();
  await success.getByRole('button', { name: 'Close' }).click();
  await expect(success).toBeHidden();

  await page.reload();
  await expect(page.getByLabel('Phone number')).toHaveValue(grouped(`856${local}`));
  await expect(page.getByLabel('First name')).toHaveValue('Bounmy');
  await expect(province).toHaveValue(newProvince);
  await expect(district).toHaveValue(newDistrict);
  await expect(village).toHaveValue(newVillage);

  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Hello, Bounmy Phommachanh' })).toBeVisible();
  await expect(page.getByText(`+856 ${grouped(`856${local}`)}`)).toBeVisible();
});

test('change the password (a wrong current one shows the catalogue message), log out and back in', async ({ page }) => {
  const newPassword = `Champasak${Date.now() % 10_000}`;
  await page.goto('/change-password');
  await page.getByLabel('Current password').fill('Wrongpass123');
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save' }).click();
  const error = page.getByRole('alert').filter({ hasText: 'Current password is wrong' });
  await expect(error).toBeVisible();
  await expect(error).toBeFocused();

  // The confirmation must match.
  await page.getByLabel('Current password').fill(citizen.password);
  await page.getByLabel('Confirm new password').fill(`${newPassword}x`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Password do not match')).toBeVisible();

  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Password updated successfully' })).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveValue('');

  // Log out: No keeps the session, Yes ends it on the server too.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await page.goto('/account');
  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Log out?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'No' }).click();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL(/\/account$/);
  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  await page.getByRole('button', { name: 'Yes, log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  const revoked = await page.request.get('/api/v1/citizen/user/profile', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(revoked.status()).toBe(401);

  await logIn(page, citizen.email, citizen.password);
  await expect(page.getByRole('alert')).toContainText('The password is wrong');
  await logIn(page, citizen.email, newPassword);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('region', { name: 'Somchai Phommachanh' })).toBeVisible();
});

test('FAQ search narrows the list; customer services and terms read their contacts from configuration', async ({
  page,
}) => {
  await page.goto('/customer-services');
  const contacts = (await (await page.request.get('/api/v1/master-data/support-contacts')).json()).data as {
    phone: string;
    email: string;
    whatsapp: string;
  };
  await expect(page.getByRole('link', { name: /Call us/ })).toHaveAttribute(
    'href',
    `tel:${contacts.phone.replace(/[^\d+]/g, '')}`,
  );
  await expect(page.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
    'href',
    `https://wa.me/${contacts.whatsapp.replace(/\D/g, '')}`,
  );
  await expect(page.getByRole('link', { name: /Email us/ })).toHaveAttribute('href', `mailto:${contacts.email}`);
  await page.getByRole('link', { name: /Frequently asked questions/ }).click();

  await expect(page).toHaveURL(/\/faq$/);
  const questions = page.locator('main summary');
  await expect(questions).toHaveCount(4);
  const search = page.getByRole('searchbox', { name: 'Search questions' });
  await search.fill('ATM');
  await expect(questions).toHaveCount(1);
  await expect(questions.first()).toHaveText('How do I pay the fee?');
  // The search's own live region; the header has another one (the offline mark).
  const searchResult = page.getByRole('main').getByRole('status');
  await expect(searchResult).toHaveText('1 question found');
  await search.fill('certificate');
  await expect.poll(() => questions.count()).toBeLessThan(4);
  await expect(searchResult).toContainText('questions found');
  await search.fill('pick up the certificate office');
  await expect(questions).toHaveCount(1);
  await expect(page.getByText('When the certificate is issued you can download it as a PDF')).toBeVisible();
  await search.fill('zzqx');
  await expect(questions).toHaveCount(0);
  await expect(searchResult).toHaveText('No question matches your search');
  await search.fill('');
  await expect(questions).toHaveCount(4);

  await page.goto('/term-conditions');
  await expect(page.locator('main section[aria-labelledby^="terms-"] h2')).toHaveCount(8);
  await expect(page.getByRole('link', { name: contacts.email })).toBeVisible();
});

test('notifications: newest first with their time, the bell counts the unread ones, language saved on the account', async ({
  page,
  request,
}) => {
  const me = { authorization: `Bearer ${citizen.token}` };
  await page.goto('/notification');
  await expect(page.getByRole('heading', { name: 'No notifications yet' })).toBeVisible();

  // An application sent through the API: the server writes a notification about it.
  const { id } = await createApplicationThroughApi(request, citizen.token);
  const ticket = (await (await request.get(`/api/v1/citizen/resident-certificate/${id}`, { headers: me })).json()).data
    .ticket_number as string;

  await page.goto('/account');
  await expect(page.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();
  await page.getByRole('link', { name: 'Notifications, 1 unread' }).click();
  const item = page.locator('main li').filter({ hasText: ticket });
  await expect(item).toContainText(`Your application ${ticket} was received`);
  await expect(item.locator('time')).toHaveText(/\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/);
  await expect(item.getByRole('link')).toHaveAttribute('href', `/detail-application/${id}`);
  // Opening the list reads it: the bell's count is gone.
  await expect
    .poll(
      async () => (await (await request.get('/api/v1/notifications/unread-count', { headers: me })).json()).data.unread,
    )
    .toBe(0);
  await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toHaveCount(0); // this screen has no bell of its own
  await page.goto('/account');
  await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();

  // Switching language while signed in is saved on the account (notifications and mails use it).
  await page.goto('/notification');
  await page.getByRole('button', { name: /Change language/ }).click();
  await page.getByRole('menuitemradio', { name: 'ພາສາລາວ' }).click();
  await expect(page.locator('main li').first()).toContainText(`ໄດ້ຮັບຄຳຮ້ອງ ${ticket}`);
  await expect(page.locator('main li time').first()).toHaveText(/\d{1,2} \S+ \d{4}, \d{2}:\d{2}/);
  await expect
    .poll(async () => (await (await request.get('/api/v1/citizen/user/profile', { headers: me })).json()).data.language)
    .toBe('lo');
});
