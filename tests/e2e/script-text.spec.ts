import { expect, test } from '@playwright/test';
import { dataUrl, pdf, png } from '../api/application-fixtures';
import { registerCitizen, signIn } from './fixtures/citizen';
import { E2E_REASON, officerLogin } from './fixtures/officer';

/**
 * Script in what citizens and officers type (a reason, an officer's notes) is shown as text on both
 * sides, never run: React escapes it and the CSP allows no inline script but the pages' own start
 * script (by its hash). (File names are cleaned by the server; the one sent here must not run either.)
 */
const REASON = '<img src=x onerror="window.__xss=1">Job';
const FILE_NAME = '<script>window.__xss=2</script>.png';
const NOTES = '<script>window.__xss=3</script> Bring the original book';

test.use({ viewport: { width: 1280, height: 900 } });

test('script strings in a reason, a file name and notes render as text for the citizen and the officer', async ({
  page,
  request,
}) => {
  const citizen = await registerCitizen(request);
  const headers = { authorization: `Bearer ${citizen.token}` };
  type List = { data: { id: number }[] };
  const province = ((await (await request.get('/api/v1/master-data/location/provinces')).json()) as List).data[0]!.id;
  const district = ((await (await request.get(`/api/v1/master-data/location/district/${province}`)).json()) as List)
    .data[0]!.id;
  const village = ((await (await request.get(`/api/v1/master-data/location/villages/${district}`)).json()) as List)
    .data[0]!.id;
  const created = await request.post('/api/v1/citizen/resident-certificate/create-new', {
    headers,
    data: {
      first_name: 'Khamphet',
      last_name: 'Vongsa',
      date_of_birth: '1991-05-06',
      occupation: 'Farmer',
      current_address: 'Ban Xay',
      house_number: '7',
      province_id: province,
      district_id: district,
      village_id: village,
      head_of_household: 'Khamphet Vongsa',
      family_book_number: '0011',
      family_book_date: '2010-01-02',
      father_name: 'Somsak Vongsa',
      mother_name: 'Nang Vongsa',
      parent_province_id: province,
      parent_district_id: district,
      parent_village_id: village,
      reason: REASON,
      applicant_photo: dataUrl(png(300, 400)),
      applicant_photo_name: FILE_NAME,
      household_registration_book: dataUrl(pdf(), 'application/pdf'),
      proof_of_residence: dataUrl(pdf('Residence'), 'application/pdf'),
      bank_id: 1,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { data: { id: number } }).data.id;
  const officer = await officerLogin(request);
  const rejected = await request.post(`/api/v1/officer/applications/${id}/reject`, {
    headers: { authorization: `Bearer ${officer.access_token}` },
    data: { reason_codes: [E2E_REASON], notes: NOTES },
  });
  expect(rejected.status(), await rejected.text()).toBe(200);

  const ran = () => page.evaluate(() => (window as unknown as { __xss?: number }).__xss);

  await signIn(page, citizen);
  await page.goto(`/detail-application/${id}`);
  await expect(page.getByText(NOTES)).toBeVisible();
  await expect(page.getByText(REASON)).toBeVisible();
  expect(await ran()).toBeUndefined();

  await page.evaluate(
    ({ token, expiresAt }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('expiresAt', String(expiresAt));
      localStorage.setItem('role', 'officer');
    },
    { token: officer.access_token, expiresAt: officer.expires_at },
  );
  await page.goto(`/officer/applications/${id}`);
  await expect(page.getByText(REASON)).toBeVisible();
  await expect(page.getByText(NOTES).first()).toBeVisible();
  expect(await ran()).toBeUndefined();
  await expect(page.locator('script', { hasText: 'window.__xss' })).toHaveCount(0);
});
