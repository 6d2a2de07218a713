import type { Mail } from './mail';

type Language = 'en' | 'lo';

interface Section {
  heading: string;
  paragraphs: string[];
  /** The code or the link, shown large in the HTML part (a warning has none). */
  highlight?: { text: string; href?: string };
  after: string[];
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * One mail in both languages (the citizen may read either), the account's language first.
 * Plain text for every mail client, plus a simple HTML part with the code or link set apart.
 */
function bilingual(
  to: string,
  language: Language,
  subject: Record<Language, string>,
  sections: Record<Language, Section>,
): Mail {
  const order: Language[] = language === 'lo' ? ['lo', 'en'] : ['en', 'lo'];
  const text = order
    .map((l) => {
      const s = sections[l];
      const highlight = s.highlight ? ['', `    ${s.highlight.href ?? s.highlight.text}`] : [];
      return [s.heading, '', ...s.paragraphs, ...highlight, '', ...s.after].join('\n');
    })
    .join('\n\n---\n\n');
  const html = `<!doctype html><html><body style="margin:0;padding:24px;background:#f4f6fa;font-family:'Noto Sans Lao','Phetsarath OT',Arial,sans-serif;color:#1b2433">
${order
  .map((l) => {
    const s = sections[l];
    const highlight = !s.highlight
      ? ''
      : s.highlight.href
        ? `<p><a href="${escapeHtml(s.highlight.href)}" style="display:inline-block;padding:12px 20px;background:#0b3d91;color:#ffffff;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(s.highlight.text)}</a></p><p style="font-size:13px;color:#4a5568;word-break:break-all">${escapeHtml(s.highlight.href)}</p>`
        : `<p style="font-size:32px;letter-spacing:12px;font-weight:bold;margin:16px 0">${escapeHtml(s.highlight.text)}</p>`;
    return `<div lang="${l}" style="max-width:560px;margin:0 auto 16px;padding:24px;background:#ffffff;border-radius:12px;line-height:1.7">
<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(s.heading)}</h1>
${s.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${highlight}
${s.after.map((p) => `<p style="font-size:14px;color:#4a5568">${escapeHtml(p)}</p>`).join('\n')}
</div>`;
  })
  .join('\n')}
