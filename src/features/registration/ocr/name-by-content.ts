/**
 * Whether a Lao name found by the card's lines (not by the classic layout's labels) is sure enough
 * to fill: the crops' readings at three sizes and the whole card's reading, weighed against the
 * Latin line where the card has one and the Lao syllables where it has not. Unsure means empty: the
 * citizen types the name. Sure without a Latin line is the Lao recogniser's word alone: the reader
 * fills such a name with the "unclear" mark (latin-match.ts, markUnspeltNames). Pure: the
 * benchmark's records can be decided again without reading.
 */
import { laoNameFrom, laoNameOf, writtenLikeLao, type NameReading } from './field-values';
import { nameSyllables, type LaoLexicon } from './lao-lexicon';
import { impossibleSpelling, latinDistance, latinNeutralVariants } from './latin-match';
import { hoLetterMargins, hoLettersRated, twinMarkMargins, twinMarkOf } from './symbol-choices';

/** How sure the recogniser (0–100) must be of the name's words. */
const NAME_CONFIDENCE = {
  /** A reading this sure vouches for the name, with others agreeing… */
  sure: 92,
  /** …and one below this puts it in doubt. */
  doubtful: 50,
  /** With the whole card's reading agreeing as well, these are enough (Lao words with marks score low). */
  agreed: 75,
  agreedDoubtful: 30,
  /** Two crops' readings this sure, with every reading alike, are enough whatever the third's score. */
  twiceSure: 95,
  /**
   * Where the Latin line cannot tell two readings apart: the three crops alike, each this sure,
   * outvote the small whole-card reading (ວີໄລວັນ against ວິໄລວັນ read at 94–96; on the development
   * cards the crops so agreeing were right 7 times in 8, the one time wrong at 75–89); three readings
   * alike, one crop of them this sure, outvote the fourth (mostly a tone mark a speck made: ສີ່ພັນດອນ;
   * the three were right 31 times in 32, the one time wrong at 68).
   */
  cropsOutvote: 90,
  /**
   * Every reading alike, one crop this sure, with the marks told (latinBlindTold), is enough too
   * (from 80 down, a lost tone mark every reading shared was filled: ຢາທໍຕູ້).
   */
  alike: 88,
  /**
   * Read alike but not sure (NameDecision.alike): the surest crop saying the name at least this
   * sure. The second card maker's light and condensed faces, crossed by security lines, are read
   * alike at every size at 40–85, where the rules above want 88–95.
   */
  readAlike: 40,
};

/**
 * What the Latin line cannot show (docs/ocr-model.md): ິ from ີ, ຸ from ູ, ຶ from ື, nor a tone mark.
 * Where Lao writes the other spelling too, the line confirms nothing there, and a mark every
 * reading got wrong the same way (ຄຸນ for ຄູນ on Phetsarath OT, ເລືອນ for ເລື່ອນ) would be filled:
 * - a mark whose twin's syllable Lao writes at least a fifth as often is taken only where every
 *   crop read with the name's marks rated it at least 30 above its twin (one crop at least);
 * - a syllable read without a tone mark is not taken where Lao writes it with one 4 times as often.
 * On the development cards: the 6 names filled wrong this way stopped, 14 of 1,740 filled right
 * left to type.
 */
const LATIN_BLIND = { twinShare: 0.2, margin: 30, toneOdds: 4 };
const TONE_MARK = /[່-໋]/gu;

function latinBlindTold(name: string, crops: NameReading[], lexicon: LaoLexicon): boolean {
  const margins = crops
    .map((crop) => twinMarkMargins(name, (crop.choices ?? []).flat()))
    .filter((m) => m !== undefined);
  let mark = 0;
  for (const syllable of nameSyllables(name).flat()) {
    const count = Math.max(1, lexicon.syllable(syllable));
    for (const c of syllable) {
      const twin = twinMarkOf(c);
      if (!twin) continue;
      const at = mark++;
      if (lexicon.syllable(syllable.replace(c, twin)) < LATIN_BLIND.twinShare * count) continue;
      if (!margins.length || margins.some((m) => m[at]! < LATIN_BLIND.margin)) return false;
    }
    if (syllable.match(TONE_MARK)) continue;
    const toned = latinNeutralVariants(syllable).filter((v) => v.replace(TONE_MARK, '') === syllable);
    if (toned.some((v) => lexicon.syllable(v) >= LATIN_BLIND.toneOdds * count)) return false;
  }
  return true;
}

