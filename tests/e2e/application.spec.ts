import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { imageSize } from '../../contract/documents';
import { pdf, png } from '../api/application-fixtures';
import { registerCitizen, signIn } from './fixtures/citizen';

/** Picks the first real option of a select once its options have loaded (cascading lists load on demand). */
async function chooseFirst(select: Locator) {
  await expect(select).toBeEnabled();
  await expect.poll(() => select.locator('option').count()).toBeGreaterThan(1);
  const value = await select.locator('option').nth(1).getAttribute('value');
  await select.selectOption(value!);
  return value!;
}

async function chooseSecond(select: Locator) {
  await expect.poll(() => select.locator('option').count()).toBeGreaterThan(2);
  const value = await select.locator('option').nth(2).getAttribute('value');
  await select.selectOption(value!);
  return value!;
}

function files(dir: string) {
  const write = (name: string, bytes: Buffer) => {
    const file = `${dir}/${name}`;
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(file, bytes);
    return file;
  };
  return {
    photo: write('photo-300x400.png', png(300, 400)),
    landscape: write('landscape-400x300.png', png(400, 300)),
    book: write('household-book.pdf', pdf('Household registration book')),
    residence: write('residence.pdf', pdf('Proof of residence')),
    exe: write('program.png', Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(2048, 1)])),
    receipt: write('receipt.png', png(600, 900)),
  };
}

/**
 * A portrait photo as phones store it: 400x300 pixels plus an EXIF note "turn 90°" (orientation 6),
 * so it shows as 300x400. Encoded by the browser (Node has no JPEG encoder).
 */
async function sidewaysPortraitJpeg(page: Page, file: string): Promise<string> {
  const b64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 400;
    canvas.height = 300;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#c8d2e6';
    g.fillRect(0, 0, 400, 300);
    g.fillStyle = '#002868';
    g.fillRect(0, 0, 60, 300);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.9));
    let bin = '';
    new Uint8Array(await blob.arrayBuffer()).forEach((b) => {
      bin += String.fromCharCode(b);
    });
    return btoa(bin);
  });
  const jpeg = Buffer.from(b64, 'base64');
  const exif = Buffer.from([
    0xff,
    0xe1,
    0x00,
    0x22,
    0x45,
    0x78,
    0x69,
    0x66,
    0x00,
    0x00, // APP1, length 34, "Exif\0\0"
    0x4d,
    0x4d,
    0x00,
    0x2a,
    0x00,
    0x00,
    0x00,
    0x08, // TIFF, big-endian, first IFD at 8
    0x00,
    0x01,
    0x01,
    0x12,
    0x00,
    0x03,
    0x00,
    0x00,
    0x00,
    0x01,
    0x00,
    0x06,
    0x00,
    0x00, // Orientation = 6
    0x00,
    0x00,
    0x00,
    0x00,
  ]);
  fs.writeFileSync(file, Buffer.concat([jpeg.subarray(0, 2), exif, jpeg.subarray(2)]));
  return file;
}

