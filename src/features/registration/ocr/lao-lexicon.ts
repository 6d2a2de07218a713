/**
 * Which Lao syllables, and which pairs of syllables in a row, Lao writing has — and how often —
 * out of Tesseract's own Lao word list (the word list inside the Lao model we ship; how the file
 * is made: scripts/make-lao-lexicon.ts, where it comes from: lao-lexicon.SOURCE.md).
 *
 * The file (lao-lexicon.txt) is served with the reader's other files (/tesseract/<version>/) and
 * downloaded with them, so it costs nothing to a visit that reads no card. Its text:
 *
 *   lao-lexicon 1
 *   s <k> <syllable> <syllable> …     one line per frequency class: the syllables seen in about
 *                                       2^(k/2) words of the list (k ≥ 1)
 *   p <bits> <hashes> <base64>        a Bloom filter of the pairs of syllables seen in a row
 *
 * Pure but for `loadLaoLexicon`.
 */
import { laoSyllables } from './lao-syllables';
import { loadReaderAssets } from './reader-assets';

export interface LaoLexicon {
  /** In about how many words of the list the syllable appears; 0 when never (or too rarely to keep). */
  syllable(syllable: string): number;
  /** Whether the two syllables were seen in a row (a Bloom filter: rarely a false yes, never a false no). */
  pair(first: string, second: string): boolean;
}

/** 32-bit FNV-1a of the text's UTF-16 code units, with another seed for the second hash. */
function fnv(text: string, seed: number): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** The bit positions of one pair in a filter of `bits` bits with `hashes` hashes. */
export function pairBits(first: string, second: string, bits: number, hashes: number): number[] {
  const key = `${first}|${second}`;
  const a = fnv(key, 0x811c9dc5);
  const b = fnv(key, 0x9747b28c) | 1;
  return Array.from({ length: hashes }, (_, i) => ((a + Math.imul(i, b)) >>> 0) % bits);
}

/** The frequency class of a count, as the file writes it: round(2·log2(count)). */
export const frequencyClass = (count: number) => Math.max(1, Math.round(2 * Math.log2(count)));

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

export function parseLaoLexicon(text: string): LaoLexicon {
  const counts = new Map<string, number>();
  let filter: { bits: number; hashes: number; data: Uint8Array } | undefined;
  for (const line of text.split('\n')) {
    const [kind, ...rest] = line.trim().split(' ');
    if (kind === 's') {
      const count = Math.round(2 ** (Number(rest[0]) / 2));
      for (const syllable of rest.slice(1)) if (syllable) counts.set(syllable, count);
    } else if (kind === 'p') {
      filter = { bits: Number(rest[0]), hashes: Number(rest[1]), data: fromBase64(rest[2] ?? '') };
    }
  }
  return {
    syllable: (s) => counts.get(s) ?? 0,
    pair: (first, second) => {
      if (!filter) return false;
      const { bits, hashes, data } = filter;
      return pairBits(first, second, bits, hashes).every((bit) => ((data[bit >> 3] ?? 0) >> (bit & 7)) & 1);
    },
  };
}

/** The file's text out of syllable and pair counts (scripts/make-lao-lexicon.ts). */
export function formatLaoLexicon(syllables: Map<string, number>, pairs: [string, string][], bitsPerPair = 10): string {
  const classes = new Map<number, string[]>();
  for (const [syllable, count] of syllables) {
    const k = frequencyClass(count);
    classes.set(k, [...(classes.get(k) ?? []), syllable]);
  }
  const lines = ['lao-lexicon 1'];
  for (const k of [...classes.keys()].sort((a, b) => b - a)) lines.push(`s ${k} ${classes.get(k)!.sort().join(' ')}`);
  if (pairs.length) {
    const bits = Math.ceil((pairs.length * bitsPerPair) / 8) * 8;
    const hashes = Math.max(1, Math.round(bitsPerPair * Math.LN2));
    const data = new Uint8Array(bits / 8);
    for (const [a, b] of pairs) for (const bit of pairBits(a, b, bits, hashes)) data[bit >> 3]! |= 1 << (bit & 7);
    let binary = '';
    for (const byte of data) binary += String.fromCharCode(byte);
    lines.push(`p ${bits} ${hashes} ${btoa(binary)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The syllables of a name, word by word. */
export const nameSyllables = (name: string): string[][] => name.split(' ').filter(Boolean).map(laoSyllables);

let loading: Promise<LaoLexicon | undefined> | undefined;

/**
 * The lexicon, fetched once from the reader's files (the service worker keeps it). Without it
 * (not downloaded, offline before the first reading) names are chosen without: undefined.
 */
export function loadLaoLexicon(): Promise<LaoLexicon | undefined> {
  loading ??= (async () => {
    const response = await fetch((await loadReaderAssets()).lexicon);
    if (!response.ok) throw new Error(`lexicon: HTTP ${response.status}`);
    return parseLaoLexicon(await response.text());
  })().catch(() => {
    loading = undefined;
    return undefined;
  });
  return loading;
}