/**
 * ໜ and ໝ: the recogniser leans to the letter its training text had more often in the place
 * (docs/ocr-model.md). Without a Latin line (N or M) the letter is taken where Lao writing tells
 * which — one of the two written many times more often than its twin in that syllable (ໃໝ່ and ໃໜ່,
 * ໜໍ່ and ໝໍ່), the one the recogniser, biased as Lao writing is, reads — or, where Lao writes both
 * (ໜູ and ໝູ, ໜາ and ໝາ), where the recogniser rated the letter well above its twin at every size.
 * A letter against a syllable Lao hardly writes (ໜັ້ນ for ໝັ້ນ) is never taken.
 */
const HO_NO_OR_HO_MO = /[ໜໝ]/u;
/** How many times more often the syllable must be written with the letter read than with its twin. */
const HO_LETTER_ODDS = 8;
/**
 * How far (0–100) above its twin each crop's reading must rate the letter where Lao writes both.
 * Made-up names written both ways, read alike at three sizes (scripts/lao-model/check-nm.ts): 133
 * right and none wrong at 60 (none wrong from 30 up); on the development cards, wrong readings of
 * ລັດສະໝີ came with margins up to 44.
 */
const HO_LETTER_MARGIN = 60;

const twinOf = (syllable: string) => syllable.replace(/[ໜໝ]/gu, (letter) => (letter === 'ໜ' ? 'ໝ' : 'ໜ'));

/**
 * How Lao writes a syllable with ໜ or ໝ: far more often with this letter than with its twin, far
 * more often with the twin, or both ways (a twin seen fewer than 4 times counts as 4: a rare
 * syllable is no evidence either way).
 */
export function hoWriting(syllable: string, lexicon: LaoLexicon): 'this' | 'twin' | 'both' {
  const oftener = (a: string, b: string) => lexicon.syllable(a) >= HO_LETTER_ODDS * Math.max(4, lexicon.syllable(b));
  if (oftener(syllable, twinOf(syllable))) return 'this';
  return oftener(twinOf(syllable), syllable) ? 'twin' : 'both';
}

/**
 * Every ໜ or ໝ of the name is told: by Lao writing (hoWriting), or, where Lao writes both, by the
 * recogniser at every size (`crops`, with the recogniser's guesses at each symbol).
 */
function hoLettersTold(name: string, crops: NameReading[], lexicon: LaoLexicon): boolean {
  const writing = nameSyllables(name)
    .flat()
    .filter((syllable) => HO_NO_OR_HO_MO.test(syllable))
    .map((syllable) => hoWriting(syllable, lexicon));
  if (writing.includes('twin')) return false;
  if (!writing.includes('both')) return true;
  return crops.every((crop) => hoLettersRated(name, hoLetterMargins((crop.choices ?? []).flat()), HO_LETTER_MARGIN));
}

/** How far (letters) from the Latin line at least one reading of the name must come for it to be the name's. */
const LATIN_NEAR = 3;

/** Words of an address (village, district, province, capital), never of a name: a row taken for the wrong one. */
const PLACE_WORD = /(?:^|\s)(?:ບ້ານ|ເມືອງ|ແຂວງ|ນະຄອນຫຼວງ)(?=\s|$)/u;

/** A syllable opening with ນ: a ໜ, if its ຫ part was lost, reads so. */
const opensWithNo = (name: string) =>
  nameSyllables(name).some((word) => word.some((syllable) => /^[ເແໂໄໃ]?ນ/u.test(syllable)));

export interface NameDecision {
  value?: string;
  sure: boolean;
  /** No reading said it as it is (look-alikes, the lexicon's spelling). */
  mended: boolean;
  /**
   * Not sure, but read alike: on a card with a Latin line that spells it, two crops at least
   * say it as it is, nothing mended, the marks the Latin line cannot show told, no reading saying
   * another name it spells unless outvoted. Such a name is sure only when a differently prepared
   * image says it too (read-id-card.ts: the black and white looks).
   */
  alike: boolean;
}

