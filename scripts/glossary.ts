/**
 * The glossary's rules, apart from reading files: one Lao word for each product term, the words we
 * do not use, and one English word for each thing. The glossary itself is the table in
 * docs/glossary.md (translators read it; this module reads the same rows).
 */

export interface Term {
  /** English forms that name the term ("revoke, revoked"); empty for a rule of register alone. */
  english: string[];
  /** The one Lao word a translation of the term must contain; '' when there is none. */
  lao: string;
  /** Lao words we do not write (see `forbiddenEverywhere`). */
  notLao: string[];
  /** English words we do not write for this thing. */
  notEnglish: string[];
}

export interface Message {
  /** The English text (the msgid). */
  en: string;
  /** Its Lao translation; '' when checking the English catalogue alone. */
  lo: string;
}

const HEADER = ['English', 'Lao', 'Not in Lao', 'Not in English', 'Why'];
const NONE = /^[—–-]?$/;

/** The rows of the table whose header is `| English | Lao | Not in Lao | Not in English | Why |`. */
export function parseGlossary(markdown: string): Term[] {
  const terms: Term[] = [];
  let inTable = false;
  for (const line of markdown.split('\n')) {
    const cells = line.trim().startsWith('|')
      ? line
          .trim()
          .slice(1, -1)
          .split('|')
          .map((c) => c.trim())
      : null;
    if (!cells) {
      inTable = false;
      continue;
    }
    if (cells.join('|') === HEADER.join('|')) {
      inTable = true;
      continue;
    }
    if (!inTable || cells.every((c) => /^:?-+:?$/.test(c))) continue;
    const list = (cell: string) =>
      NONE.test(cell)
        ? []
        : cell
            .split(',')
            .map((w) => w.replace(/`/g, '').trim().normalize('NFC'))
            .filter(Boolean);
    const lao = list(cells[1]);
    terms.push({ english: list(cells[0]), lao: lao[0] ?? '', notLao: list(cells[2]), notEnglish: list(cells[3]) });
  }
  return terms;
}

/** The words of a message, without ICU placeholders, plural selectors or <0> tags. */
export function messageWords(message: string): string {
  return message
    .replace(/\{[^{}]*,\s*(plural|select|selectordinal)\s*,/g, ' ')
    .replace(/\b(one|other|few|many|two|zero)\s*\{/g, ' ')
    .replace(/=\d+\s*\{/g, ' ')
    .replace(/\{\w+\}/g, ' ')
    .replace(/<\/?\d+>/g, ' ');
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** An English form as a whole word, any case, plural "s" allowed ("certificate" finds "Certificates"). */
const englishForm = (form: string) => new RegExp(`(?<![\\p{L}])${escape(form)}s?(?![\\p{L}])`, 'giu');

/**
 * A word in "Not in Lao" is never written — unless it is (part of) another term's chosen word:
 * ຍົກເລີກ is the word for "cancel", so the "revoke" row forbids it only where the English says revoke.
 */
function forbiddenEverywhere(word: string, owner: Term, terms: Term[]): boolean {
  return !terms.some((t) => t !== owner && t.lao && t.lao.includes(word));
}

/**
 * Which terms an English text names. Longer forms win: where "resident certificate" is found,
 * "certificate" is not looked for again, and "date of birth" hides "date".
 */
export function termsIn(english: string, terms: Term[]): Term[] {
  let text = messageWords(english);
  const forms = terms
    .flatMap((term) => term.english.map((form) => ({ term, form })))
    .sort((a, b) => b.form.length - a.form.length);
  const found = new Set<Term>();
  for (const { term, form } of forms) {
    text = text.replace(englishForm(form), (m) => {
      found.add(term);
      return ' '.repeat(m.length);
    });
  }
  return terms.filter((t) => found.has(t));
}

/** A word joiner keeps a Lao compound on one line (ຄຳ\u2060ຮ້ອງ); the words are the same without it. */
const laoWords = (lao: string) => lao.normalize('NFC').replace(/\u2060/g, '');

/** Every way a message breaks the glossary, as readable lines; [] when it keeps it. */
export function glossaryProblems(message: Message, terms: Term[]): string[] {
  const problems: string[] = [];
  const lo = laoWords(message.lo);
  const named = termsIn(message.en, terms);
  for (const term of terms) {
    for (const variant of term.notEnglish)
      if (englishForm(variant).test(messageWords(message.en)))
        problems.push(`"${message.en}" says "${variant}": the glossary's English is "${term.english[0]}"`);
    if (!lo) continue;
    for (const word of term.notLao) {
      if (!lo.includes(word)) continue;
      // A word the message needs for another of its terms is that term's, not this one's variant.
      if (named.some((t) => t !== term && t.lao.includes(word))) continue;
      if (forbiddenEverywhere(word, term, terms) || named.includes(term))
        problems.push(
          `lo.po: "${message.en}" writes ${word}` +
            (term.lao
              ? `; the glossary's word${term.english.length ? ` for "${term.english[0]}"` : ''} is ${term.lao}`
              : ''),
        );
    }
    if (term.lao && named.includes(term) && !lo.includes(term.lao))
      problems.push(`lo.po: "${message.en}" names "${term.english[0]}" without the glossary's word ${term.lao}`);
  }
  return problems;
}

/** Lao text outside the catalogues (mails, the certificate PDF): only the words never written. */
export function forbiddenLaoWords(lao: string, terms: Term[]): string[] {
  const text = laoWords(lao);
  return terms.flatMap((term) =>
    term.notLao.filter((word) => text.includes(word) && forbiddenEverywhere(word, term, terms)),
  );
}
