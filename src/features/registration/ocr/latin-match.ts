/**
 * How well a Lao name agrees with the Latin spelling printed under it on the card.
 *
 * Lao cards print the holder's name twice: in Lao, and in capitals in the French-based
 * transcription used for Lao names (ສົມສັກ SOMSAK, ບຸນມີ BOUNMY, ຈັນ CHANH). The recogniser reads
 * the Latin line reliably, but confuses Lao letters of similar shape (ບ/ປ, ຈ/ວ, ລ/ຄ, a dropped ຸ).
 * When readings of the Lao name disagree, the one whose transcription is closest to the Latin
 * line is the likelier: the Latin line then acts as a second, independent reading of the letters.
 * Marks that the transcription does not show (tones, ຸ/ູ, ິ/ີ) cannot be told apart this way.
 * Pure functions.
 */
import type { IdCardFields } from './extract-id-card';

type LaoNameField = 'firstNameLao' | 'lastNameLao';

const CONSONANT: Record<string, string> = {
  ກ: 'k',
  ຂ: 'kh',
  ຄ: 'kh',
  ງ: 'ng',
  ຈ: 'ch',
  ສ: 's',
  ຊ: 's',
  ຍ: 'y',
  ດ: 'd',
  ຕ: 't',
  ຖ: 'th',
  ທ: 'th',
  ນ: 'n',
  ບ: 'b',
  ປ: 'p',
  ຜ: 'ph',
  ຝ: 'f',
  ພ: 'ph',
  ຟ: 'f',
  ມ: 'm',
  ຢ: 'y',
  ຣ: 'r',
  ລ: 'l',
  ວ: 'v',
  ຫ: 'h',
  ອ: 'o',
  ຮ: 'h',
  ໜ: 'n',
  ໝ: 'm',
};
const VOWEL: Record<string, string> = {
  ະ: 'a',
  າ: 'a',
  'ັ': 'a',
  ຳ: 'am',
  'ໍ': 'o',
  'ິ': 'i',
  'ີ': 'i',
  'ຶ': 'eu',
  'ື': 'eu',
  'ຸ': 'ou',
  'ູ': 'ou',
  'ົ': 'o',
  ຽ: 'ia',
  'ຼ': 'l',
};
const LEADING: Record<string, string> = { ເ: 'e', ແ: 'e', ໂ: 'o', ໄ: 'ai', ໃ: 'ai' };
/** ຫ is not pronounced before these: it only changes the tone (ຫວ, ຫລ, ຫງ …). */
const SONORANT = /[ງຍນມລວຼ]/u;
const DEPENDENT = /[ະັາຳິີຶືຸູົໍຽ]/u;
const TONE = /[່-໋]/u;
/** After a vowel sign or a tone mark a consonant closes the syllable, and b, d are said p, t. */
const FINAL = /[ັິີຶືຸູົາ່-໋]/u;
const FINAL_SOUND: Record<string, string> = { ບ: 'p', ດ: 't', ວ: 'o' };

