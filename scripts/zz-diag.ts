import { readFileSync } from 'node:fs';
import { parseLaoLexicon } from '../src/features/registration/ocr/lao-lexicon';
import { writtenLikeLao } from '../src/features/registration/ocr/field-values';
import { nameByContent } from '../src/features/registration/ocr/name-by-content';
import { latinDistance } from '../src/features/registration/ocr/latin-match';
const lexicon = parseLaoLexicon(readFileSync('src/features/registration/ocr/lao-lexicon.txt', 'utf8'));
const d = JSON.parse(readFileSync('/tmp/prof/rec-m2.json', 'utf8'));
for (const c of d) {
  for (const field of ['firstNameLao', 'lastNameLao']) {
    const rs = c.readings[field];
    if (!rs) continue;
    const crops = rs.filter((r: any) => r.confidence > 0 || rs.indexOf(r) < 3).slice(0, 3);
    const whole = rs.slice(3);
    const dec = nameByContent(crops, whole, c.latinName, lexicon);
    const noLatin = nameByContent(crops, whole, undefined, lexicon);
    console.log(c.card.file, field, c.card[field], JSON.stringify(dec), 'noLatin', noLatin.sure, 'dist', latinDistance(c.card[field], c.latinName), 'known', writtenLikeLao(c.card[field], lexicon));
  }
}