/**
 * `crops`: the name's crop read at three sizes; `whole`: the whole card's Lao reading of it (if
 * any). Sure, either way with nothing mended and a spelling Lao writing has:
 * - with a Latin line, only a name it spells exactly, said by two readings (the crops at three
 *   sizes, the whole card), one of them not doubtful, and no reading saying what the Latin line
 *   would spell alike (it cannot tell tone marks, ົ from ໍ nor ຸ from ູ) unless outvoted (the small
 *   whole-card reading by three sure crops, one crop by the three other readings), and the marks it
 *   cannot see told (latinBlindTold); capitals no reading comes near are no Latin line;
 * - without one, every reading saying it (or three with the whole card's, the fourth a crop the
 *   recogniser was not very sure of), one of them very surely and none doubtfully
 *   (the recogniser's confidence in the name's own words), and every syllable is one Lao writing
 *   has. A letter the model takes for another (ຈ/ວ, ົ/ໍ, ິ/ົ) is read alike every time only less
 *   surely. The small whole-card reading may dissent (it loses marks: ປູດ for ບຸດ) when the crops
 *   agree and every two syllables in a row are ones Lao writes together (ວຽງສະໄຫ is not); when it
 *   agrees too, the four readings need less of the recogniser's confidence (ຄໍາຫຼ້າ at 79–88), the
 *   syllables still written together; or two of the crops very surely, whatever the third.
 *   A name with ໜ or ໝ only where they are told (hoLettersTold).
 */
