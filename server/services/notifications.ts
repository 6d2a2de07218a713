import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Language } from '../../contract/master-data';
import { slotTime24 } from '../../contract/pickup';
import type { NotificationItem } from '../../contract/profile';
import type { Db } from '../db/client';
import { notifications } from '../db/schema';
import { queuePush } from './web-push';

/**
 * What the server tells a citizen about their application, written in both languages when it
 * happens so the list reads correctly whichever language the citizen chooses later.
 */
export type NotificationKind =
  | 'application_created'
  | 'proof_received'
  | 'payment_confirmed'
  | 'proof_refused'
  | 'in_validation'
  | 'approved'
  | 'certificate_issued'
  | 'pickup_booked'
  | 'picked_up'
  | 'rejected'
  | 'reapplied'
  | 'certificate_revoked'
  | 'information_requested'
  | 'information_answered';

/**
 * `notes` is the officer's note, the same in both languages; `notesIn` overrides it per language
 * (the catalogued reasons of a decision, written for the citizen in each language).
 */
type Params = { ticket: string; date?: string; time?: string; notes?: string; notesIn?: Record<'en' | 'lo', string> };

const TEMPLATES: Record<NotificationKind, { en(p: Params): string; lo(p: Params): string }> = {
  application_created: {
    en: (p) => `Your application ${p.ticket} was received. Please pay the fee before the deadline shown in the app.`,
    lo: (p) => `ໄດ້ຮັບຄຳຮ້ອງ ${p.ticket} ຂອງທ່ານແລ້ວ. ກະລຸນາຊຳລະຄ່າທຳນຽມກ່ອນກຳນົດເວລາທີ່ສະແດງໃນແອັບ.`,
  },
  proof_received: {
    en: (p) => `We received your proof of payment for ${p.ticket}. It will be checked within 3 working days.`,
    lo: (p) => `ພວກເຮົາໄດ້ຮັບຫຼັກຖານການຊຳລະເງິນຂອງ ${p.ticket} ແລ້ວ. ຈະກວດສອບພາຍໃນ 3 ວັນລັດຖະການ.`,
  },
  payment_confirmed: {
    en: (p) => `Your payment for ${p.ticket} is confirmed.`,
    lo: (p) => `ການຊຳລະເງິນຂອງ ${p.ticket} ໄດ້ຮັບການຢືນຢັນແລ້ວ.`,
  },
  proof_refused: {
    en: (p) =>
      `Your proof of payment for ${p.ticket} could not be accepted${p.notes ? `: ${p.notes}` : ''}. Please upload it again.`,
    lo: (p) => `ຫຼັກຖານການຊຳລະເງິນຂອງ ${p.ticket} ບໍ່ຖືກຮັບຮອງ${p.notes ? `: ${p.notes}` : ''}. ກະລຸນາອັບໂຫຼດໃໝ່.`,
  },
  in_validation: {
    en: (p) => `An officer is reviewing your application ${p.ticket}.`,
    lo: (p) => `ເຈົ້າໜ້າທີ່ກຳລັງກວດສອບຄຳຮ້ອງ ${p.ticket} ຂອງທ່ານ.`,
  },
  approved: {
    en: (p) => `Your application ${p.ticket} is approved. Your certificate is being prepared.`,
    lo: (p) => `ຄຳຮ້ອງ ${p.ticket} ຂອງທ່ານໄດ້ຮັບການອະນຸມັດແລ້ວ. ກຳລັງກະກຽມໃບຢັ້ງຢືນ.`,
  },
  certificate_issued: {
    en: (p) => `Your resident certificate for ${p.ticket} is ready. Download it or book a pick-up at the office.`,
    lo: (p) => `ໃບຢັ້ງຢືນທີ່ຢູ່ຂອງ ${p.ticket} ພ້ອມແລ້ວ. ດາວໂຫຼດ ຫຼື ນັດມາຮັບທີ່ຫ້ອງການ.`,
  },
  pickup_booked: {
    en: (p) => `Pick-up for ${p.ticket} is booked on ${p.date} at ${p.time}.`,
    lo: (p) => `ນັດມາຮັບ ${p.ticket} ວັນທີ ${p.date} ເວລາ ${p.time}.`,
  },
  picked_up: {
    en: (p) => `Your certificate ${p.ticket} has been collected.`,
    lo: (p) => `ທ່ານມາຮັບໃບຢັ້ງຢືນ ${p.ticket} ແລ້ວ.`,
  },
  rejected: {
    en: (p) =>
      `Your application ${p.ticket} was rejected${p.notes ? `: ${p.notes}` : ''}. You can apply again from Applied before.`,
    lo: (p) => `ຄຳຮ້ອງ ${p.ticket} ຖືກປະຕິເສດ${p.notes ? `: ${p.notes}` : ''}. ທ່ານສາມາດຍື່ນຄືນໃໝ່ໄດ້ທີ່ ຄຳຮ້ອງທີ່ເຄີຍຍື່ນ.`,
  },
  certificate_revoked: {
    en: (p) =>
      `Your resident certificate ${p.ticket} was revoked${p.notes ? `: ${p.notes}` : ''}. It is no longer valid. You can apply again from the application's page.`,
    lo: (p) =>
      `ໃບຢັ້ງຢືນທີ່ຢູ່ ${p.ticket} ຂອງທ່ານຖືກເພີກຖອນ${p.notes ? `: ${p.notes}` : ''}. ໃບຢັ້ງຢືນນີ້ບໍ່ມີຜົນບັງຄັບໃຊ້ແລ້ວ. ທ່ານສາມາດຍື່ນຄຳຮ້ອງໃໝ່ໄດ້ຈາກໜ້າຂອງຄຳຮ້ອງ.`,
  },
  information_requested: {
    en: (p) =>
      `An officer needs more information for your application ${p.ticket}${p.notes ? `: ${p.notes}` : ''}. Open the application to answer; the date to answer by is shown there.`,
    lo: (p) =>
      `ເຈົ້າໜ້າທີ່ຕ້ອງການຂໍ້ມູນເພີ່ມເຕີມສຳລັບຄຳຮ້ອງ ${p.ticket} ຂອງທ່ານ${p.notes ? `: ${p.notes}` : ''}. ກະລຸນາເປີດຄຳຮ້ອງເພື່ອຕອບ; ວັນທີທີ່ຕ້ອງຕອບສະແດງຢູ່ໃນນັ້ນ.`,
  },
  information_answered: {
    en: (p) => `We received your answer for ${p.ticket}. An officer will continue the review.`,
    lo: (p) => `ພວກເຮົາໄດ້ຮັບຄຳຕອບຂອງທ່ານສຳລັບ ${p.ticket} ແລ້ວ. ເຈົ້າໜ້າທີ່ຈະກວດສອບຕໍ່.`,
  },
  reapplied: {
    en: (p) => `Your new application ${p.ticket} was received.`,
    lo: (p) => `ໄດ້ຮັບຄຳຮ້ອງໃໝ່ ${p.ticket} ຂອງທ່ານແລ້ວ.`,
  },
};

