import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { Mail } from './mail';
import { enqueueMail } from './mail-queue';
import { answerByDay, documentLabel, fieldLabel, reasonLines, type ReasonWords } from './officers/request-words';

type Language = 'en' | 'lo';

/** The moments a citizen must (or may want to) hear about by e-mail, besides the in-app notification. */
export type CitizenMail =
  | { kind: 'payment_confirmed'; ticket: string; applicationId: number }
  | { kind: 'proof_refused'; ticket: string; applicationId: number; notes?: string }
  | {
      kind: 'rejected';
      ticket: string;
      applicationId: number;
      notes?: string;
      notesCode?: 'payment_deadline_passed' | 'information_not_sent';
      /** The catalogued reasons of the rejection: each said with what to do about it. */
      reasons?: ReasonWords[];
    }
  | {
      kind: 'information_requested';
      ticket: string;
      applicationId: number;
      reasons: ReasonWords[];
      message?: string | null;
      documents: string[];
      fields: string[];
      answerBy: Date;
    }
  | { kind: 'information_reminder'; ticket: string; applicationId: number; answerBy: Date }
  | { kind: 'certificate_issued'; ticket: string; applicationId: number }
  | { kind: 'pickup_reminder'; ticket: string; applicationId: number; date: string; time: string }
  | { kind: 'certificate_revoked'; ticket: string; applicationId: number; notes?: string };

/**
 * Mails that need the citizen to act or tell them their certificate no longer holds: always sent.
 * The others follow the profile's "e-mail updates" switch.
 */
export const REQUIRED_MAILS: readonly CitizenMail['kind'][] = [
  'proof_refused',
  'rejected',
  'certificate_revoked',
  'information_requested',
  'information_reminder',
];

const DEADLINE_NOTE: Record<Language, string> = {
  en: 'The payment deadline passed without payment',
  lo: 'ໝົດກຳນົດເວລາຊຳລະເງິນ ໂດຍບໍ່ໄດ້ຮັບການຊຳລະ',
};
const INFORMATION_NOTE: Record<Language, string> = {
  en: 'The information an officer asked for was not sent in time',
  lo: 'ບໍ່ໄດ້ສົ່ງຂໍ້ມູນທີ່ເຈົ້າໜ້າທີ່ຂໍໃຫ້ສົ່ງ ພາຍໃນກຳນົດເວລາ',
};

