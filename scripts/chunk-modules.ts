import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Where the build writes which source modules each chunk holds (not in dist/: nothing to serve). */
export const CHUNK_MODULES_FILE = path.join('node_modules', '.cache', 'chunk-modules.json');

/**
 * Records, for every chunk of the client build, the modules bundled into it. `npm run budget` reads
 * it to tell which code a first screen fetched: a minified chunk may no longer name its library.
 */
export function chunkModules(): Plugin {
  return {
    name: 'chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment?.config.build.ssr) return;
      const map: Record<string, string[]> = {};
      for (const [file, out] of Object.entries(bundle)) {
        if (out.type !== 'chunk') continue;
        const ids = (out as { moduleIds?: string[] }).moduleIds ?? Object.keys(out.modules);
        map[path.basename(file)] = ids.map((id) =>
          path.relative(process.cwd(), id.replace(/^\0/, '')).split(path.sep).join('/'),
        );
      }
      fs.mkdirSync(path.dirname(CHUNK_MODULES_FILE), { recursive: true });
      fs.writeFileSync(CHUNK_MODULES_FILE, `${JSON.stringify(map)}\n`);
    },
  };
}
