/**
 * The chunks of the prerendered pages' code (vite.config.ts), cut by the pages that need it rather
 * than by every route that shares it: left to itself the bundler gives each set of importing routes
 * a file of its own, and a first screen then waits for twenty to forty small files, six at a time on
 * HTTP/1.1. Here a module goes to one chunk with the other modules the very same pages need at start
 * (`/verify/{code}` and `/home` alone, the public forms together, …), so a first screen fetches a
 * few files and never a byte it does not use. What the router step imports (src/start/routing.ts) is one chunk
 * of its own; the entry's modules, React DOM's step (src/start/draw.tsx) and the code no first page
 * needs are chunked as before, so each start-up step is still evaluated in a task of its own.
 */
import path from 'node:path';
import { PRERENDERED_PAGES } from '../contract/prerendered-pages';
import { declaredRouteId, routeIdsOf } from './page-chunks';

/**
 * The first screens: the prerendered pages, and the check of what a wallet presented (/verify, drawn
 * on the app shell), which a receiver also opens first from a link and `npm run budget` holds too.
 */
const FIRST_SCREENS = [
  ...PRERENDERED_PAGES.map(({ name, routeId }) => ({ name, routeId })),
  { name: 'presentation', routeId: '/verify/' },
];

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: string[]; dynamicallyImportedIds: string[] } | null;
}

/** `root` and every module it imports statically (and dynamically too, if asked), through the whole graph. */
function closure(graph: ModuleGraph, root: string, { dynamic = false } = {}): Set<string> {
  const seen = new Set<string>();
  const stack = [root];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    stack.push(...(info?.importedIds ?? []), ...(dynamic ? (info?.dynamicallyImportedIds ?? []) : []));
  }
  return seen;
}

/** Module id → chunk name: 'routing', or the names of the pages that need it ('login.register'). */
function plan(graph: ModuleGraph, root: string): Map<string, string> {
  const entry = path.resolve(root, 'src/main.tsx');
  const atEntry = closure(graph, entry);
  const routing = [...closure(graph, path.resolve(root, 'src/start/routing.ts'))].filter((id) => !atEntry.has(id));
  const before = new Set([...atEntry, ...routing, ...closure(graph, path.resolve(root, 'src/start/draw.tsx'))]);
  const splitRoutes = [...closure(graph, entry, { dynamic: true })].flatMap((id) => {
    const routeId = declaredRouteId(id);
    return routeId ? [{ id, routeId }] : [];
  });
  const pagesOf = new Map<string, string[]>();
  for (const page of FIRST_SCREENS) {
    const ids = routeIdsOf(page.routeId);
    const needed = new Set(splitRoutes.filter((r) => ids.has(r.routeId)).flatMap((r) => [...closure(graph, r.id)]));
    for (const id of needed) if (!before.has(id)) pagesOf.set(id, [...(pagesOf.get(id) ?? []), page.name]);
  }
  return new Map([
    ...routing.map((id) => [id, 'routing'] as const),
    ...[...pagesOf].map(([id, pages]) => [id, pages.join('.')] as const),
  ]);
}

/** A code-splitting group's `name`: the chunk a module belongs in, or null to leave it to the bundler. */
export function pageGroups(root: string) {
  let chunkOf: Map<string, string> | undefined;
  return (id: string, graph: ModuleGraph): string | null => (chunkOf ??= plan(graph, root)).get(id) ?? null;
}
