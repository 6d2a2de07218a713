/**
 * Bundles the server and its command-line tools into dist-server/ so production runs them with
 * `node` alone: no TypeScript loader, no build tools at run time (`npm ci --omit=dev` after a build).
 * Packages stay outside the bundle (loaded from node_modules); the project's own code — server/
 * and contract/ — goes in. Files read at run time (migrations, shipped data, the web app in dist/)
 * are found from the project folder (server/paths.ts), so the bundle needs no copies of them.
 */
import path from 'node:path';
import { build } from 'vite';

const root = path.resolve(import.meta.dirname, '..');

export const serverEntries = {
  server: 'server/server.ts',
  'officer-create': 'server/cli/officer-create.ts',
  backup: 'server/cli/backup.ts',
  restore: 'server/cli/restore.ts',
  'import-locations': 'server/db/seed/import-locations-cli.ts',
};

await build({
  root,
  configFile: false,
  logLevel: 'warn',
  // The web app's public/ folder is not the server's.
  publicDir: false,
  build: {
    ssr: true,
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node22',
    minify: false,
    sourcemap: true,
    rolldownOptions: {
      input: Object.fromEntries(Object.entries(serverEntries).map(([name, file]) => [name, path.join(root, file)])),
      output: { format: 'esm', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
  ssr: { target: 'node', noExternal: [] },
});
console.log('Server bundled into dist-server/.');
