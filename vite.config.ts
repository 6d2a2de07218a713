import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { prerenderPages } from './scripts/prerender-pages';
import { catalogueParts } from './scripts/catalogue-parts';
import { chunkModules } from './scripts/chunk-modules';
import { pageGroups } from './scripts/page-groups';

/**
 * The libraries every screen starts with (React, the router, Lingui's React part, zustand), in one
 * file rather than a dozen small ones: the start-up steps import them apart (src/main.tsx), which
 * would otherwise split them into many chunks, each a request of its own. The parts only some
 * screens use (a form's leave guard, the stores kept in IndexedDB) stay with those screens.
 */
const START_LIBRARIES = /node_modules[\\/](react|@tanstack|use-sync-external-store|zustand|@lingui[\\/]react)[\\/]/;
const NOT_AT_START = /[\\/](useBlocker|useLocation)\.js$|[\\/]zustand[\\/]esm[\\/]middleware/;

// Plugin order matters: the router plugin splits route files first, the Lingui macro must be
// compiled by Babel before React's transform sees the code, then the catalogues and the PWA.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
    }),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    react(),
    catalogueParts(),
    lingui(),
    prerenderPages(),
    chunkModules(),
    !isSsrBuild &&
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'sw',
        filename: 'sw.ts',
        registerType: 'prompt',
        injectRegister: false,
        injectManifest: {
          // The app shell and the Lao font; OCR data (~10 MB) is cached on first use instead. pdf.js
          // (officers' view of other people's PDFs, ~117 KB) is never put on a citizen's phone.
          globPatterns: ['**/*.{js,css,html,woff2,svg,png,webmanifest}'],
          globIgnores: ['tesseract/**', 'banks/**', 'assets/pdf-pages-*.js'],
          maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        },
        manifest: {
          id: '/',
          name: 'Lao e-Government — Resident Certificate',
          short_name: 'Lao e-Gov',
          description: 'Apply for a resident certificate, pay by bank transfer and follow your application.',
          lang: 'lo',
          start_url: '/home',
          scope: '/',
          display: 'standalone',
          orientation: 'portrait',
          theme_color: '#002868',
          background_color: '#ffffff',
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
        },
      }),
  ],
  // Module workers (the photo shrinking one): supported wherever OffscreenCanvas is.
  worker: { format: 'es' },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: isSsrBuild
    ? {
        ssr: 'src/prerender/render-page.tsx',
        outDir: 'node_modules/.cache/prerender',
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: false,
      }
    : {
        target: 'es2022',
        sourcemap: false,
        // React DOM in a chunk of its own: it changes far less often than the app, so an update
        // of the app does not make returning citizens download it again (and no chunk passes 60 KB gzip).
        rolldownOptions: {
          output: {
            advancedChunks: {
              groups: [
                { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ },
                { name: 'libraries', test: (id: string) => START_LIBRARIES.test(id) && !NOT_AT_START.test(id) },
                // Each group's modules exactly those pages need: their own dependencies are placed by
                // the same rule, so the group must not pull them in (scripts/page-groups.ts).
                { name: pageGroups(import.meta.dirname), includeDependenciesRecursively: false },
              ],
            },
          },
        },
      },
}));
