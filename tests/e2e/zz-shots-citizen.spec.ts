import { expect, test, type Page } from '@playwright/test';
import { createApplicationThroughApi, uploadProofThroughApi } from './fixtures/application';
import { registerCitizen, signIn } from './fixtures/citizen';

test.describe.configure({ timeout: 180_000 });

const REQUEST = {
  en: {
    reasons: [
      {
        code: 'book_page_unreadable',
        text: 'The household registration book page cannot be read',
        what_to_do: 'Take a new photo of the page with your name, in good light, with every word readable.',
      },
      { code: 'name_mismatch', text: 'Your first name differs from the family book', what_to_do: 'Correct your first name as the family book writes it.' },
    ],
    message: 'Please send the page that lists you, and check the spelling of your first name.',
  },
  lo: {
    reasons: [
      { code: 'book_page_unreadable', text: 'ໜ້າປຶ້ມສຳມະໂນຄົວອ່ານບໍ່ໄດ້', what_to_do: 'ກະລຸນາຖ່າຍຮູບໜ້າທີ່ມີຊື່ຂອງທ່ານໃໝ່ ໃນບ່ອນທີ່ມີແສງສະຫວ່າງພຽງພໍ ໃຫ້ອ່ານໄດ້ທຸກຄຳ.' },
      { code: 'name_mismatch', text: 'ຊື່ຂອງທ່ານບໍ່ກົງກັບປຶ້ມສຳມະໂນຄົວ', what_to_do: 'ກະລຸນາແກ້ໄຂຊື່ໃຫ້ກົງກັບທີ່ຂຽນໃນປຶ້ມສຳມະໂນຄົວ.' },
    ],
    message: 'ກະລຸນາສົ່ງໜ້າທີ່ມີຊື່ຂອງທ່ານ ແລະ ກວດສອບການສະກົດຊື່ອີກຄັ້ງ.',
  },
};

async function mock(page: Page, id: number, lang: 'en' | 'lo', kind: 'asked' | 'running' | 'overdue') {
  await page.route(`**/api/v1/citizen/resident-certificate/${id}`, async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { data: Record<string, unknown> };
    const d = body.data;
    if (kind === 'asked') {
      d.status = 'information requested';
      d.information_request = {
        id: 3,
        asked_at: '2026-04-08T03:00:00Z',
        answer_by: '2026-04-22',
        ...REQUEST[lang],
        documents: ['household_registration_book'],
        fields: ['first_name', 'village_id'],
        answered_at: null,
      };
      d.clock = { due_on: null, working_days_left: null, tone: 'paused' };
    } else {
      d.status = 'in validation';
      d.information_request = null;
      d.clock =
        kind === 'running'
          ? { due_on: '2026-04-14', working_days_left: 2, tone: 'on-time' }
          : { due_on: '2026-04-14', working_days_left: -1, tone: 'overdue' };
    }
    await route.fulfill({ response: res, json: body });
  });
}

for (const lang of ['en', 'lo'] as const)
  for (const width of [390, 1440])
    test(`shots ${lang} ${width}`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 900 });
      const citizen = await registerCitizen(request);
      const { id } = await createApplicationThroughApi(request, citizen.token);
      await uploadProofThroughApi(request, citizen.token, id);
      await signIn(page, citizen);
      await page.evaluate((l) => localStorage.setItem('language', l), lang);
      await mock(page, id, lang, 'asked');
      await page.goto(`/detail-application/${id}`);
      await expect(page.getByTestId('decision-clock')).toBeVisible({ timeout: 40_000 });
      await page.screenshot({ path: `/tmp/shots-citizen/detail-asked-${lang}-${width}.png`, fullPage: true });
      await page.goto(`/answer-request/${id}`);
      await expect(page.locator('input[type=file]').first()).toBeAttached({ timeout: 40_000 });
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `/tmp/shots-citizen/what-is-asked-${lang}-${width}.png`, fullPage: true });
      await page.unrouteAll();
      await mock(page, id, lang, 'running');
      await page.goto(`/detail-application/${id}`);
      await expect(page.getByTestId('decision-clock')).toBeVisible({ timeout: 40_000 });
      await page.screenshot({ path: `/tmp/shots-citizen/detail-clock-${lang}-${width}.png`, fullPage: true });
      await page.unrouteAll();
      await mock(page, id, lang, 'overdue');
      await page.goto(`/detail-application/${id}`);
      await expect(page.getByTestId('decision-clock')).toBeVisible({ timeout: 40_000 });
      await page.screenshot({ path: `/tmp/shots-citizen/detail-overdue-${lang}-${width}.png`, fullPage: true });
    });
