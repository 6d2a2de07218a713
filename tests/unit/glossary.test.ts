import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { forbiddenLaoWords, glossaryProblems, parseGlossary, termsIn } from '../../scripts/glossary';

const TABLE = `
| English | Lao | Not in Lao | Not in English | Why |
| --- | --- | --- | --- | --- |
| resident certificate | ໃບຢັ້ງຢືນທີ່ຢູ່ | ໃບຢັ້ງຢືນທີ່ຢູ່ອາໄສ | certificate of residence | one name |
| certificate | ໃບຢັ້ງຢືນ | — | — | short |
| revoke, revoked | ເພີກຖອນ | ຍົກເລີກ | — | not the Cancel button |
| cancel | ຍົກເລີກ | — | — | buttons |
| pick-up | ມາຮັບ | — | pickup | one spelling |
| — | — | ມັນ | — | register |
`;
const terms = parseGlossary(TABLE);

describe('the glossary check', () => {
  it('reads the rows of the table', () => {
    expect(terms).toHaveLength(6);
    expect(terms[2]).toEqual({ english: ['revoke', 'revoked'], lao: 'ເພີກຖອນ', notLao: ['ຍົກເລີກ'], notEnglish: [] });
    expect(terms[5]).toEqual({ english: [], lao: '', notLao: ['ມັນ'], notEnglish: [] });
  });

  it('passes a message that uses the chosen words', () => {
    expect(glossaryProblems({ en: 'Revoke certificate', lo: 'ເພີກຖອນໃບຢັ້ງຢືນ' }, terms)).toEqual([]);
    expect(glossaryProblems({ en: 'Cancel', lo: 'ຍົກເລີກ' }, terms)).toEqual([]);
  });

  it('reads a word joined across a line break as the word (ໃບຢັ້ງ + word joiner + ຢືນ)', () => {
    expect(glossaryProblems({ en: 'Revoke certificate', lo: 'ເພີກຖອນໃບຢັ້ງ\u2060ຢືນ' }, terms)).toEqual([]);
    expect(forbiddenLaoWords('ມັ\u2060ນ', terms)).toEqual(['ມັນ']);
  });

  it('fails a message with a forbidden variant', () => {
    expect(glossaryProblems({ en: 'New resident certificate', lo: 'ໃບຢັ້ງຢືນທີ່ຢູ່ອາໄສໃໝ່' }, terms)).toEqual([
      'lo.po: "New resident certificate" writes ໃບຢັ້ງຢືນທີ່ຢູ່ອາໄສ; the glossary\'s word for "resident certificate" is ໃບຢັ້ງຢືນທີ່ຢູ່',
    ]);
    expect(glossaryProblems({ en: 'It is ready', lo: 'ມັນພ້ອມແລ້ວ' }, terms)).toEqual(['lo.po: "It is ready" writes ມັນ']);
  });

  it('fails a term rendered in another word, and a word that is another term’s only where this term is named', () => {
    const problems = glossaryProblems({ en: 'This certificate was revoked', lo: 'ໃບຢັ້ງຢືນນີ້ຖືກຍົກເລີກແລ້ວ' }, terms);
    expect(problems).toContain(
      'lo.po: "This certificate was revoked" names "revoke" without the glossary\'s word ເພີກຖອນ',
    );
    expect(problems.some((p) => p.includes('writes ຍົກເລີກ'))).toBe(true);
  });

  it('fails an English variant', () => {
    expect(glossaryProblems({ en: 'Pickup confirmed', lo: '' }, terms)).toEqual([
      '"Pickup confirmed" says "pickup": the glossary\'s English is "pick-up"',
    ]);
  });

  it('lets the longer term win and ignores placeholders and tags', () => {
    expect(termsIn('Apply for a resident certificate', terms).map((t) => t.english[0])).toEqual([
      'resident certificate',
    ]);
    expect(termsIn('Certificates of <0>{cancel}</0>', terms).map((t) => t.english[0])).toEqual(['certificate']);
  });

  it('finds in server text only the words never written', () => {
    expect(forbiddenLaoWords('ມັນຖືກຍົກເລີກ', terms)).toEqual(['ມັນ']);
  });

  it('reads the project glossary, and the project catalogue keeps it', () => {
    const project = parseGlossary(fs.readFileSync('docs/glossary.md', 'utf8'));
    expect(project.length).toBeGreaterThan(30);
    expect(project.find((t) => t.english.includes('revoke'))?.lao).toBe('ເພີກຖອນ');
  });
});
