/**
 * Fails when a message of the code is missing from a catalogue, when a catalogue keeps a message
 * the code no longer uses, when the Lao catalogue has an entry without a Lao translation (empty,
 * copied from English, or with no Lao letter at all), or when a screen writes text in JSX that
 * does not go through the catalogues.
 * Runs `lingui extract` into a scratch copy so the committed catalogues are compared, not rewritten.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { forbiddenLaoWords, glossaryProblems, messageWords, parseGlossary } from './glossary';

type Entry = { id: string; str: string };

function entries(po: string): Entry[] {
  const out: Entry[] = [];
  const blocks = po.split(/\n\s*\n/);
  for (const block of blocks) {
    const id = readField(block, 'msgid');
    const str = readField(block, 'msgstr');
    if (id !== null && id !== '') out.push({ id, str: str ?? '' });
  }
  return out;
}

function readField(block: string, name: string): string | null {
  const m = new RegExp(`^${name} ((?:".*"\\n?)+)`, 'm').exec(block);
  if (!m) return null;
  return m[1]
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l.trim()))
    .join('');
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'i18n-'));
fs.cpSync('locales', scratch, { recursive: true });
const config = `import base from '${path.resolve('lingui.config.ts')}';\nexport default { ...base, rootDir: '${process.cwd()}', catalogs: [{ path: '${scratch}/{locale}', include: ['${path.resolve('src')}'] }] };\n`;
const configFile = path.join(scratch, 'lingui.config.ts');
fs.writeFileSync(configFile, config);
execFileSync('npx', ['lingui', 'extract', '--clean', '--config', configFile], { stdio: 'pipe' });

const problems: string[] = [];
for (const locale of ['en', 'lo']) {
  const committed = new Map(entries(fs.readFileSync(`locales/${locale}.po`, 'utf8')).map((e) => [e.id, e.str]));
  const wanted = entries(fs.readFileSync(path.join(scratch, `${locale}.po`), 'utf8'));
  const wantedIds = new Set(wanted.map((e) => e.id));
  for (const e of wanted)
    if (!committed.has(e.id)) problems.push(`${locale}.po lacks "${e.id}" (run npm run i18n:extract)`);
  for (const id of committed.keys())
    if (!wantedIds.has(id)) problems.push(`${locale}.po has "${id}", which no code uses (run npm run i18n:extract)`);
  if (locale === 'lo') {
    for (const [id, str] of committed) {
      if (!str.trim()) problems.push(`lo.po: no Lao translation for "${id}"`);
      else if (str === id && /[A-Za-z]{3}/.test(id) && !/^[A-Z0-9 .,:/-]+$/.test(id))
        problems.push(`lo.po: "${id}" is left in English`);
      else if (/[a-z]{3}/.test(messageWords(id)) && !/[\u0E80-\u0EFF]/.test(str))
        problems.push(`lo.po: "${id}" has no Lao text in its translation`);
    }
  }
}
fs.rmSync(scratch, { recursive: true, force: true });

/**
 * The glossary (docs/glossary.md): each term in the one Lao word chosen for it, none of the words
 * set aside, one English word for each thing; and in the server's own Lao (mails, notifications,
 * the certificate PDF) none of the words that are never written.
 */
const glossary = parseGlossary(fs.readFileSync('docs/glossary.md', 'utf8'));
for (const e of entries(fs.readFileSync('locales/lo.po', 'utf8')))
  problems.push(...glossaryProblems({ en: e.id, lo: e.str }, glossary));
function serverFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? e.name === 'seed'
          ? []
          : serverFiles(path.join(dir, e.name))
        : e.name.endsWith('.ts')
          ? [path.join(dir, e.name)]
          : [],
    );
}
for (const file of serverFiles('server')) {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)) {
      for (const word of forbiddenLaoWords(node.text, glossary))
        problems.push(
          `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: writes ${word}, which docs/glossary.md sets aside`,
        );
    }
    node.forEachChild(visit);
  };
  visit(source);
}

/**
 * Text written straight into JSX never reaches the catalogues: every text node and every
 * user-facing attribute with letters must come from Lingui. Proper names that read the same in
 * both languages are the only exceptions.
 */
const UNTRANSLATED_OK = new Set(['WhatsApp']);
const TEXT_ATTRIBUTES = new Set([
  'aria-label',
  'aria-roledescription',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
  'label',
  'pendingLabel',
  'hint',
]);
const MACROS = new Set(['Trans', 'Plural', 'Select', 'SelectOrdinal']);
function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : e.name.endsWith('.tsx') ? [path.join(dir, e.name)] : [],
    );
}
for (const file of sourceFiles('src')) {
  const source = ts.createSourceFile(
    file,
    fs.readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const at = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node, inMacro: boolean): void => {
    const macro = inMacro || (ts.isJsxElement(node) && MACROS.has(node.openingElement.tagName.getText()));
    if (ts.isJsxText(node) && !macro && /\p{L}/u.test(node.text) && !UNTRANSLATED_OK.has(node.text.trim())) {
      problems.push(`${at(node)}: text "${node.text.trim()}" is not in the catalogues (wrap it in <Trans>)`);
    }
    if (
      ts.isJsxAttribute(node) &&
      TEXT_ATTRIBUTES.has(node.name.getText()) &&
      node.initializer &&
      ts.isStringLiteral(node.initializer) &&
      /\p{L}/u.test(node.initializer.text)
    ) {
      problems.push(
        `${at(node)}: ${node.name.getText()}="${node.initializer.text}" is not in the catalogues (use t\`…\`)`,
      );
    }
    node.forEachChild((child) => visit(child, macro));
  };
  visit(source, false);
}
const total = entries(fs.readFileSync('locales/lo.po', 'utf8')).length;
if (problems.length) {
  console.error(`i18n check: ${problems.length} problem(s)\n${problems.slice(0, 50).join('\n')}`);
  process.exit(1);
}
console.log(
  `i18n check: ${total} messages, all present in en and lo, all translated, the glossary kept; no text outside the catalogues`,
);