export function nameByContent(
  crops: NameReading[],
  whole: NameReading[],
  latinLine: string | undefined,
  lexicon: LaoLexicon | undefined,
): NameDecision {
  const readings = [...crops, ...whole];
  // What each reading says, read once: the crops' first, then the whole card's.
  const said = readings.map((r) => laoNameFrom(r.text));
  const fromWhole = (i: number) => i >= crops.length;
  // Capitals no reading of the name comes near are no transcription of it (English labels read as
  // capitals on a card without a Latin line: NEY TEEERI): the name is weighed without them.
  const latinName = said.some((read) => latinDistance(read ?? '', latinLine) <= LATIN_NEAR) ? latinLine : undefined;
  const weighed = laoNameOf(readings, latinName, lexicon);
  // Without a Latin line the lexicon's weighing may prefer one reading in common syllables (ມີມີ, a
  // speck read at a small size) to what three readings of four say: the three are the name.
  const saidBy = (value: string | undefined) => said.filter((v) => v !== undefined && v === value).length;
  const majority = latinName === undefined ? said.find((v) => saidBy(v) >= 3) : undefined;
  const name =
    majority !== undefined && saidBy(weighed.value) < 3
      ? { value: majority, unanimous: saidBy(majority) === readings.length, corrected: false }
      : weighed;
  const agreeing = crops.filter((_, i) => said[i] === name.value).map((r) => r.confidence);
  const votes = said.filter((read) => read === name.value).length;
  // A dissenting reading the Latin line tells apart (ທົວ for ບົວ) is outvoted by it; one it
  // cannot (another tone mark, ົ for ໍ) leaves the name in doubt — unless it is outvoted: the small
  // whole-card reading by the three crops each sure, or one crop by the other three readings, one of
  // the crops sure.
  const cropsAgree = agreeing.length === crops.length;
  const blindDissent = said.flatMap((read, i) =>
    read !== undefined && read !== name.value && latinDistance(read, latinName) === 0 ? [i] : [],
  );
  const outvoted =
    blindDissent.length === 0 ||
    (blindDissent.every(fromWhole) && cropsAgree && Math.min(...agreeing) >= NAME_CONFIDENCE.cropsOutvote) ||
    (blindDissent.length === 1 &&
      !fromWhole(blindDissent[0]!) &&
      votes >= 3 &&
      Math.max(...agreeing) >= NAME_CONFIDENCE.cropsOutvote);
  const marksTold = lexicon !== undefined && latinBlindTold(name.value ?? '', crops, lexicon);
  const spelt =
    latinName !== undefined &&
    votes >= 2 &&
    Math.max(0, ...agreeing) >= NAME_CONFIDENCE.doubtful &&
    latinDistance(name.value ?? '', latinName) === 0 &&
    outvoted &&
    marksTold;
  const everyReading = votes === readings.length;
  const known = lexicon !== undefined && writtenLikeLao(name.value ?? '', lexicon);
  const together = lexicon !== undefined && writtenLikeLao(name.value ?? '', lexicon, true);
  const surest = Math.max(0, ...agreeing);
  const leastSure = Math.min(100, ...agreeing);
  const unanimous =
    latinName === undefined &&
    lexicon !== undefined &&
    hoLettersTold(name.value ?? '', crops, lexicon) &&
    votes >= 3 &&
    agreeing.length > 0 &&
    ((surest >= NAME_CONFIDENCE.sure &&
      leastSure >= NAME_CONFIDENCE.doubtful &&
      (everyReading ? known : cropsAgree && together)) ||
      // The whole card read alike too (four readings at four sizes): surely enough — but not
      // for a syllable opening with ນ, the ໜ every reading may have lost its ຫ part of (ເກດສະນາ).
      (everyReading &&
        whole.length > 0 &&
        surest >= NAME_CONFIDENCE.agreed &&
        leastSure >= NAME_CONFIDENCE.agreedDoubtful &&
        together &&
        !opensWithNo(name.value ?? '')) ||
      // Every reading alike, two of the crops' very surely: the third's low score is the size it
      // was read at (a small crop blown up), not a doubt about a letter.
      (everyReading &&
        whole.length > 0 &&
        known &&
        agreeing.filter((c) => c >= NAME_CONFIDENCE.twiceSure).length >= 2) ||
      // Three readings alike, the whole card's with them, one very surely and none doubtfully; the
      // fourth a crop the recogniser was not very sure of (a blown-up speck read as letters, ໃ for ໄ
      // at 85), the marks told. (A fourth read very surely was right against the three: ພົມມະວົງສາ.)
      (votes === readings.length - 1 &&
        said.some((read, i) => fromWhole(i) && read === name.value) &&
        crops.every((r, i) => said[i] === name.value || r.confidence < NAME_CONFIDENCE.sure) &&
        known &&
        surest >= NAME_CONFIDENCE.sure &&
        leastSure >= NAME_CONFIDENCE.doubtful &&
        marksTold) ||
      // Every reading alike — four sizes saying the same letters — one of them nearly very surely,
      // whatever the others scored (a crop blown up or caught a label's speck scores low: ຄໍາປອນ at
      // 3/90/47), and the marks the recogniser takes for each other told as on the Latin path.
      (everyReading && whole.length > 0 && known && surest >= NAME_CONFIDENCE.alike && marksTold));
  const plain =
    name.value !== undefined && !name.corrected && !impossibleSpelling(name.value) && !PLACE_WORD.test(name.value);
  const sure = plain && (spelt || unanimous);
  // Read alike, at scores the rules above do not take. A dissenting reading the Latin line spells
  // too must be a crop read less surely than every crop agreeing.
  const dissentOutweighed = said.every(
    (read, i) =>
      read === name.value ||
      latinDistance(read ?? '', latinName) !== 0 ||
      (!fromWhole(i) && readings[i]!.confidence < Math.min(...agreeing)),
  );
  const alike =
    plain &&
    !sure &&
    // Only where the Latin line spells it: without one, nothing independent of the recogniser checks
    // its letters, and crops alike at low scores repeat a misreading (on a second-maker card without
    // a Latin line, every crop and a black-and-white look read a name alike and wrong).
    latinName !== undefined &&
    latinDistance(name.value ?? '', latinName) === 0 &&
    outvoted &&
    agreeing.length >= 2 &&
    surest >= NAME_CONFIDENCE.readAlike &&
    marksTold &&
    dissentOutweighed;
  return { value: name.value, sure, mended: name.corrected, alike };
}