async function viewDocument(page: Page, name: RegExp, kind: 'image' | 'pdf') {
  await page.getByRole('button', { name }).click();
  const dialog = page.getByRole('dialog');
  if (kind === 'image') {
    await expect(dialog.locator('img')).toBeVisible();
    expect(await dialog.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  } else {
    await expect(dialog.locator('iframe')).toHaveAttribute('src', /^blob:/);
  }
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
}

test('a new citizen applies, survives a reload, pays by virtual account, uploads the proof and follows the application', async ({
  page,
  request,
  context,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const f = files(testInfo.outputPath('documents'));
  const citizen = await registerCitizen(request);
  await signIn(page, citizen);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });

  await page.goto('/resident-certificate');
  await page.getByRole('link', { name: /New certificate/ }).click();
  await expect(page).toHaveURL(/\/application-resident-certificate$/);
  await expect(page.getByText('Step 1 of 3')).toBeVisible();

  // Prefilled from the profile.
  await expect(page.getByLabel('First name')).toHaveValue(citizen.firstName);
  await expect(page.getByLabel('Last name')).toHaveValue(citizen.lastName);
  await expect(page.getByLabel('Province', { exact: true })).not.toHaveValue('');

  // Cascading selects: another province clears district and village.
  const district = page.getByLabel('District', { exact: true });
  await expect(district).not.toHaveValue('');
  await chooseSecond(page.getByLabel('Province', { exact: true }));
  await expect(district).toHaveValue('');
  await expect(page.getByLabel('Village', { exact: true })).toBeDisabled();
  await chooseFirst(district);
  await chooseFirst(page.getByLabel('Village', { exact: true }));

  await page.getByLabel('Occupation').fill('Teacher');
  await page.getByLabel('Head of household').fill('Bounmy Phommachanh');
  await page.getByLabel('Family book number').pressSequentially('00a12-34b5');
  await expect(page.getByLabel('Family book number')).toHaveValue('0012345');
  await page.getByLabel('Family book date').fill('2015-06-01');
  await page.getByLabel("Father's name").fill('Bounmy Phommachanh');
  await page.getByLabel("Mother's name").fill('Khamla Phommachanh');
  await chooseFirst(page.getByLabel("Parents' province"));
  const parentDistrict = await chooseFirst(page.getByLabel("Parents' district"));
  await chooseFirst(page.getByLabel("Parents' village"));
  await page.getByLabel('Reason').fill('Opening a bank account');

  // A reload half-way through step 1 loses nothing.
  await page.waitForTimeout(600);
  await page.reload();
  await expect(page.getByLabel('Occupation')).toHaveValue('Teacher');
  await expect(page.getByLabel('Family book number')).toHaveValue('0012345');
  await expect(page.getByLabel("Parents' district")).toHaveValue(parentDistrict);
  await expect(page.getByLabel('Reason')).toHaveValue('Opening a bank account');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: the file rules, on the device.
  await expect(page).toHaveURL(/\/document-submission$/);
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please choose the applicant photo')).toBeVisible();
  const photo = page.getByLabel('Applicant photo (3x4)');
  await photo.setInputFiles(f.landscape);
  await expect(page.getByText('Image must have a 3:4 aspect ratio')).toBeVisible();
  await photo.setInputFiles(f.exe);
  await expect(page.getByText('File must be jpg, png', { exact: true })).toBeVisible();
  // A phone photo stored sideways is kept upright, so the server's size check sees 300x400 too.
  await photo.setInputFiles(await sidewaysPortraitJpeg(page, testInfo.outputPath('documents/portrait-sideways.jpg')));
  await expect(page.getByText('portrait-sideways.jpg')).toBeVisible();
  // What the drafts database holds for it (the only JPEG there).
  const kept = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('rc-application-drafts');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const values = await new Promise<unknown[]>((resolve) => {
      const all = db.transaction('drafts').objectStore('drafts').getAll();
      all.onsuccess = () => resolve(all.result);
    });
    const jpeg = values.find((v): v is Blob => v instanceof Blob && v.type === 'image/jpeg');
    let bin = '';
    new Uint8Array(await jpeg!.arrayBuffer()).forEach((b) => {
      bin += String.fromCharCode(b);
    });
    return btoa(bin);
  });
  const stored = Buffer.from(kept, 'base64');
  expect(imageSize(stored)).toEqual({ width: 300, height: 400 });
  expect(stored.includes(Buffer.from('Exif'))).toBe(false);
  await photo.setInputFiles(f.photo);
  await expect(page.getByText('photo-300x400.png')).toBeVisible();
  await expect(page.getByText('File must be jpg, png', { exact: true })).toBeHidden();
  await page.getByLabel('Household registration book').setInputFiles(f.book);
  await page.getByLabel('Proof of residence').setInputFiles(f.residence);
  await expect(page.getByText('residence.pdf')).toBeVisible();

  // A reload keeps the documents (IndexedDB) and the step-1 data.
  await page.reload();
  await expect(page.getByText('photo-300x400.png')).toBeVisible();
  await expect(page.getByText('household-book.pdf')).toBeVisible();
  await expect(page.getByText('residence.pdf')).toBeVisible();
  await viewDocument(page, /View photo-300x400.png/, 'image');
  await page.getByRole('button', { name: 'Next' }).click();

  // Preview: everything read-only, each document viewable.
  await expect(page).toHaveURL(/\/preview-data$/);
  await expect(page.getByText('Teacher')).toBeVisible();
  await expect(page.getByText('0012345')).toBeVisible();
  await expect(page.getByText('1 June 2015')).toBeVisible();
  await viewDocument(page, /View Applicant photo/, 'image');
  await viewDocument(page, /View Household registration book/, 'pdf');
  await viewDocument(page, /View Proof of residence/, 'pdf');
  await page.getByRole('link', { name: 'Next' }).click();

  // Step 3: fee from the server, the bank bottom sheet, make payment.
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByText('Step 3 of 3')).toBeVisible();
  await expect(page.getByText('LAK 20,000')).toBeVisible();
  await expect(page.getByText('LAK 9,000')).toBeVisible();
  await expect(page.getByText('LAK 29,000')).toBeVisible();
  await page.getByRole('button', { name: 'Make payment' }).click();
  await expect(page.getByText('Please select a payment method')).toBeVisible();
  await page.getByRole('button', { name: /Select payment method/ }).click();
  const sheet = page.getByRole('dialog', { name: 'Select payment method' });
  await expect(sheet.getByRole('heading', { name: 'Bank transfer' })).toBeVisible();
  await expect(sheet.locator('img').first()).toHaveAttribute('src', /bank-logo/);
  await sheet.getByRole('button', { name: 'Lao Development Bank (LDB)' }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByText('Lao Development Bank (LDB)')).toBeVisible();
  await page.getByRole('button', { name: 'Make payment' }).click();

  await expect(page).toHaveURL(/\/waiting-for-payment\/\d+$/, { timeout: 30_000 });
  const id = Number(page.url().split('/').pop());
  await expect(page.getByText(`Application RC0000${id}`)).toBeVisible();
  const va = page.getByTestId('va-number');
  await expect(va).toHaveText(/^102\d \d{4} \d{4} \d{2}$/);
  const vaDigits = (await va.textContent())!.replace(/\s/g, '');
  expect(vaDigits.slice(3, 13)).toBe(String(id).padStart(10, '0'));
  await expect(page.getByTestId('amount')).toHaveText('LAK 29,000');
  await expect(page.getByTestId('countdown')).toHaveText(/^(23:5\d|24:00):\d\d$/);
  await page.getByRole('button', { name: 'Copy virtual account number' }).click();
  await expect(page.getByRole('button', { name: 'copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(vaDigits);
  await expect(page.getByRole('button', { name: 'Copy virtual account number' })).toBeVisible({ timeout: 4000 });

  // How to pay: the nine steps carry the real VA number, recipient and amount.
  await page.getByRole('link', { name: 'How to pay' }).click();
  await expect(page).toHaveURL(new RegExp(`/how-to-payment\\?id=${id}$`));
  await expect(page.getByRole('listitem').filter({ hasText: 'Enter the virtual account number' })).toContainText(
    vaDigits.replace(/(\d{4})(?=\d)/g, '$1 '),
  );
  await page.getByText('Via bank mobile app').click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Enter the amount' })).toContainText('LAK 29,000');
  await page.getByRole('link', { name: /Back to the payment of/ }).click();

  // Proof of payment: required, jpg/png only, then success with the real ticket number.
  await expect(page).toHaveURL(new RegExp(`/waiting-for-payment/${id}$`));
  await page.getByRole('button', { name: 'Upload proof of payment' }).click();
  await expect(page.getByText('Proof of payment is required')).toBeVisible();
  await page.getByLabel('Proof of payment').setInputFiles(f.book);
  await expect(page.getByText('File must be jpg, png', { exact: true })).toBeVisible();
  await page.getByLabel('Proof of payment').setInputFiles(f.receipt);
  await page.getByRole('button', { name: 'Upload proof of payment' }).click();
  await expect(page).toHaveURL(new RegExp(`/payment-success\\?id=${id}$`));
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(page.getByTestId('ticket-number')).toHaveText(`RC0000${id}`);

  // History: the card with its badge, then the detail with its three tabs.
  await page.getByRole('link', { name: 'Check Application Status' }).click();
  await expect(page).toHaveURL(/\/application-history$/);
  const card = page.getByRole('link', { name: new RegExp(`RC0000${id}`) });
  await expect(card).toContainText('Payment being checked');
  await expect(card).toContainText('Resident certificate');
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/detail-application/${id}$`));
  await expect(page.getByRole('heading', { name: `RC0000${id}` })).toBeVisible();
  await expect(page.getByRole('tabpanel')).toContainText('Teacher');
  await page.getByRole('tab', { name: 'Documents' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('photo-300x400.png');
  await viewDocument(page, /View Applicant photo/, 'image');
  await viewDocument(page, /View Household registration book/, 'pdf');
  await viewDocument(page, /View Proof of residence/, 'pdf');
  await page.getByRole('tab', { name: 'Payment' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('LAK 29,000');
  await expect(page.getByRole('tabpanel')).toContainText('Payment being checked');
  await expect(page.getByRole('tabpanel')).toContainText('Lao Development Bank (LDB)');
  await viewDocument(page, /View proof of payment/, 'image');

  // A new application starts from the profile again: the drafts were cleared after creation.
  await page.goto('/application-resident-certificate');
  await expect(page.getByLabel('First name')).toHaveValue(citizen.firstName);
  await expect(page.getByLabel('Occupation')).toHaveValue('');
  await page.goto('/document-submission');
  await expect(page).toHaveURL(/\/application-resident-certificate$/);
});

test('a citizen without applications sees the empty history; another citizen cannot open them', async ({
  page,
  request,
}) => {
  const first = await registerCitizen(request);
  await signIn(page, first);
  await page.goto('/application-history');
  await expect(page.getByRole('heading', { name: 'No Application History' })).toBeVisible();
  await expect(page.getByText('You have not submitted any resident certificate application yet.')).toBeVisible();
  await page.goto('/detail-application/1');
  await expect(page.getByText('This application was not found.')).toBeVisible();
});

test('preview and payment send a citizen without drafts back', async ({ page, request }) => {
  const citizen = await registerCitizen(request);
  await signIn(page, citizen);
  await page.goto('/payment');
  await expect(page).toHaveURL(/\/application-resident-certificate$/);
  await page.goto('/preview-data');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/how-to-payment');
  await expect(page).toHaveURL(/\/application-history$/);
});