/** The parameters as each language writes them: dates spelt out, Lao times on the 24-hour clock. */
function paramsIn(language: 'en' | 'lo', p: Params): Params {
  const date =
    p.date && /^\d{4}-\d{2}-\d{2}$/.test(p.date)
      ? new Intl.DateTimeFormat(language === 'lo' ? 'lo-LA' : 'en-GB', {
          timeZone: 'UTC',
          day: 'numeric',
          month: 'long',
          year: 'numeric',
        }).format(new Date(`${p.date}T00:00:00Z`))
      : p.date;
  const time = p.time && language === 'lo' ? slotTime24(p.time) : p.time;
  // The templates end the sentence themselves: an officer's note ending in '.' would make '..'.
  const notes = (p.notesIn?.[language] ?? p.notes)?.trim().replace(/[.。]+$/, '');
  return { ...p, date, time, notes };
}

/**
 * The changes that also reach the citizen's phone (Web Push), and the screen a tap opens. The others
 * answer what the citizen just did in the app, where they see it anyway.
 */
const PUSHED: Partial<Record<NotificationKind, (applicationId: number) => string>> = {
  payment_confirmed: (id) => `/detail-application/${id}`,
  proof_refused: (id) => `/detail-application/${id}`,
  information_requested: (id) => `/answer-request/${id}`,
  approved: (id) => `/detail-application/${id}`,
  certificate_issued: (id) => `/certificate-approval/${id}`,
  rejected: (id) => `/detail-application/${id}`,
  certificate_revoked: (id) => `/detail-application/${id}`,
};

/** The pick-up reminder the day before, for the phone (the mail says more). */
export async function pushPickupReminder(
  db: Db,
  userId: number,
  applicationId: number,
  params: { ticket: string; date: string; time: string },
): Promise<void> {
  const en = paramsIn('en', params);
  const lo = paramsIn('lo', params);
  await queuePush(
    db,
    userId,
    {
      en: `Reminder: pick up your certificate ${en.ticket} tomorrow, ${en.date}, at ${en.time}. Bring your ID card.`,
      lo: `ແຈ້ງເຕືອນ: ມາຮັບໃບຢັ້ງຢືນ ${lo.ticket} ມື້ອື່ນ, ${lo.date}, ເວລາ ${lo.time}. ກະລຸນານຳບັດປະຈຳຕົວມານຳ.`,
    },
    `/detail-application/${applicationId}`,
  );
}

/**
 * Records one notification; call it inside the transaction that makes the change. The changes in
 * PUSHED are queued for the citizen's phones in the same transaction, sent after it commits.
 */
export async function notify(
  db: Db,
  userId: number,
  applicationId: number | null,
  kind: NotificationKind,
  params: Params,
): Promise<void> {
  const t = TEMPLATES[kind];
  const messageEn = t.en(paramsIn('en', params));
  const messageLo = t.lo(paramsIn('lo', params));
  await db.insert(notifications).values({ userId, applicationId, kind, messageEn, messageLo });
  const url = PUSHED[kind];
  if (url && applicationId !== null) await queuePush(db, userId, { en: messageEn, lo: messageLo }, url(applicationId));
}

/** The citizen's newest notifications, in the language asked for. */
export async function listNotifications(
  db: Db,
  userId: number,
  lang: Language,
  limit: number,
): Promise<NotificationItem[]> {
  const rows = await db
    .select({
      id: notifications.id,
      en: notifications.messageEn,
      lo: notifications.messageLo,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
      applicationId: notifications.applicationId,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    message: lang === 'lo' ? r.lo : r.en,
    created_at: r.createdAt.toISOString(),
    read: r.readAt !== null,
    application_id: r.applicationId,
  }));
}

export async function unreadNotifications(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks the ids given (all of the citizen's without ids) read; returns how many were unread. */
export async function markNotificationsRead(db: Db, userId: number, ids: number[] | undefined): Promise<number> {
  const mine = and(eq(notifications.userId, userId), isNull(notifications.readAt));
  // Another citizen's ids simply match nothing: ownership is part of the condition.
  const where = ids ? and(mine, inArray(notifications.id, ids.length ? ids : [0])) : mine;
  const updated = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(where)
    .returning({ id: notifications.id });
  return updated.length;
}
