/**
 * The code a prerendered page's app asks for before it can hydrate, beyond the entry's own imports:
 * the split parts of the page's routes (and what they import, with their CSS) and the visitor part
 * of the page's catalogue (and the registration part on registration pages). The entry finds them
 * only after it has run (router.load, activateLanguage), one round trip later; listed with the
 * entry's imports, they download together.
 */
import fs from 'node:fs';
import type { Rolldown } from 'vite';
import type { Language } from '../contract/master-data';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** '/_guest/register/' → '/_guest', '/_guest/register', '/_guest/register/': the ids of the routes it nests in. */
export function routeIdsOf(routeId: string): Set<string> {
  const ids = new Set<string>();
  const parts = routeId.split('/').filter(Boolean);
  for (let i = 1; i <= parts.length; i++) ids.add(`/${parts.slice(0, i).join('/')}`);
  if (routeId.endsWith('/')) ids.add(routeId);
  return ids;
}

const chunksOf = (bundle: OutputBundle) => Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');

/** The route id a split part of a route file declares (createFileRoute('…')), from its module id. */
export function declaredRouteId(moduleId: string): string | undefined {
  if (!/[\\/]src[\\/]routes[\\/].*\.tsx\?tsr-split=/.test(moduleId)) return undefined;
  return fs.readFileSync(moduleId.split('?')[0], 'utf8').match(/createFileRoute\('([^']+)'\)/)?.[1];
}

/** The routes whose split parts a chunk holds (several when scripts/page-groups.ts put them together). */
const routesIn = (chunk: OutputChunk) => chunk.moduleIds.flatMap((id) => declaredRouteId(id) ?? []);

export function pageChunks(
  bundle: OutputBundle,
  routeId: string,
  language: Language,
): { modules: string[]; styles: string[] } {
  const chunks = chunksOf(bundle);
  const ids = routeIdsOf(routeId);
  const parts = [
    'visitor',
    ...(routeId.startsWith('/_guest/register') ? ['registration'] : []),
    ...(routeId.startsWith('/verify') ? ['verify'] : []),
    ...(routeId.startsWith('/_auth') ? ['signed-in'] : []),
  ];
  const roots = chunks.filter(
    (c) =>
      routesIn(c).some((declared) => ids.has(declared)) ||
      parts.some((p) => c.facadeModuleId?.endsWith(`locales/${language}.po?part=${p}`)),
  );
  if (!roots.some((c) => routesIn(c).length)) throw new Error(`prerender: no split route chunk found for ${routeId}`);
  return withImports(chunks, roots);
}

/**
 * The start-up steps src/main.tsx imports one after the other (src/start/: the router, React DOM),
 * so that each is evaluated in a task of its own: asked for with the entry by every built page, or
 * they would come one round trip after it.
 */
export function startChunks(bundle: OutputBundle): { modules: string[]; styles: string[] } {
  const chunks = chunksOf(bundle);
  // The router step is a chunk of several modules (scripts/page-groups.ts): found by what it holds.
  const roots = chunks.filter((c) => c.moduleIds.some((id) => /[\\/]src[\\/]start[\\/]/.test(id)));
  if (roots.length < 2) throw new Error('prerender: the start-up steps (src/start/) were not found in the bundle');
  return withImports(chunks, roots);
}

/** The files of `roots` and of every chunk they import, with their CSS. */
function withImports(chunks: OutputChunk[], roots: OutputChunk[]): { modules: string[]; styles: string[] } {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const modules = new Set<string>();
  const styles = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (modules.has(chunk.fileName)) return;
    modules.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
    for (const file of chunk.imports) {
      const next = byFile.get(file);
      if (next) visit(next);
    }
  };
  roots.forEach(visit);
  return { modules: [...modules].map((f) => `/${f}`), styles: [...styles].map((f) => `/${f}`) };
}
