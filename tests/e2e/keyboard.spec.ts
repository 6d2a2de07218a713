import { expect, test, type Locator, type Page } from '@playwright/test';
import { registerCitizen, signIn } from './fixtures/citizen';
import { openScreen } from './fixtures/open-screen';

/**
 * Keyboard only: no click, no tap, no mouse move. Every control is reached with Tab (or
 * Shift+Tab) and used with the keys a keyboard or switch user has; every stop shows a focus ring.
 */

/** Presses Tab until `target` has the focus; fails if it is not reachable in `max` presses. */
async function tabTo(page: Page, target: Locator, { max = 60, backwards = false } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) {
      // A keyboard user must see where the focus is.
      expect(await target.evaluate((el) => el.matches(':focus-visible'))).toBe(true);
      return;
    }
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Not reachable with ${backwards ? 'Shift+' : ''}Tab: ${target}`);
}

async function typeInto(page: Page, target: Locator, text: string) {
  await tabTo(page, target);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** A native select, closed, driven with the arrow keys: the next option each press. */
async function chooseWithArrows(page: Page, select: Locator) {
  await tabTo(page, select);
  await expect.poll(() => select.locator('option').count()).toBeGreaterThan(1);
  await page.keyboard.press('ArrowDown');
  await expect(select).not.toHaveValue('');
}

test('login and step 1 of the application with the keyboard alone', async ({ page, request }) => {
  test.setTimeout(120_000);
  const citizen = await registerCitizen(request, { firstName: 'Somchai', lastName: 'Phommachanh' });

  // Login: a new screen puts the focus on its content (screen readers announce it); Shift+Tab
  // reaches the skip link before it; then the fields, and Enter submits.
  await openScreen(page, '/login');
  await expect(page.locator('#main')).toBeFocused();
  await tabTo(page, page.getByRole('link', { name: 'Skip to content' }), { backwards: true });
  await typeInto(page, page.getByLabel('Email, phone number or ID card number'), citizen.email);
  await typeInto(page, page.getByLabel('Password', { exact: true }), 'NotThePassword1');
  await page.keyboard.press('Enter');
  // The error banner takes the focus so a screen reader reads it at once.
  await expect(page.getByRole('alert')).toBeFocused();
  await typeInto(page, page.getByLabel('Password', { exact: true }), citizen.password);
  await tabTo(page, page.getByRole('button', { name: 'Login', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/home$/);

  // Home → Resident certificate → New certificate, with Tab and Enter.
  await tabTo(page, page.getByRole('link', { name: 'Resident certificate' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/resident-certificate$/);
  await tabTo(page, page.getByRole('link', { name: /New certificate/ }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/application-resident-certificate$/);
  await expect(page.getByLabel('First name')).toHaveValue('Somchai');

  // Submitting with required fields empty moves the focus to the first one with a message.
  await tabTo(page, page.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');
  const occupation = page.getByLabel('Occupation');
  await expect(occupation).toBeFocused();
  await expect(occupation).toHaveAttribute('aria-invalid', 'true');
  await expect(occupation).toHaveAccessibleDescription(/required/i);

  await page.keyboard.type('Teacher');
  await typeInto(page, page.getByLabel('Head of household'), 'Bounmy Phommachanh');
  await typeInto(page, page.getByLabel('Family book number'), '0012345');
  await tabTo(page, page.getByLabel('Family book date'));
  await page.keyboard.type('01062015');
  await expect(page.getByLabel('Family book date')).toHaveValue('01/06/2015');
  await typeInto(page, page.getByLabel("Father's name"), 'Bounmy Phommachanh');
  await typeInto(page, page.getByLabel("Mother's name"), 'Khamla Phommachanh');
  await chooseWithArrows(page, page.getByLabel("Parents' province"));
  await chooseWithArrows(page, page.getByLabel("Parents' district"));
  await chooseWithArrows(page, page.getByLabel("Parents' village"));
  await typeInto(page, page.getByLabel('Reason'), 'Opening a bank account');
  await tabTo(page, page.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/document-submission$/);
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
});

test('home, dialogs and the account area with the keyboard alone', async ({ page, request }) => {
  const citizen = await registerCitizen(request);
  await signIn(page, citizen);
  await page.goto('/home');

  // A coming-soon shortcut: Enter opens the dialog, the focus stays inside it, Escape closes it
  // and gives the focus back to the shortcut.
  const cv = page.getByRole('button', { name: /Biography CV/ });
  await tabTo(page, cv);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Coming soon' });
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(cv).toBeFocused();

  // The promo strip scrolls with the arrow keys; the next-card button with Space.
  const strip = page.getByRole('group', { name: 'Promotions, scroll sideways' });
  await tabTo(page, strip);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => strip.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await tabTo(page, page.getByRole('button', { name: 'Next card' }));
  await page.keyboard.press('Space');
  await expect.poll(() => strip.evaluate((el) => el.scrollLeft)).toBeGreaterThan(200);

  // The language menu: Enter opens it, arrows move, Enter chooses; the focus returns to the button.
  await page.keyboard.press('Home');
  const language = page.getByRole('button', { name: /Change language/ });
  await tabTo(page, language, { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitemradio', { name: 'English' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'lo');
  await expect(page.getByRole('button', { name: /ປ່ຽນພາສາ/ })).toBeFocused();
  // Opened again, the focus is on the language in use.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitemradio', { name: 'ພາສາລາວ' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // Bottom bar → Account; logout confirmation: Escape keeps the session, Enter on Yes ends it.
  await tabTo(page, page.getByRole('link', { name: 'Account' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account$/);
  const logout = page.getByRole('button', { name: 'Log out', exact: true });
  await tabTo(page, logout);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Log out?' });
  await expect(confirm.getByRole('button', { name: 'No' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(logout).toBeFocused();
  await page.keyboard.press('Enter');
  await tabTo(page, confirm.getByRole('button', { name: 'Yes, log out' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);
});

test('profile and password forms with the keyboard alone: errors are announced where the focus goes', async ({
  page,
  request,
}) => {
  const citizen = await registerCitizen(request);
  await signIn(page, citizen);
  await page.goto('/profile');
  const phone = page.getByLabel('Phone number');
  await tabTo(page, phone);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('205');
  await expect(phone).toHaveValue('20 5');
  await page.keyboard.press('Enter');
  await expect(phone).toBeFocused();
  await expect(phone).toHaveAccessibleDescription('Invalid phone number format');

  await page.goto('/change-password');
  await typeInto(page, page.getByLabel('Current password'), 'Wrongpass123');
  await typeInto(page, page.getByLabel('New password', { exact: true }), 'Champasak2026');
  await typeInto(page, page.getByLabel('Confirm new password'), 'Champasak2026');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toBeFocused();
  await expect(page.getByRole('alert')).toContainText('Current password is wrong');
  // The banner's close mark is the next stop; Enter dismisses it.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toBeHidden();
});
