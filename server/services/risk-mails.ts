import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addWorkingDays, isWorkingDay } from '../../contract/working-days';
import type { Db } from '../db/client';
import { applications, appMeta, users } from '../db/schema';
import { enqueueMail } from './mail-queue';
import { loadCalendar, RUNNING_STATUSES } from './officers/calendar';
import { applicationsInOffice, officeOf } from './offices';
import { officeNow } from './pickup';
import { simpleMail } from './pickup-desk-mails';

/** The leads' morning mail goes out from this hour (Vientiane) on a working day. */
const MORNING_MINUTES = 7 * 60;
/** Tickets listed in one mail; the rest are counted. */
const LISTED = 30;

/**
 * Each working morning, every admin (a lead of an office) gets what is at risk in their office
 * today: the cases due by the end of the next working day, and those overdue. Claimed for the day
 * in app_meta in the same transaction as the mails, so with several instances it goes out once,
 * and never half.
 */
export async function sendRiskMails(app: FastifyInstance, now = new Date()): Promise<number> {
  const local = officeNow(now);
  if (local.minutes < MORNING_MINUTES) return 0;
  const calendar = await loadCalendar(app.db, local.date);
  if (!isWorkingDay(local.date, calendar.nationalDayOff)) return 0;
  const sent = await app.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: `risk_mail:${local.date}`, value: now.toISOString() })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (!claimed.length) return 0;
    const leads = await tx
      .select()
      .from(users)
      .where(
        and(
          eq(users.role, 'officer'),
          sql`coalesce(${users.officerRole}, 'admin') = 'admin'`,
          isNotNull(users.officeLevel),
        ),
      );
    let n = 0;
    for (const lead of leads) {
      const office = officeOf(lead);
      if (!office) continue;
      const until = addWorkingDays(local.date, 1, calendar.dayOffOfOffice(office));
      const cases = await tx
        .select({ ticket: applications.ticketNumber, dueOn: applications.dueOn, id: applications.id })
        .from(applications)
        .where(
          and(
            applicationsInOffice(office),
            inArray(applications.status, RUNNING_STATUSES),
            isNull(applications.clockPausedAt),
            isNotNull(applications.dueOn),
            lte(applications.dueOn, until),
          ),
        )
        .orderBy(asc(applications.dueOn), asc(applications.id));
      await enqueueMail(
        tx as unknown as Db,
        'status:risk_morning',
        riskMail(lead, cases, local.date, app.config.appBaseUrl),
      );
      n++;
    }
    return n;
  });
  if (sent) await app.mailQueue.kick();
  return sent;
}

function riskMail(
  lead: { email: string; language: 'en' | 'lo' },
  cases: { ticket: string; dueOn: string | null }[],
  today: string,
  base: string,
) {
  const overdue = cases.filter((c) => c.dueOn! < today);
  const atRisk = cases.filter((c) => c.dueOn! >= today);
  const list = (xs: typeof cases) =>
    xs
      .slice(0, LISTED)
      .map((c) => c.ticket)
      .join(', ') + (xs.length > LISTED ? ' …' : '');
  const link = {
    href: `${base}/officer/figures`,
    label: lead.language === 'lo' ? 'ເປີດຕົວເລກຂອງຫ້ອງການ' : "Open the office's figures",
  };
  if (lead.language === 'lo')
    return simpleMail(
      lead.email,
      'lo',
      `ຄຳຮ້ອງທີ່ມີຄວາມສ່ຽງມື້ນີ້: ${atRisk.length}, ກາຍກຳນົດ: ${overdue.length}`,
      [
        cases.length ? `ມີຄວາມສ່ຽງ (ຄົບກຳນົດພາຍໃນວັນລັດຖະການຖັດໄປ): ${atRisk.length}` : 'ມື້ນີ້ບໍ່ມີຄຳຮ້ອງທີ່ມີຄວາມສ່ຽງ.',
        ...(atRisk.length ? [list(atRisk)] : []),
        ...(overdue.length ? [`ກາຍກຳນົດ: ${overdue.length}`, list(overdue)] : []),
      ],
      link,
    );
  return simpleMail(
    lead.email,
    'en',
    `At risk today: ${atRisk.length}, overdue: ${overdue.length}`,
    [
      cases.length ? `At risk (due by the end of the next working day): ${atRisk.length}` : 'Nothing is at risk today.',
      ...(atRisk.length ? [list(atRisk)] : []),
      ...(overdue.length ? [`Overdue: ${overdue.length}`, list(overdue)] : []),
    ],
    link,
  );
}