/** A rough Latin transcription of a Lao word (enough to compare candidates, not to print). */
export function romanise(lao: string): string {
  let out = '';
  let pending = '';
  let afterLeading = false;
  let inAo = false;
  const chars = [...lao];
  chars.forEach((c, i) => {
    // Tone marks are not said as letters, nor do they part a vowel (ເລື່ອນ, ສ່ວນ): skipped, but
    // a letter after one closes the syllable.
    if (TONE.test(c)) return;
    const before = chars[i - 1] ?? '';
    const previous =
      chars
        .slice(0, i)
        .reverse()
        .find((p) => !TONE.test(p)) ?? '';
    const next = chars[i + 1] ?? '';
    // A letter before ອ and a consonant opens a syllable whose vowel is that ອ (ດາວ-ວອນ, ມະນີ-ວອນ): it
    // is neither a final nor the vowel ua.
    const beforeMedialO = next === 'ອ' && CONSONANT[chars[i + 2] ?? ''] !== undefined;
    if (LEADING[c] !== undefined) {
      // Written before the consonant, said after it.
      pending += LEADING[c];
      return;
    }
    if (CONSONANT[c] !== undefined) {
      const silentH = c === 'ຫ' && SONORANT.test(next);
      if (c === 'ອ' && (DEPENDENT.test(next) || !previous || previous === ' '))
        out += ''; // a vowel's carrier
      else if (c === 'ອ' && /[ຶື]/u.test(previous))
        out += 'a'; // ເ-ືອ
      // ວ after a letter is the vowel ua (ດວງ), but closes a syllable opened by ເ ແ ໂ (ແກວ, ເລວ).
      else if (
        c === 'ວ' &&
        !afterLeading &&
        !beforeMedialO &&
        (CONSONANT[previous] !== undefined || previous === 'ົ' || previous === 'ຼ') &&
        !DEPENDENT.test(next)
      )
        out += 'ua';
      else if (!silentH)
        out +=
          (FINAL.test(before) || afterLeading) && !DEPENDENT.test(next) && !TONE.test(next) && !beforeMedialO
            ? (FINAL_SOUND[c] ?? CONSONANT[c])
            : CONSONANT[c];
      if (pending && !silentH) {
        out += pending;
        pending = '';
        afterLeading = true;
        return;
      }
      afterLeading = false;
      return;
    }
    // ຼ ends the letter (ຫຼ is an l): a leading vowel is said after it.
    if (c === 'ຼ' && pending) {
      out += `l${pending}`;
      pending = '';
      afterLeading = true;
      return;
    }
    // ເ-ີ, ເ-ິ is the vowel eu (ເຫຼີມ SALEUM).
    if (/[ິີ]/u.test(c) && afterLeading && out.endsWith('e')) {
      out += 'u';
      afterLeading = false;
      return;
    }
    // ເ-ົາ is the vowel ao (ເພົາ PHAO, ເກົ່າ KAO): its ົ and າ say nothing of their own.
    if (c === 'ົ' && afterLeading && out.endsWith('e') && chars.slice(i + 1).find((n) => !TONE.test(n)) === 'າ') {
      out = `${out.slice(0, -1)}ao`;
      inAo = true;
      return;
    }
    if (c === 'າ' && inAo) {
      inAo = false;
      afterLeading = false;
      return;
    }
    // ເ-ັ is a short e: the ັ adds no vowel of its own.
    if (!(c === 'ັ' && afterLeading)) out += VOWEL[c] ?? (c === ' ' ? ' ' : '');
    afterLeading = false;
  });
  return out + pending;
}

/** Spelling variants of the transcription folded together (NH/N or Y, X/S, J/CH, Y/I, OU/U, CK/K, doubled letters …). */
export function foldLatin(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z ]/g, '')
      // R is no Lao sound but romanised names keep it: OR for the vowel ໍ (NORKEO ໜໍ່ແກ້ວ), R after
      // a consonant for the cluster Lao dropped from a Pali or Sanskrit word (PRASEUTH ປະເສີດ), and
      // R for the ລ (or ຣ) such words are written with (VORACHITH ວໍລະຈິດ, NORASING ນໍລະສິງ).
      .replace(/or(?![aeiou])/g, 'o')
      .replace(/([bcdfghkpt])r(?=[aeiou])/g, '$1')
      .replace(/r/g, 'l')
      .replace(/x/g, 's')
      .replace(/j/g, 'ch')
      .replace(/w/g, 'v')
      .replace(/gn/g, 'y')
      // NH before a vowel is ຍ opening a syllable (BOUNNHANG ບຸນຍັງ); at the end, a plain N (VANH).
      .replace(/nh(?=[aeiouy])/g, 'y')
      .replace(/nh/g, 'n')
      // OU is ຸ or ູ — but not the O ending KEO (ແກ້ວ) before a U of the next syllable (KEOUDOM).
      .replace(/(?<!e)ou/g, 'u')
      // ຽ is IA or IE (ວຽງ VIENG, ທຽນ THIANE).
      .replace(/ie/g, 'ia')
      .replace(/ae/g, 'e')
      .replace(/y/g, 'i')
      .replace(/([bcdfghklmnprstv])e\b/g, '$1')
      // A final ດ is said t and written TH, T or D (SOMBATH, BOUNLOT), as a final ບ is P or B.
      .replace(/(th|d)\b/g, 't')
      .replace(/b\b/g, 'p')
      // A final ກ is K or CK (SOMSACK, SOULISACK).
      .replace(/ck/g, 'k')
      // A syllable ending ອນ is ON or ONE, inside a name too (PHONESAVANH, SONEXAY).
      .replace(/one(?=[bcdfghklmnpqrstvxz])/g, 'on')
      .replace(/(.)\1+/g, '$1')
  );
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

/** The words of a Latin name line that can spell a name (a lone letter cannot). */
export const latinWordsOf = (latinName: string) => latinName.split(/\s+/).filter((w) => foldLatin(w).length > 1);

/**
 * How far a Lao name is from the nearest word of the Latin name line (0 = the same letters).
 * Infinity when there is no Latin line to compare with.
 */
export function latinDistance(lao: string, latinName: string | undefined): number {
  const words = latinWordsOf(latinName ?? '').map(foldLatin);
  if (!words.length) return Infinity;
  const mine = foldLatin(romanise(lao)).replace(/ /g, '');
  return Math.min(...words.map((w) => editDistance(mine, w)));
}

