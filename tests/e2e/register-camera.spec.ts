import { expect, test } from '@playwright/test';
import { fakeCamera } from './fixtures/fake-camera';
import { openScreen } from './fixtures/open-screen';

/** /register/foto with a camera playing a photo of a generated ID card: capture, reading and retake run for real. */
test.use(fakeCamera('card-1-phone.jpg', 'rc-e2e-id-card.mjpeg'));

test('the rear camera captures the card, the phone reads it, and Retake opens the camera again', async ({ page }) => {
  test.setTimeout(150_000);
  await openScreen(page, '/register');
  await page.getByLabel('Email', { exact: true }).fill(`e2e.camera.${Date.now()}@example.la`);
  await page.getByLabel('Phone number').pressSequentially('2077776666');
  await page.getByLabel('Password', { exact: true }).fill('Attapeu2026');
  await page.getByLabel('Confirm password', { exact: true }).fill('Attapeu2026');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('link', { name: 'Take a photo' }).click();
  await expect(page).toHaveURL(/\/register\/foto$/);

  await expect(page.getByText('Fill the frame with the card')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.getByRole('button', { name: 'Capture' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(page.getByText(/We read \d+ details from your card/)).toBeVisible({ timeout: 90_000 });
  // The JPEG photo is in the draft on the device (IndexedDB keeps the Blob itself).
  const photo = await page.evaluate(
    () =>
      new Promise<{ type: string; size: number }>((resolve) => {
        const open = indexedDB.open('keyval-store');
        open.onsuccess = () => {
          const get = open.result.transaction('keyval').objectStore('keyval').get('registration-draft');
          get.onsuccess = () => resolve({ type: get.result.state.image.type, size: get.result.state.image.size });
        };
      }),
  );
  expect(photo.type).toBe('image/jpeg');
  expect(photo.size).toBeGreaterThan(10_000);
  await expect(page.locator('main img')).toHaveAttribute('src', /^blob:/);

  await page.getByRole('button', { name: 'Retake' }).click();
  await expect(page.getByRole('button', { name: 'Capture' })).toBeEnabled();
  await page.getByRole('button', { name: 'Capture' }).click();
  await expect(page.getByText(/We read \d+ details from your card/)).toBeVisible({ timeout: 90_000 });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/register\/personal-information$/);
  await expect(page.getByLabel('ID card number')).toHaveValue('011508831742');
});
