/**
 * Lao words cut into syllables, by the shape of the writing alone (no dictionary). Pure.
 *
 * A consonant starts a syllable when a vowel sign, a tone mark or a following vowel (ະ າ ຳ ຽ, or
 * ອ / ວ / ຍ read as a vowel) belongs to it, when a leading vowel (ເ ແ ໂ ໄ ໃ) stands before it, or
 * when it opens the word; the leading vowel, when there is one, starts the syllable instead. Any
 * other consonant closes the syllable before it. A lone bare consonant is never a syllable: it is
 * the first letter of a cluster (ຫນ, ຫລ, ກວ, ຄວ …) and stays with what follows. The cut need not
 * be the one a linguist would make, only the same each time: the syllable set (lao-lexicon.ts) is
 * made with this very function.
 */

/** A Lao consonant, ໜ and ໝ included. */
export const CONSONANT = /[\u0e81-\u0eae\u0edc-\u0edf]/u;
const LEADING = /[\u0ec0-\u0ec4]/u;
/** Signs written above or below a letter, and tone marks: they belong to the letter before them. */
const ON_LETTER = /[\u0eb1\u0eb4-\u0ebb\u0ec8-\u0ecd]/u;
/** Vowels written after the letter they follow. */
const FOLLOWING = /[\u0eb0\u0eb2\u0eb3\u0ebd]/u;
/** Letters that are also vowels (ອ in ພອນ, ວ in ດວງ, ຍ in ເມຍ): a letter before them is an initial. */
const VOWEL_LETTER = /[\u0ead\u0ea7\u0e8d]/u;

/** A letter with a tone mark and no vowel yet (ນ້ in ນ້ອຍ). */
const TONED_LETTER =
  /^(?:\u0eab[\u0e87\u0e8d\u0e99\u0ea1\u0ea5\u0ea7\u0ea3]|[\u0e81-\u0eae\u0edc-\u0edf])\u0ebc?[\u0ec8-\u0ecb]$/u;
const SONORANT = /[\u0e87\u0e8d\u0e99\u0ea1\u0ea5\u0ea7\u0ea3]/u;

/** Whether the consonant at `i` takes a vowel or a mark of its own, so opens a syllable. */
function carriesVowel(chars: string[], i: number): boolean {
  let j = i + 1;
  if (chars[j] === '\u0ebc') j += 1; // ຼ: part of the letter
  const next = chars[j] ?? '';
  if (ON_LETTER.test(next) || FOLLOWING.test(next)) return true;
  // A vowel letter after it, when that letter does not itself take a vowel (then it is an initial).
  if (VOWEL_LETTER.test(next) && !carriesVowel(chars, j)) return true;
  return false;
}

/** The syllables of one word (no spaces), in order; joined they give the word back. */
export function laoSyllables(word: string): string[] {
  const chars = [...word];
  const out: string[] = [];
  let current = '';
  chars.forEach((c, i) => {
    let starts = false;
    if (LEADING.test(c)) starts = true;
    else if (CONSONANT.test(c)) {
      const previous = chars[i - 1] ?? '';
      starts =
        !LEADING.test(previous) &&
        carriesVowel(chars, i) &&
        // ອ, ວ, ຍ after a letter (and its tone) that has no vowel yet is that vowel (ນ້ອຍ, ສ່ວນ).
        !(VOWEL_LETTER.test(c) && TONED_LETTER.test(current));
      // ຫ before ງ ຍ ນ ມ ລ ວ ຣ only gives the tone: it goes with the letter (ສະ|ຫວັນ).
      if (starts && previous === '\u0eab' && SONORANT.test(c) && current.length > 1 && current.endsWith(previous)) {
        out.push(current.slice(0, -1));
        current = previous;
        starts = false;
      }
    }
    // A syllable so far made of one bare consonant is the head of a cluster: it goes on.
    const bare = current.length === 1 && CONSONANT.test(current);
    if (starts && current && !bare) {
      out.push(current);
      current = '';
    }
    current += c;
  });
  if (current) out.push(current);
  return out;
}