/**
 * How far a sure name may romanise from the nearest word of the card's Latin line: the first card
 * maker's 440 names are at 0 (436), 1 or 2 from theirs (latinDistance); a reading further off names
 * someone else.
 */
export const LATIN_DISTANCE_MAX = 2;

/**
 * Sure of a Lao name means something besides the Lao recogniser says it: the card's Latin line,
 * read by the English model from other letters, spells it (within LATIN_DISTANCE_MAX). Without
 * such a line, whatever else made the name sure — its readings at every size alike and sure, its
 * syllables in the lexicon (made from the word list the recogniser itself decodes with), a black
 * and white look saying it — is that one recogniser's, and can be wrong all alike. So a name filled
 * without the "unclear" mark that no Latin line spells is given the mark, for the citizen to check.
 * (A passport's names are spelt by its MRZ: read-passport.ts.) Which names were marked.
 */
export function markUnspeltNames(fields: IdCardFields, latinLine: string | undefined): LaoNameField[] {
  const marked: LaoNameField[] = [];
  for (const field of ['firstNameLao', 'lastNameLao'] as const) {
    const filled = fields[field];
    if (filled?.confidence !== 'ok' || latinDistance(filled.value, latinLine) <= LATIN_DISTANCE_MAX) continue;
    fields[field] = { ...filled, confidence: 'check' };
    marked.push(field);
  }
  return marked;
}

/**
 * The Latin line spells each of the two names by a word of its own, and neither by the other's:
 * then, with one name's field placed by a label read, the other name is the other field.
 */
export function spelledApart(name: string, otherName: string, latinName: string): boolean {
  const words = latinWordsOf(latinName);
  if (words.length !== 2) return false;
  const near = (lao: string, word: string) => latinDistance(lao, word) <= LATIN_DISTANCE_MAX;
  const [a, b] = words as [string, string];
  return (
    (near(name, a) && near(otherName, b) && !near(name, b) && !near(otherName, a)) ||
    (near(name, b) && near(otherName, a) && !near(name, a) && !near(otherName, b))
  );
}

/** The word of the Latin name line a Lao word transcribes closest to (undefined without a line). */
export function nearestLatinWord(lao: string, latinName: string): string | undefined {
  const words = latinWordsOf(latinName);
  const distance = (word: string) => latinDistance(lao, word);
  return words.sort((a, b) => distance(a) - distance(b))[0];
}

/**
 * Spellings Lao writing never has: ໍ before a final consonant, ແ, ໂ, ໄ, ໃ with a vowel sign above or below the letter (ແ-ົ,
 * ໄ-ິ), the tones ໊ ໋ on a letter other than the mid-class ones, a mark on no letter.
 */
export function impossibleSpelling(name: string): boolean {
  // ໍ (not the ໍ of ຳ) spells an open syllable: no final consonant after it (ວໍງ is ວົງ misread).
  if (/\u0ecd[\u0ec8-\u0ecb]?[ກ-ຮ](?=$|\s|[ເແໂໃໄ])/u.test(name)) return true;
  return /[ແໂໄໃ][ກ-ຮໜໝ][ຼ]?[ິີຶືຸູົ]|[ໂໄໃ][ກ-ຮໜໝ][ຼ]?ັ|(?<![ກຈດຕບປຢອ][ັິີຶືຸູົ]?)[໊໋]|(?:^|\s)[່-໋ັິີຶືຸູົ]/u.test(name);
}

/**
 * Shapes the recogniser's Lao model confuses, as it reads them. The model has no ໝ or ໜ at all (it
 * writes ຫມ / ຫນ) and reads the one-piece ໝ / ໜ of print as two letters (ບນ, ປນ, ນນ, ຖນ, ຫພ) or as
 * one (ຫ, ນ). In the loopless typefaces (Noto Sans Lao) ຈ looks like ວ or ຽ, ໍ like ໊ or ີ, ບ like ປ
 * or ຜ, ລ like ຄ or ດ, ັ like ົ or ື, the ໍ of ຳ like ້; a ຸ under a letter (ໜ and ໝ too) and a
 * leading vowel (ເ ແ ໂ ໄ) before the first one are easily lost.
 * Only used where the Latin line can tell the look-alikes apart (latinDistance).
 */
