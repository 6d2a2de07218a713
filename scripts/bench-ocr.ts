/**
 * ID card reading benchmark: generated Lao ID cards read in Chromium by the reader the registration
 * screen uses (src/features/registration/ocr/read-id-card.ts), served by Vite with its files from
 * public/tesseract/. Three sets: 'classic' (the first layout, every holder not held out × 3 typefaces), 'dev' (layouts
 * d1–d4 and h1–h60 of card-layouts.ts, worked on; h1–h4 … h57–h60 were the first fifteen held-out sets) and
 * 'held-out' (h61–h64, never tuned on, reported apart), each × clean / phone photo / 640 px. Prints, per layout ×
 * typeface × condition, how many ID numbers, dates of birth, Lao first and last names were read
 * exactly, how many names were left empty and how many filled wrong, how many names were flagged
 * "part of it was unclear" (and of them how many only because no Latin line spells them, and how
 * many of those were wrong: sure and wrong without that rule), how many ID numbers and dates were,
 * and the warm reading time (engines loaded; median and p90 of every reading after the first).
 * Figures, not a pass/fail test.
 *
 * 'second': cards of the second card maker (tests/fixtures/id-cards/second-maker.ts: another renderer,
 * surname first, light and condensed type, security lines, glare), never tuned on, reported apart as
 * first read; their misreadings are listed only with --second-misses. Two more batches of that maker, other
 * holders and seeds: 'second-dev' (common names; its misreadings are listed, to be worked on) and 'second-fresh'
 * (names no card carried before; read as unseen, its misreadings only with --second-misses). A fourth,
 * 'second-unseen' (names on no card of either maker, another seed), held out like 'second' and 'second-fresh';
 * a fifth, 'second-fifth', the same, held out until the rule that a name needs evidence besides the Lao
 * recogniser was written; a sixth, 'second-sixth', the same, first read after the work on name rows lost under
 * security lines and looked at since (its misreadings listed); a seventh, 'second-seventh', the same, first read after
 * the change that sixth batch led to and looked at since; an eighth, 'second-eighth', held out (read once, in aggregate,
 * after the change the seventh led to); a ninth, 'second-ninth', held out (written down before the recogniser was
 * trained on light and condensed print crossed by lines, a training not kept; read once, in aggregate).
 *
 * The first line printed is "sure and wrong: N": values filled without the "unclear" mark that are
 * not what the card says, over every card and page read (the reader's first promise: 0).
 * Per set it also prints how many Lao names some reading said as printed where the reader did not
 * fill them so: the most any choosing among the readings could fill, beyond which only a better
 * recogniser helps.
 *
 * A fifth set, 'passport': generated Lao passport data pages (tests/fixtures/id-cards/passport-page.ts)
 * × clean / phone photo / 640 px, each also with a wrong check digit after the date of birth. Prints
 * how many passport numbers, dates of birth and Latin names were read exactly, how many were filled
 * wrong, and on the tampered pages how often the date of birth was (wrongly) filled.
 *
 *   nice -n 10 npm run bench:ocr                 # all cards
 *   nice -n 10 npm run bench:ocr -- --set dev    # one set (classic, dev, held-out, passport; comma-separated)
 *   nice -n 10 npm run bench:ocr -- --only noto  # cards whose file name contains "noto"
 *   nice -n 10 npm run bench:ocr -- --only -13-,-14-  # … any of these
 *   … -- --held-out-misses                    # also list the held-out cards' misreadings (final run only)
 *   … -- --record FILE                        # every reading of the names, as JSON
 *   BENCH_PORT=3501 … (default 3501)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import { chromiumLaunchOptions } from '../tests/e2e/chromium';
import { benchJobs, makeBenchCards, type ExpectedCard } from '../tests/fixtures/id-cards/make-id-cards';
import {
  batchTitle,
  isHeldOut,
  isSecondBatch,
  makeSecondMakerCards,
  SECOND_BATCHES,
  secondMakerCards,
} from '../tests/fixtures/id-cards/second-maker';
import { makePassportPages, passportJobs } from '../tests/fixtures/id-cards/passport-page';
import { toLaoSpelling, type IdCardFields } from '../src/features/registration/ocr/extract-id-card';
import { lacksCardDetail, prefillFrom } from '../src/features/registration/prefill';
import { copyTesseractAssets } from './copy-tesseract-assets';

const port = Number(process.env.BENCH_PORT ?? 3501);
const cardsDir = join(tmpdir(), 'rc-ocr-bench-cards');
const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const only = arg('--only');
const sets = arg('--set')?.split(',');
const verbose = process.argv.includes('--verbose');
/** --crops DIR writes every crop the reader made, to look at. */
const cropsDir = arg('--crops');
/**
 * --record FILE reads every name at every size and writes all readings (with the recogniser's
 * other guesses) and the expected values as JSON, to try the name choosing on without reading again.
 */