function longDate(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(language === 'lo' ? 'lo-LA' : 'en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(`${iso}T00:00:00Z`));
}

/** Subject, heading and lines of each mail, in the citizen's language only. */
function content(m: CitizenMail, language: Language): { subject: string; lines: string[] } {
  const reason = (notes?: string, code?: string) =>
    code === 'payment_deadline_passed'
      ? DEADLINE_NOTE[language]
      : code === 'information_not_sent'
        ? INFORMATION_NOTE[language]
        : notes?.trim().replace(/[.。]+$/, '');
  const en = language === 'en';
  switch (m.kind) {
    case 'payment_confirmed':
      return en
        ? {
            subject: `Payment confirmed — ${m.ticket}`,
            lines: [
              `Your payment for application ${m.ticket} is confirmed.`,
              'An officer will now review your application. We will write again when it moves on.',
            ],
          }
        : {
            subject: `ຢືນຢັນການຊຳລະເງິນແລ້ວ — ${m.ticket}`,
            lines: [
              `ການຊຳລະເງິນສຳລັບຄຳຮ້ອງ ${m.ticket} ຂອງທ່ານໄດ້ຮັບການຢືນຢັນແລ້ວ.`,
              'ເຈົ້າໜ້າທີ່ຈະກວດສອບຄຳຮ້ອງຂອງທ່ານ. ພວກເຮົາຈະແຈ້ງທ່ານອີກເມື່ອມີຄວາມຄືບໜ້າ.',
            ],
          };
    case 'proof_refused': {
      const why = reason(m.notes);
      return en
        ? {
            subject: `Proof of payment not accepted — ${m.ticket}`,
            lines: [
              `Your proof of payment for application ${m.ticket} could not be accepted.`,
              ...(why ? [`Reason: ${why}.`] : []),
              'Please open your application in the app and upload a clear proof of the transfer.',
            ],
          }
        : {
            subject: `ຫຼັກຖານການຊຳລະເງິນບໍ່ຖືກຮັບຮອງ — ${m.ticket}`,
            lines: [
              `ຫຼັກຖານການຊຳລະເງິນຂອງຄຳຮ້ອງ ${m.ticket} ບໍ່ຖືກຮັບຮອງ.`,
              ...(why ? [`ເຫດຜົນ: ${why}.`] : []),
              'ກະລຸນາເປີດຄຳຮ້ອງຂອງທ່ານໃນແອັບ ແລະ ອັບໂຫຼດຫຼັກຖານການໂອນເງິນທີ່ຊັດເຈນ.',
            ],
          };
    }
    case 'rejected': {
      const why = reason(m.notes, m.notesCode);
      const listed = reasonLines(m.reasons ?? [], language).map((l) => `• ${l}.`);
      return en
        ? {
            subject: `Application rejected — ${m.ticket}`,
            lines: [
              `Your application ${m.ticket} was rejected.`,
              ...(listed.length ? ['Reasons:', ...listed] : []),
              ...(why ? [`${listed.length ? 'Officer’s note' : 'Reason'}: ${why}.`] : []),
              'You can apply again from "Applied before" in the app.',
            ],
          }
        : {
            subject: `ຄຳຮ້ອງຖືກປະຕິເສດ — ${m.ticket}`,
            lines: [
              `ຄຳຮ້ອງ ${m.ticket} ຂອງທ່ານຖືກປະຕິເສດ.`,
              ...(listed.length ? ['ເຫດຜົນ:', ...listed] : []),
              ...(why ? [`${listed.length ? 'ໝາຍເຫດຂອງເຈົ້າໜ້າທີ່' : 'ເຫດຜົນ'}: ${why}.`] : []),
              'ທ່ານສາມາດຍື່ນຄືນໃໝ່ໄດ້ທີ່ "ຄຳຮ້ອງທີ່ເຄີຍຍື່ນ" ໃນແອັບ.',
            ],
          };
    }
    case 'information_requested': {
      const listed = reasonLines(m.reasons, language).map((l) => `• ${l}.`);
      const items = [
        ...m.documents.map((d) => `• ${documentLabel(d, language)}`),
        ...m.fields.map((f) => `• ${fieldLabel(f, language)}`),
      ];
      const note = m.message?.trim().replace(/[.。]+$/, '');
      const by = answerByDay(m.answerBy, language);
      return en
        ? {
            subject: `Information needed for your application — ${m.ticket}`,
            lines: [
              `An officer reviewing application ${m.ticket} needs more from you before deciding.`,
              'Why:',
              ...listed,
              'Please send again or correct in the app:',
              ...items,
              ...(note ? [`Officer’s note: ${note}.`] : []),
              `Please answer by ${by}. Without an answer by then, the application is rejected. The 3 working days start again from your answer with the days that were left.`,
            ],
          }
        : {
            subject: `ຕ້ອງການຂໍ້ມູນເພີ່ມເຕີມສຳລັບຄຳຮ້ອງຂອງທ່ານ — ${m.ticket}`,
            lines: [
              `ເຈົ້າໜ້າທີ່ທີ່ກວດສອບຄຳຮ້ອງ ${m.ticket} ຕ້ອງການຂໍ້ມູນເພີ່ມເຕີມຈາກທ່ານ ກ່ອນຕັດສິນ.`,
              'ເຫດຜົນ:',
              ...listed,
              'ກະລຸນາສົ່ງໃໝ່ ຫຼື ແກ້ໄຂໃນແອັບ:',
              ...items,
              ...(note ? [`ໝາຍເຫດຂອງເຈົ້າໜ້າທີ່: ${note}.`] : []),
              `ກະລຸນາຕອບພາຍໃນວັນທີ ${by}. ຖ້າບໍ່ມີຄຳຕອບພາຍໃນວັນທີນັ້ນ ຄຳຮ້ອງຈະຖືກປະຕິເສດ. ເວລາ 3 ວັນລັດຖະການຈະນັບຕໍ່ຈາກມື້ທີ່ທ່ານຕອບ.`,
            ],
          };
    }
    case 'information_reminder': {
      const by = answerByDay(m.answerBy, language);
      return en
        ? {
            subject: `Reminder: information needed by ${by} — ${m.ticket}`,
            lines: [
              `An officer is still waiting for your answer on application ${m.ticket}.`,
              `Please send what was asked in the app by ${by}; without an answer, the application is rejected.`,
            ],
          }
        : {
            subject: `ແຈ້ງເຕືອນ: ກະລຸນາສົ່ງຂໍ້ມູນພາຍໃນວັນທີ ${by} — ${m.ticket}`,
            lines: [
              `ເຈົ້າໜ້າທີ່ຍັງລໍຖ້າຄຳຕອບຂອງທ່ານສຳລັບຄຳຮ້ອງ ${m.ticket}.`,
              `ກະລຸນາສົ່ງຂໍ້ມູນທີ່ຂໍໄວ້ໃນແອັບພາຍໃນວັນທີ ${by}; ຖ້າບໍ່ມີຄຳຕອບ ຄຳຮ້ອງຈະຖືກປະຕິເສດ.`,
            ],
          };
    }
    case 'certificate_issued':
      return en
        ? {
            subject: `Your resident certificate is ready — ${m.ticket}`,
            lines: [
              `Your resident certificate for application ${m.ticket} is ready.`,
              'Download the e-certificate in the app, or book a time to pick it up at the office.',
            ],
          }
        : {
            subject: `ໃບຢັ້ງຢືນທີ່ຢູ່ຂອງທ່ານພ້ອມແລ້ວ — ${m.ticket}`,
            lines: [`ໃບຢັ້ງຢືນທີ່ຢູ່ຂອງຄຳຮ້ອງ ${m.ticket} ພ້ອມແລ້ວ.`, 'ດາວໂຫຼດໃບຢັ້ງຢືນເອເລັກໂຕຣນິກໃນແອັບ ຫຼື ນັດມາຮັບທີ່ຫ້ອງການ.'],
          };
    case 'pickup_reminder':
      return en
        ? {
            subject: `Reminder: pick up your certificate tomorrow — ${m.ticket}`,
            lines: [
              `You booked the pick-up of certificate ${m.ticket} tomorrow, ${longDate(m.date, 'en')}, at ${m.time}.`,
              'Bring your ID card. You can change the time in the app until then.',
            ],
          }
        : {
            subject: `ແຈ້ງເຕືອນ: ມາຮັບໃບຢັ້ງຢືນມື້ອື່ນ — ${m.ticket}`,
            lines: [
              `ທ່ານໄດ້ນັດມາຮັບໃບຢັ້ງຢືນ ${m.ticket} ມື້ອື່ນ, ${longDate(m.date, 'lo')}, ເວລາ ${m.time}.`,
              'ກະລຸນານຳບັດປະຈຳຕົວມານຳ. ທ່ານສາມາດປ່ຽນເວລາໃນແອັບໄດ້ຈົນເຖິງເວລານັ້ນ.',
            ],
          };
    case 'certificate_revoked': {
      const why = reason(m.notes);
      return en
        ? {
            subject: `Your resident certificate was revoked — ${m.ticket}`,
            lines: [
              `Your resident certificate ${m.ticket} was revoked and is no longer valid.`,
              ...(why ? [`Reason: ${why}.`] : []),
              "You can apply for a new certificate from the application's page in the app.",
            ],
          }
        : {
            subject: `ໃບຢັ້ງຢືນທີ່ຢູ່ຂອງທ່ານຖືກເພີກຖອນ — ${m.ticket}`,
            lines: [
              `ໃບຢັ້ງຢືນທີ່ຢູ່ ${m.ticket} ຂອງທ່ານຖືກເພີກຖອນ ແລະ ບໍ່ມີຜົນບັງຄັບໃຊ້ແລ້ວ.`,
              ...(why ? [`ເຫດຜົນ: ${why}.`] : []),
              'ທ່ານສາມາດຍື່ນຂໍໃບຢັ້ງຢືນໃໝ່ໄດ້ຈາກໜ້າຂອງຄຳຮ້ອງໃນແອັບ.',
            ],
          };
    }
  }
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function citizenMail(to: string, language: Language, m: CitizenMail, appBaseUrl: string): Mail {
  const link = `${appBaseUrl}/detail-application/${m.applicationId}`;
  const { subject, lines } = content(m, language);
  const open = language === 'lo' ? 'ເປີດຄຳຮ້ອງຂອງທ່ານ' : 'Open your application';
  const footer =
    language === 'lo'
      ? 'ອີເມວນີ້ສົ່ງໂດຍລະບົບບໍລິການລັດເອເລັກໂຕຣນິກ. ທ່ານສາມາດປິດອີເມວທີ່ບໍ່ຈຳເປັນໄດ້ທີ່ ໂປຣໄຟລ໌ ໃນແອັບ.'
      : 'This e-mail was sent by the e-Government service. You can turn off optional e-mails in your profile in the app.';
  const text = [...lines, '', `${open}: ${link}`, '', footer].join('\n');
  const html = `<!doctype html><html lang="${language}"><body style="margin:0;padding:24px;background:#f4f6fa;font-family:'Noto Sans Lao','Phetsarath OT',Arial,sans-serif;color:#1b2433">
<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border-radius:12px;line-height:1.8">
<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(subject)}</h1>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#0b3d91;color:#ffffff;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(open)}</a></p>
<p style="font-size:13px;color:#4a5568">${escapeHtml(footer)}</p>
</div></body></html>`;
  return { to, subject, text, html };
}

/**
 * Queues one status mail to the citizen in their language. Call it inside the transaction of the
 * change (the mail exists exactly when the change does), then `app.mailQueue.kick()` after the
 * commit; the queue sends it, and tries again while the mail server is down.
 */
export async function queueCitizenMail(db: Db, appBaseUrl: string, userId: number, m: CitizenMail): Promise<void> {
  const [user] = await db
    .select({ email: users.email, language: users.language, emailUpdates: users.emailUpdates })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return;
  if (!user.emailUpdates && !REQUIRED_MAILS.includes(m.kind)) return;
  await enqueueMail(db, `status:${m.kind}`, citizenMail(user.email, user.language, m, appBaseUrl));
}