</body></html>`;
  return { to, subject: order.map((l) => subject[l]).join(' / '), text, html };
}

/** The 4-digit registration code (valid 10 minutes). */
export function otpMail(to: string, language: Language, code: string, validMinutes: number): Mail {
  return bilingual(
    to,
    language,
    { en: 'Your verification code', lo: 'ລະຫັດຢືນຢັນຂອງທ່ານ' },
    {
      en: {
        heading: 'Verify your e-mail address',
        paragraphs: ['Enter this code in the app to finish creating your account:'],
        highlight: { text: code },
        after: [
          `The code is valid for ${validMinutes} minutes and can be used once.`,
          'If you did not create an account, ignore this e-mail. Never share this code with anyone, including officers.',
        ],
      },
      lo: {
        heading: 'ຢືນຢັນທີ່ຢູ່ອີເມວຂອງທ່ານ',
        paragraphs: ['ກະລຸນາປ້ອນລະຫັດນີ້ໃນແອັບ ເພື່ອສຳເລັດການສ້າງບັນຊີຂອງທ່ານ:'],
        highlight: { text: code },
        after: [
          `ລະຫັດນີ້ໃຊ້ໄດ້ ${validMinutes} ນາທີ ແລະ ໃຊ້ໄດ້ພຽງຄັ້ງດຽວ.`,
          'ຖ້າທ່ານບໍ່ໄດ້ສ້າງບັນຊີ, ກະລຸນາບໍ່ຕ້ອງສົນໃຈອີເມວນີ້. ຢ່າບອກລະຫັດນີ້ໃຫ້ຜູ້ໃດ, ລວມທັງພະນັກງານ.',
        ],
      },
    },
  );
}

/** The password-reset link (valid 30 minutes, single use); a citizen's passkeys go with the old password. */
export function resetMail(
  to: string,
  language: Language,
  link: string,
  validMinutes: number,
  removesPasskeys = false,
): Mail {
  return bilingual(
    to,
    language,
    { en: 'Reset your password', lo: 'ຕັ້ງລະຫັດຜ່ານໃໝ່' },
    {
      en: {
        heading: 'Reset your password',
        paragraphs: [
          'We received a request to reset the password of your account. Open this link to choose a new password:',
        ],
        highlight: { text: 'Choose a new password', href: link },
        after: [
          `The link is valid for ${validMinutes} minutes and can be used once. Afterwards you are signed out on every device${removesPasskeys ? ', and the passkeys of your account are removed: add them again from your account if you wish' : ''}.`,
          'If you did not ask for this, ignore this e-mail: your password stays the same.',
        ],
      },
      lo: {
        heading: 'ຕັ້ງລະຫັດຜ່ານໃໝ່',
        paragraphs: ['ພວກເຮົາໄດ້ຮັບການຂໍຕັ້ງລະຫັດຜ່ານໃໝ່ສຳລັບບັນຊີຂອງທ່ານ. ກະລຸນາເປີດລິ້ງນີ້ ເພື່ອຕັ້ງລະຫັດຜ່ານໃໝ່:'],
        highlight: { text: 'ຕັ້ງລະຫັດຜ່ານໃໝ່', href: link },
        after: [
          `ລິ້ງນີ້ໃຊ້ໄດ້ ${validMinutes} ນາທີ ແລະ ໃຊ້ໄດ້ພຽງຄັ້ງດຽວ. ຫຼັງຈາກນັ້ນ ບັນຊີຂອງທ່ານຈະອອກຈາກລະບົບໃນທຸກອຸປະກອນ${removesPasskeys ? ' ແລະ ລະບົບຈະລຶບກະແຈຜ່ານທັງໝົດຂອງບັນຊີອອກ: ທ່ານສາມາດເພີ່ມໃໝ່ໄດ້ຈາກບັນຊີຂອງທ່ານ' : ''}.`,
          'ຖ້າທ່ານບໍ່ໄດ້ຂໍ, ກະລຸນາບໍ່ຕ້ອງສົນໃຈອີເມວນີ້: ລະຫັດຜ່ານຂອງທ່ານຍັງຄືເກົ່າ.',
        ],
      },
    },
  );
}

/** An officer's second step failed so often that the account is locked for a while. */
export function secondFactorLockedMail(to: string, language: Language, lockMinutes: number): Mail {
  return bilingual(
    to,
    language,
    { en: 'Sign-in attempts on your officer account', lo: 'ມີຄວາມພະຍາຍາມເຂົ້າສູ່ລະບົບບັນຊີພະນັກງານຂອງທ່ານ' },
    {
      en: {
        heading: 'Several wrong codes or passkeys',
        paragraphs: [
          'Someone entered your password correctly and then failed the second step (authenticator-app code or passkey) several times.',
          `Signing in is blocked for ${lockMinutes} minutes.`,
        ],
        after: [
          'If this was not you, your password is known to someone else: change it at once and tell your administrator.',
        ],
      },
      lo: {
        heading: 'ລະຫັດ ຫຼື ກະແຈຜ່ານຜິດຫຼາຍຄັ້ງ',
        paragraphs: [
          'ມີຄົນປ້ອນລະຫັດຜ່ານຂອງທ່ານຖືກຕ້ອງ ແຕ່ຂັ້ນຕອນທີສອງ (ລະຫັດຈາກແອັບຢືນຢັນຕົວຕົນ ຫຼື ກະແຈຜ່ານ) ຜິດຫຼາຍຄັ້ງ.',
          `ການເຂົ້າສູ່ລະບົບຖືກລັອກໄວ້ ${lockMinutes} ນາທີ.`,
        ],
        after: ['ຖ້າບໍ່ແມ່ນທ່ານ, ມີຄົນອື່ນຮູ້ລະຫັດຜ່ານຂອງທ່ານ: ກະລຸນາປ່ຽນລະຫັດຜ່ານທັນທີ ແລະ ແຈ້ງຜູ້ບໍລິຫານຂອງທ່ານ.'],
      },
    },
  );
}

/** A credential was added to the account: whoever did not add it learns at once. */
export function credentialAddedMail(to: string, language: Language, what: 'passkey' | 'authenticator'): Mail {
  const en = what === 'passkey' ? 'A passkey' : 'An authenticator app';
  const lo = what === 'passkey' ? 'ກະແຈຜ່ານ' : 'ແອັບຢືນຢັນຕົວຕົນ';
  return bilingual(
    to,
    language,
    { en: 'A new way to log in to your account', lo: 'ມີວິທີເຂົ້າສູ່ລະບົບໃໝ່ໃນບັນຊີຂອງທ່ານ' },
    {
      en: {
        heading: `${en} was added to your account`,
        paragraphs: [`${en} was just added to your account. It can now be used to log in.`],
        after: [
          'If this was not you, change your password at once (or reset it) and remove what you did not add; an officer also tells their administrator.',
        ],
      },
      lo: {
        heading: `ມີ${lo}ໃໝ່ໃນບັນຊີຂອງທ່ານ`,
        paragraphs: [`ຫາກໍມີການເພີ່ມ${lo}ເຂົ້າໃນບັນຊີຂອງທ່ານ. ຕອນນີ້ສາມາດໃຊ້${lo}ນີ້ເຂົ້າສູ່ລະບົບໄດ້ແລ້ວ.`],
        after: [
          'ຖ້າບໍ່ແມ່ນທ່ານ, ກະລຸນາປ່ຽນລະຫັດຜ່ານທັນທີ (ຫຼື ຕັ້ງລະຫັດຜ່ານໃໝ່) ແລະ ລຶບສິ່ງທີ່ທ່ານບໍ່ໄດ້ເພີ່ມອອກ; ຖ້າທ່ານເປັນເຈົ້າໜ້າທີ່, ກະລຸນາແຈ້ງຜູ້ດູແລລະບົບ.',
        ],
      },
    },
  );
}