const recordFile = arg('--record');
const recorded: unknown[] = [];

interface Reading {
  fields: Partial<Record<string, { value: string; confidence: string }>>;
  raw: Partial<Record<string, string>>;
  durationMs: number;
  smallPrint?: boolean;
}

copyTesseractAssets();
/** What the bench needs of a card, whichever maker drew it. */
type BenchCard = Pick<ExpectedCard, 'file' | 'idNumber' | 'dateOfBirth' | 'firstNameLao' | 'lastNameLao'> & {
  set: string;
  layout: string;
  typeface: string;
  condition: string;
};
const cards: BenchCard[] = await makeBenchCards(
  cardsDir,
  benchJobs().filter(
    (job) =>
      (!only || only.split(',').some((part) => job.file.includes(part))) &&
      (!sets || sets.includes(job.layout?.set ?? 'classic')),
  ),
);
cards.push(
  ...(await makeSecondMakerCards(
    cardsDir,
    SECOND_BATCHES.flatMap((batch) => secondMakerCards(batch)).filter(
      (card) =>
        (!only || only.split(',').some((part) => card.file.includes(part))) && (!sets || sets.includes(card.set)),
    ),
  )),
);
const passports = await makePassportPages(
  cardsDir,
  passportJobs().filter(
    (job) => (!only || only.split(',').some((part) => job.file.includes(part))) && (!sets || sets.includes('passport')),
  ),
);
if (!cards.length && !passports.length) throw new Error('no card matches --only / --set');

const server = await createServer({
  configFile: false,
  root: process.cwd(),
  logLevel: 'warn',
  server: { host: '127.0.0.1', port, strictPort: true, hmr: false, watch: { ignored: ['**/*'] } },
});
await server.listen();
const browser = await chromium.launch(chromiumLaunchOptions());
type Score = {
  id: number;
  dob: number;
  first: number;
  last: number;
  /** Names left empty (the citizen types them), names filled with a wrong value. */
  empty: number;
  wrong: number;
  /** ID numbers and dates filled but flagged "part of it was unclear". */
  flagged: number;
  /** Values filled without that flag, and wrong. */
  sureWrong: number;
  /** Names filled with the flag; of them, those no Latin line spells (sure by the Lao readings alone), and of those the wrong ones. */
  namesFlagged: number;
  unspelt: number;
  unspeltWrong: number;
  n: number;
  ms: number[];
};
const emptyScore = (): Score => ({
  id: 0,
  dob: 0,
  first: 0,
  last: 0,
  empty: 0,
  wrong: 0,
  flagged: 0,
  sureWrong: 0,
  namesFlagged: 0,
  unspelt: 0,
  unspeltWrong: 0,
  n: 0,
  ms: [],
});
const scores = new Map<string, Score>();
/**
 * Per set and layout: why each name left empty was (no label read places it, the Latin line spells
 * another, the second look read otherwise, never found on the card, or not sure), and how many ID
 * numbers and dates were left empty. Aggregates only: they name no card.
 */
const whyEmpty = new Map<string, Map<string, number>>();
const countWhy = (key: string, why: string) => {
  const counts = whyEmpty.get(key) ?? new Map<string, number>();
  counts.set(why, (counts.get(why) ?? 0) + 1);
  whyEmpty.set(key, counts);
};
/**
 * Per set: Lao names not filled as printed, and of them those some reading the reader made of the
 * card (either name row at any size, a second look, the whole card's Lao) said as printed. Filled
 * exactly plus said somewhere is the most any rule choosing among the readings could fill: what is
 * beyond it is the recogniser's to read.
 */
