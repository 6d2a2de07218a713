import { expect, test } from '@playwright/test';
import { registerCitizen, signIn } from './fixtures/citizen';
import { dataUrl, pdf, png } from '../api/application-fixtures';

test('shots', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const citizen = await registerCitizen(request);
  type List = { data: { id: number }[] };
  const first = async (url: string) => ((await (await request.get(url)).json()) as List).data[0]!.id;
  const province = await first('/api/v1/master-data/location/provinces');
  const district = await first(`/api/v1/master-data/location/district/${province}`);
  const village = await first(`/api/v1/master-data/location/villages/${district}`);
  const created = await request.post('/api/v1/citizen/resident-certificate/create-new', {
    headers: { authorization: `Bearer ${citizen.token}` },
    data: {
      first_name: 'Somchai', last_name: 'Phommachanh', date_of_birth: '1990-04-12', occupation: 'Teacher', current_address: 'Ban Nongping',
      house_number: '12', province_id: province, district_id: district, village_id: village, head_of_household: 'Bounmy Phommachanh',
      family_book_number: '0012345', family_book_date: '2015-06-01', father_name: 'Bounmy Phommachanh', mother_name: 'Khamla Phommachanh',
      parent_province_id: province, parent_district_id: district, parent_village_id: village, reason: 'Opening a bank account',
      applicant_photo: dataUrl(png(300, 400)), applicant_photo_name: 'photo.png',
      household_registration_book: dataUrl(pdf(), 'application/pdf'), household_registration_book_name: 'book.pdf',
      proof_of_residence: dataUrl(pdf('Proof of residence'), 'application/pdf'), proof_of_residence_name: 'residence.pdf',
      bank_id: await first('/api/v1/master-data/bank'),
    },
  });
  const id = (await created.json()).data.id;
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, citizen);
  const screens = ['/home', '/application-history', `/detail-application/${id}`, `/waiting-for-payment/${id}`, '/profile', '/notification'];
  for (const lang of ['en', 'lo']) {
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    for (const s of screens) { await page.goto(s); await page.waitForLoadState('networkidle'); }
  }
  await context.setOffline(true);
  for (const lang of ['en', 'lo']) {
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      for (const s of screens) {
        await page.goto(s);
        await expect(page.getByTestId('offline-indicator')).toBeVisible();
        await page.waitForTimeout(600);
        await page.screenshot({ path: `/tmp/w12b/shots/${lang}-${width}-${s.split('/')[1]}.png` });
      }
    }
  }
  // Landing and login offline (signed out in a second context).
  const anon = await browser.newContext();
  const p2 = await anon.newPage();
  await p2.goto('/');
  await p2.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await anon.setOffline(true);
  for (const lang of ['en', 'lo']) {
    await p2.evaluate((l) => localStorage.setItem('language', l), lang);
    for (const width of [390, 1280]) {
      await p2.setViewportSize({ width, height: 844 });
      for (const s of ['/', '/login']) {
        await p2.goto(s);
        await expect(p2.getByTestId('offline-indicator')).toBeVisible();
        await p2.screenshot({ path: `/tmp/w12b/shots/anon-${lang}-${width}-${s === '/' ? 'landing' : 'login'}.png` });
      }
    }
  }
});