const CONFUSED: [RegExp, string[]][] = [
  [/^(?=[ກ-ຮ][ັ])/gu, ['ເ']],
  // Any leading vowel, at the start of the line, where the crop's edge may take it.
  [/^(?=[ກ-ຮໜໝ])/gu, ['ເ', 'ແ', 'ໂ', 'ໄ']],
  [/ົ/gu, ['ັ']],
  [/ື/gu, ['ັ']],
  [/ໜ/gu, ['ໝ']],
  [/[ບປນຖຫ]?[ນພ](?=[ອາໍະເແໂໄໃ]|[ັິີຶືຸູົ])|ຫ(?![ງຍນມລວຼ])/gu, ['ໝ', 'ໜ']],
  [/[໊້ີິ]າ/gu, ['ຳ']],
  [/[ວຽ]/gu, ['ຈ']],
  [/[ປຜ]/gu, ['ບ']],
  [/ບ/gu, ['ປ']],
  [/[ຄດ]/gu, ['ລ']],
  [/ລ/gu, ['ຄ', 'ດ']],
  [/ອ/gu, ['ສ']],
  [/ສ/gu, ['ອ']],
  [/[ກ-ຮໜໝ](?![ັິີຶືຸູົຼ])/gu, ['$&ຸ']],
];

/** The name with one (or, with `depth` 2, two) confusable shapes read as their look-alikes, every way. */
export function lookAlikes(name: string, depth = 1): string[] {
  const first = lookAlikesOnce(name);
  if (depth < 2) return first;
  return [...new Set([...first, ...first.flatMap(lookAlikesOnce)])].filter((n) => n !== name);
}

function lookAlikesOnce(name: string): string[] {
  const out = new Set<string>();
  for (const [pattern, replacements] of CONFUSED) {
    for (const match of name.matchAll(pattern)) {
      for (const replacement of replacements) {
        const text = replacement.replace('$&', match[0]);
        out.add(name.slice(0, match.index) + text + name.slice(match.index + match[0].length));
      }
    }
  }
  out.delete(name);
  return [...out];
}

/**
 * Letters and marks the Latin line cannot tell apart (they transcribe the same) and that look
 * alike in print: which one it is only the Lao spelling can tell (lao-lexicon.ts).
 */
const SAME_IN_LATIN: [string, string][] = [
  ['ຸ', 'ູ'],
  ['ິ', 'ີ'],
  ['ຶ', 'ື'],
  ['ໄ', 'ໃ'],
  ['ຍ', 'ຢ'],
  ['ໜ', 'ນ'],
  ['ສ', 'ຊ'],
  ['ຂ', 'ຄ'],
  ['ທ', 'ຖ'],
  ['ພ', 'ຜ'],
  ['ຟ', 'ຝ'],
  ['ຮ', 'ຫ'],
];
/**
 * Both ways, but for ໜ: the model reads the one-piece ໜ as ນ (its ຫ part lost), never a ນ as ໜ or
 * ຫ, so a ໜ that came from a reading of ຫ stays ໜ.
 */
const SWAP = new Map(
  SAME_IN_LATIN.flatMap(([a, b]): [string, string][] => [
    [a, b],
    [b, a],
  ]).filter(([from]) => from !== 'ໜ'),
);
const TONES = ['່', '້', '໊', '໋'];
/** Where a syllable's tone mark goes: after its first letter (and ຼ, and a vowel sign above or below). */
const TONE_PLACE = /^([ເແໂໄໃ]?(?:ຫ[ງຍນມລວຣ]|[ກ-ຮໜໝ])ຼ?[ັິີຶືຸູົໍ]?)(?![່-໋])/u;

/**
 * A syllable with one thing the Latin line cannot see changed: a look-alike of the same sound
 * (ຸ/ູ, ໄ/ໃ, ຍ/ຢ, ໜ/ນ …), a tone mark added, dropped or swapped.
 */
export function latinNeutralVariants(syllable: string): string[] {
  const out = new Set<string>();
  const chars = [...syllable];
  // Consonants are swapped as the syllable's first letter only (ໜ, ຢ are never final).
  const initial = /[ເແໂໄໃ]/u.test(chars[0] ?? '') ? 1 : 0;
  chars.forEach((c, i) => {
    const swap = SWAP.get(c);
    const silentH = c === 'ຫ' && SONORANT.test(chars[i + 1] ?? '');
    if (swap && !silentH && (i === initial || !/[ກ-ຮໜໝ]/u.test(c)))
      out.add([...chars.slice(0, i), swap, ...chars.slice(i + 1)].join(''));
    if (TONES.includes(c)) {
      out.add([...chars.slice(0, i), ...chars.slice(i + 1)].join(''));
      for (const tone of TONES) if (tone !== c) out.add([...chars.slice(0, i), tone, ...chars.slice(i + 1)].join(''));
    }
  });
  const place = TONE_PLACE.exec(syllable);
  if (place) for (const tone of TONES) out.add(place[1] + tone + syllable.slice(place[1]!.length));
  out.delete(syllable);
  return [...out];
}
