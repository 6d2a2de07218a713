/**
 * Prints the JavaScript a first visit downloads (gzip), from the built dist/: the entry scripts of
 * index.html and every chunk they import statically. Fails above the budget: our users pay per byte.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUDGET_KB = 150;
const dist = 'dist';
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const entries = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const seen = new Set<string>();
const queue = [...entries];
while (queue.length) {
  const file = queue.shift()!;
  if (seen.has(file)) continue;
  seen.add(file);
  const code = fs.readFileSync(path.join(dist, file), 'utf8');
  // Static imports only (`import … from "./x.js"` / `import "./x.js"`); dynamic import() loads later.
  for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^'"()]*?from\s*)?["'](\.\/[^"']+\.js)["']/g)) queue.push(path.posix.join('assets', m[1].slice(2)));
}
let total = 0;
for (const file of seen) {
  const gz = zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += gz;
  console.log(`  ${file.padEnd(48)} ${(gz / 1024).toFixed(1).padStart(7)} KB gzip`);
}
console.log(`first-screen JavaScript: ${(total / 1024).toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`);
if (total / 1024 > BUDGET_KB) process.exit(1);
