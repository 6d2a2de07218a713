import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { enqueueMail } from './mail-queue';
import type { Mail } from './mail';
import { recordNoShows } from './pickup-desk';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain mail in the service's look: a heading, lines, one button. */
export function simpleMail(
  to: string,
  language: 'en' | 'lo',
  subject: string,
  lines: string[],
  link: { href: string; label: string },
): Mail {
  const text = [...lines, '', `${link.label}: ${link.href}`].join('\n');
  const html = `<!doctype html><html lang="${language}"><body style="margin:0;padding:24px;background:#f4f6fa;font-family:'Noto Sans Lao','Phetsarath OT',Arial,sans-serif;color:#1b2433">
<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border-radius:12px;line-height:1.8">
<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(subject)}</h1>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:12px 20px;background:#0b3d91;color:#ffffff;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(link.label)}</a></p>
</div></body></html>`;
  return { to, subject, text, html };
}

const longDate = (iso: string, language: 'en' | 'lo') =>
  new Intl.DateTimeFormat(language === 'lo' ? 'lo-LA' : 'en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(`${iso}T00:00:00Z`));

/** "You did not come: book again", in the citizen's language. */
function noShowMail(to: string, language: 'en' | 'lo', ticket: string, date: string, id: number, base: string): Mail {
  const href = `${base}/pick-up-date/${id}`;
  return language === 'lo'
    ? simpleMail(
        to,
        language,
        `ກະລຸນານັດມາຮັບໃໝ່ — ${ticket}`,
        [
          `ທ່ານບໍ່ໄດ້ມາຮັບໃບຢັ້ງຢືນທີ່ຢູ່ ${ticket} ຕາມນັດມາຮັບ ວັນທີ ${longDate(date, language)}.`,
          'ໃບຢັ້ງຢືນຍັງລໍຖ້າທ່ານຢູ່ທີ່ຫ້ອງການ. ກະລຸນາເລືອກວັນທີ ແລະ ເວລາໃໝ່ເພື່ອນັດມາຮັບ.',
        ],
        { href, label: 'ນັດມາຮັບໃໝ່' },
      )
    : simpleMail(
        to,
        language,
        `Please book your pick-up again — ${ticket}`,
        [
          `You did not come to pick up resident certificate ${ticket} on ${longDate(date, language)} as booked.`,
          'The certificate is still waiting for you at the office. Please choose a new date and time to pick it up.',
        ],
        { href, label: 'Book a new pick-up' },
      );
}

/**
 * The end-of-day job: records the day's no-shows and queues one invitation to book again for
 * each, in the same transaction (a no-show recorded is a mail queued, once across instances).
 */
export async function inviteNoShows(app: FastifyInstance, now = new Date()): Promise<number> {
  const invited = await app.db.transaction(async (tx) => {
    const missed = await recordNoShows(tx as unknown as Db, now);
    for (const m of missed) {
      const [user] = await tx
        .select({ email: users.email, language: users.language })
        .from(users)
        .where(eq(users.id, m.userId));
      if (!user) continue;
      await enqueueMail(
        tx as unknown as Db,
        'status:pickup_missed',
        noShowMail(user.email, user.language, m.ticket, m.date, m.id, app.config.appBaseUrl),
      );
    }
    return missed.length;
  });
  if (invited) await app.mailQueue.kick();
  return invited;
}