const namesMissed = new Map<string, { missed: number; saidSomewhere: number }>();
const READING_KEYS = ['firstNameLao', 'lastNameLao', 'firstNameLaoAgain', 'lastNameLaoAgain', 'layoutLao'];
function saidByAReading(raw: Partial<Record<string, string>>, name: string): boolean {
  const text = toLaoSpelling(READING_KEYS.map((key) => raw[key] ?? '').join('\n'));
  return name.includes(' ') ? text.includes(name) : text.split(/[^\u0e80-\u0eff]+/u).includes(name);
}
const misses: string[] = [];
/** Every value filled as sure and wrong, over all sets: the bench's first line. */
let sureAndWrong = 0;
/** Names that would be sure and wrong were a name no Latin line spells not marked "unclear". */
let unspeltWrong = 0;
try {
  const page = await browser.newPage();
  await page.route('**/bench-cards/*', (route) =>
    route.fulfill({ path: join(cardsDir, new URL(route.request().url()).pathname.split('/').pop()!) }),
  );
  await page.goto(`http://127.0.0.1:${port}/tests/bench/ocr-bench.html`);
  await page.waitForFunction(() => typeof window.readCard === 'function');
  // The first reading downloads and starts the engines: timed apart.
  const coldStart = performance.now();
  await page.evaluate((url) => window.readCard(url), `/bench-cards/${(cards[0] ?? passports[0])!.file}`);
  const cold = Math.round(performance.now() - coldStart);
  for (const card of cards) {
    const reading = (await page.evaluate(
      ([url, debug, record]) => window.readCard(url!, Boolean(debug), Boolean(record)),
      [`/bench-cards/${card.file}`, cropsDir ? '1' : '', recordFile ? '1' : ''],
    )) as Reading & { crops?: Record<string, string>; readings?: unknown };
    if (recordFile) recorded.push({ card, latinName: reading.fields.latinName?.value, readings: reading.readings });
    if (cropsDir) {
      mkdirSync(cropsDir, { recursive: true });
      for (const [name, url] of Object.entries(reading.crops ?? {}))
        writeFileSync(
          join(cropsDir, `${card.file.replace(/\.\w+$/, '')}-${name}.png`),
          Buffer.from(url.split(',')[1]!, 'base64'),
        );
    }
    const key = `${card.set}|${card.layout}|${card.typeface}|${card.condition}`;
    const s = scores.get(key) ?? emptyScore();
    const f = reading.fields;
    const ok = {
      id: f.idNumber?.value === card.idNumber,
      dob: f.dateOfBirth?.value === card.dateOfBirth,
      first: f.firstNameLao?.value === card.firstNameLao,
      last: f.lastNameLao?.value === card.lastNameLao,
    };
    s.id += Number(ok.id);
    s.dob += Number(ok.dob);
    s.first += Number(ok.first);
    s.last += Number(ok.last);
    for (const name of ['firstNameLao', 'lastNameLao'] as const) {
      if (!f[name]) s.empty += 1;
      else if (f[name].value !== card[name]) s.wrong += 1;
    }
    s.flagged += Number(f.idNumber?.confidence === 'check') + Number(f.dateOfBirth?.confidence === 'check');
    const r = reading.raw;
    // Names the reader was sure of by its Lao readings alone, marked because no Latin line spells
    // them: how many, and how many of them would have been sure and wrong without the mark.
    for (const name of ['firstNameLao', 'lastNameLao'] as const) {
      s.namesFlagged += Number(f[name]?.confidence === 'check');
      if (r[`${name}Unspelt`] === undefined) continue;
      s.unspelt += 1;
      if (f[name]?.value !== card[name]) {
        s.unspeltWrong += 1;
        unspeltWrong += 1;
      }
    }
    for (const name of ['firstNameLao', 'lastNameLao'] as const) {
      if (f[name]?.value !== card[name]) {
        const m = namesMissed.get(card.set) ?? { missed: 0, saidSomewhere: 0 };
        m.missed += 1;
        m.saidSomewhere += Number(saidByAReading(r, card[name]));
        namesMissed.set(card.set, m);
      }
      if (!f[name])
        countWhy(
          `${card.set}|${card.layout}`,
          r[`${name}Field`]
            ? 'no label read'
            : r[`${name}Latin`]
              ? 'Latin line'
              : r[`${name}Again`] !== undefined
                ? 'second look'
                : !r[name] && !r[`${name}ByLabels`]
                  ? 'not found'
                  : 'not sure',
        );
    }
    for (const field of ['idNumber', 'dateOfBirth'] as const)
      if (!f[field]) countWhy(`${card.set}|${card.layout}`, `${field} empty`);
    // The screen's request for a photo taken closer (a value every card prints not filled, the
    // print small in the photo), decided as the screen decides it.
    if (reading.smallPrint && lacksCardDetail(prefillFrom(f as IdCardFields).prefilled))
      countWhy(`${card.set}|${card.layout}`, 'cards asked for a closer photo');
    for (const name of ['idNumber', 'dateOfBirth', 'firstNameLao', 'lastNameLao'] as const)
      if (f[name] && f[name].confidence !== 'check' && f[name].value !== card[name]) {
        s.sureWrong += 1;
        sureAndWrong += 1;
      }
    s.n += 1;
    s.ms.push(reading.durationMs);
    scores.set(key, s);
    for (const [field, good] of Object.entries(ok)) {
      const listed =
        card.set === 'held-out'
          ? process.argv.includes('--held-out-misses')
          : isSecondBatch(card.set)
            ? !isHeldOut(card.set) || process.argv.includes('--second-misses')
            : true;
      if (!good && listed) {
        const name = { id: 'idNumber', dob: 'dateOfBirth', first: 'firstNameLao', last: 'lastNameLao' }[field]!;
        misses.push(
          `${card.file} ${field}: expected ${card[name as keyof BenchCard]}, read ${f[name]?.value ?? '—'} (raw ${JSON.stringify(reading.raw[name] ?? '')})`,
        );
      }
    }
    if (verbose)
      console.log(
        card.file,
        reading.durationMs,
        'ms',
        JSON.stringify(reading.fields),
        JSON.stringify({ ...reading.raw, layout: process.argv.includes('--layout') ? reading.raw.layout : undefined }),
      );
  }

  const pct = (a: number, n: number) => `${a}/${n} ${String(Math.round((100 * a) / n)).padStart(3)}%`;
  const percentile = (ms: number[], p: number) =>
    [...ms].sort((a, b) => a - b)[Math.min(ms.length - 1, Math.floor(ms.length * p))] ?? 0;
  const row = (what: string[], s: Score) =>
    `| ${what.join(' | ')} | ${pct(s.id, s.n)} | ${pct(s.dob, s.n)} | ${pct(s.first, s.n)} | ${pct(s.last, s.n)} | ${s.empty} | ${s.wrong} | ${s.namesFlagged} (${s.unspelt}, ${s.unspeltWrong}) | ${s.flagged} | ${s.sureWrong} | ${percentile(s.ms, 0.5)} / ${percentile(s.ms, 0.9)} |`;
  const add = (to: Score, s: Score) => {
    for (const k of [
      'id',
      'dob',
      'first',
      'last',
      'empty',
      'wrong',
      'namesFlagged',
      'unspelt',
      'unspeltWrong',
      'flagged',
      'sureWrong',
      'n',
    ] as const)
      to[k] += s[k];
    to.ms.push(...s.ms);
  };
  const report: string[] = [];
  const print = (line: string) => report.push(line);
  print(`\nID card reading in Chromium (${cards.length} cards; first reading incl. engine start ${cold} ms)`);
  for (const set of ['classic', 'dev', 'held-out', ...SECOND_BATCHES]) {
    const keys = [...scores.keys()].filter((k) => k.startsWith(`${set}|`)).sort();
    if (!keys.length) continue;
    const title = set === 'held-out' ? ' (never tuned on)' : isSecondBatch(set) ? `: ${batchTitle(set)}` : undefined;
    print(`\n### ${set}${title ?? ''}\n`);
    print(
      '| layout | typeface | condition | ID number | date of birth | Lao first name | Lao last name | names empty | names wrong | names flagged unclear (no Latin line spells them, of them wrong) | ID/date flagged unclear | sure and wrong | warm median / p90 ms |',
    );
    print('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
    const all = emptyScore();
    const byLayout = new Map<string, Score>();
    for (const key of keys) {
      const [, layout, typeface, condition] = key.split('|') as [string, string, string, string];
      const s = scores.get(key)!;
      add(all, s);
      const l = byLayout.get(layout) ?? emptyScore();
      add(l, s);
      byLayout.set(layout, l);
      print(row([layout, typeface, condition === 'small' ? '640 px' : condition], s));
    }
    for (const [layout, s] of byLayout) print(row([layout, 'all', 'all'], s));
    print(row([`**${set}**`, 'all', 'all'], all));
    for (const layout of byLayout.keys()) {
      const counts = [...(whyEmpty.get(`${set}|${layout}`) ?? [])].map(([why, n]) => `${why} ${n}`);
      print(`\n${layout}: left empty — ${counts.join(', ') || 'nothing'}`);
    }
    const missed = namesMissed.get(set);
    if (missed && missed.missed > 0)
      print(
        `\nLao names not filled as printed: ${missed.missed} of ${2 * all.n}; some reading said ${missed.saidSomewhere} of them as printed, so choosing among the readings could fill at most ${all.first + all.last + missed.saidSomewhere} (${Math.round((100 * (all.first + all.last + missed.saidSomewhere)) / (2 * all.n))} %)`,
      );
  }
  if (passports.length) {
    // Passports: each value exact, or filled wrong; on a page whose birth-date check digit is wrong
    // the date must stay empty.
    type PassportScore = {
      number: number;
      dob: number;
      latin: number;
      /** Lao names read exactly; left empty. */
      lao: number;
      laoEmpty: number;
      wrong: number;
      n: number;
      ms: number[];
    };
    const noScore = (): PassportScore => ({ number: 0, dob: 0, latin: 0, lao: 0, laoEmpty: 0, wrong: 0, n: 0, ms: [] });
    const byCondition = new Map<string, PassportScore>();
    for (const passport of passports) {
      const reading = (await page.evaluate((url) => window.readCard(url), `/bench-cards/${passport.file}`)) as Reading;
      const f = reading.fields;
      const key = `${passport.condition}${passport.tampered ? ' tampered' : ''}`;
      const s = byCondition.get(key) ?? noScore();
      const expected = {
        idNumber: passport.passportNumber,
        dateOfBirth: passport.tampered ? undefined : passport.dateOfBirth,
        latinName: passport.latinName,
        firstNameLao: passport.firstNameLao,
        lastNameLao: passport.lastNameLao,
      };
      s.number += Number(f.idNumber?.value === expected.idNumber);
      s.dob += Number(f.dateOfBirth?.value === expected.dateOfBirth);
      s.latin += Number(f.latinName?.value === expected.latinName);
      for (const name of ['firstNameLao', 'lastNameLao'] as const) {
        s.lao += Number(f[name]?.value === passport[name]);
        s.laoEmpty += Number(!f[name]);
      }
      for (const [field, value] of Object.entries(expected)) {
        const read = f[field]?.value;
        if (read === undefined || read === value) continue;
        s.wrong += 1;
        if (f[field]?.confidence !== 'check') sureAndWrong += 1;
        misses.push(`${passport.file} ${field}: expected ${value ?? '(empty)'}, read ${read}`);
      }
      s.n += 1;
      s.ms.push(reading.durationMs);
      byCondition.set(key, s);
      if (verbose)
        console.log(
          passport.file,
          reading.durationMs,
          'ms',
          JSON.stringify(f),
          JSON.stringify(reading.raw.mrz),
          JSON.stringify(reading.raw.laoName),
          process.argv.includes('--layout') ? JSON.stringify(reading.raw.layout) : '',
        );
    }
    print('\n### passport (data page, MRZ)\n');
    print(
      '| condition | passport number | date of birth (empty when tampered) | Latin name | Lao names (empty) | filled wrong | warm median / p90 ms |',
    );
    print('|---|---|---|---|---|---|---|');
    const all = noScore();
    for (const [key, s] of [...byCondition].sort()) {
      for (const k of ['number', 'dob', 'latin', 'lao', 'laoEmpty', 'wrong', 'n'] as const) all[k] += s[k];
      all.ms.push(...s.ms);
      print(
        `| ${key.replace('small', '640 px')} | ${pct(s.number, s.n)} | ${pct(s.dob, s.n)} | ${pct(s.latin, s.n)} | ${pct(s.lao, 2 * s.n)} (${s.laoEmpty}) | ${s.wrong} | ${percentile(s.ms, 0.5)} / ${percentile(s.ms, 0.9)} |`,
      );
    }
    print(
      `| **all** | ${pct(all.number, all.n)} | ${pct(all.dob, all.n)} | ${pct(all.latin, all.n)} | ${pct(all.lao, 2 * all.n)} (${all.laoEmpty}) | ${all.wrong} | ${percentile(all.ms, 0.5)} / ${percentile(all.ms, 0.9)} |`,
    );
  }
  console.log(`sure and wrong: ${sureAndWrong}`);
  console.log(
    `(names sure by the Lao readings alone, marked "unclear" for want of a Latin line, wrong: ${unspeltWrong})`,
  );
  console.log(report.join('\n'));
  if (recordFile) writeFileSync(recordFile, JSON.stringify(recorded));
  if (misses.length) console.log(`\nMisread:\n${misses.map((m) => `  ${m}`).join('\n')}`);
} finally {
  await browser.close();
  await server.close();
}
