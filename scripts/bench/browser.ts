/** Browser figures: Lighthouse (mobile preset), the first screen offline, and on-device OCR. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../../tests/e2e/chromium';

/** The middle of the figures a run produced (a run that could not measure one gives NaN, left out). */
const median = (xs: number[]) => {
  const ok = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return ok.length ? ok[Math.floor(ok.length / 2)] : NaN;
};

export interface LighthouseFigure {
  /** "app" or "bare stack" (scripts/bench/bare-app): what was measured at `path`. */
  app: string;
  path: string;
  runs: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

/** One screen to measure: `app` names it in the tables, `base` is its server. */
export interface LighthouseTarget {
  app: string;
  base: string;
  path: string;
  /** The signed-in home's session on this server, when it is not the run's (another server's database). */
  session?: { token: string; expiresAt: number };
}

/**
 * Lighthouse's default (mobile) preset — simulated slow 4G and a 4× slower CPU — `runs` runs per
 * screen, the median of each figure. The runs go round the screens (first run of every screen, then
 * the second…), so a busy moment of a shared machine falls on all of them rather than on one, and the
 * bare stack measured beside the app meets the same machine. The signed-in home keeps its session in
 * localStorage, so for it the storage is not reset; the HTTP cache and the service worker are cleared
 * before each run.
 */
export async function lighthouseRuns(
  targets: LighthouseTarget[],
  session: { token: string; expiresAt: number },
  runs = 3,
  lhrDir?: string,
): Promise<LighthouseFigure[]> {
  const port = Number(process.env.BENCH_DEBUG_PORT ?? 9400 + Math.floor(Math.random() * 500));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-lh-'));
  const launch = chromiumLaunchOptions();
  const context = await chromium.launchPersistentContext(dir, {
    ...launch,
    args: [...(launch.args ?? []), `--remote-debugging-port=${port}`],
    headless: true,
  });
  const results = targets.map((): LighthouseFigure[] => []);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    for (let i = 0; i < runs; i++) {
      for (const [t, { app, base, path: p, session: own }] of targets.entries()) {
        const signedIn = p === '/home';
        if (signedIn) {
          await page.goto(`${base}/login`);
          await page.evaluate((s) => {
            localStorage.setItem('token', s.token);
            localStorage.setItem('expiresAt', String(s.expiresAt));
            localStorage.setItem('role', 'citizen');
          }, own ?? session);
          await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'service_workers,cache_storage' });
          await cdp.send('Network.clearBrowserCache');
          await page.goto('about:blank');
        } else {
          // A signed-in run before leaves its session in localStorage, which Lighthouse's reset may keep.
          await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'local_storage' });
        }
        const measure = async () =>
          (await lighthouse(`${base}${p}`, {
            port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices'],
            disableStorageReset: signedIn,
          }))!.lhr;
        // A run Lighthouse could not read at all (NO_NAVSTART, seen on the first load of a fresh
        // browser) is measured once more, so the median stays one of three.
        let lhr = await measure();
        if (lhr.runtimeError) {
          process.stderr.write(`  lighthouse ${app} ${p}: ${lhr.runtimeError.code}, measured again\n`);
          lhr = await measure();
        }
        if (lhrDir) {
          fs.mkdirSync(lhrDir, { recursive: true });
          const name = `${app.replace(/\W+/g, '-')}${p.replace(/\W+/g, '_')}-${i + 1}.json`;
          fs.writeFileSync(path.join(lhrDir, name), JSON.stringify(lhr));
        }
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
        // A run whose trace Lighthouse could not read has no score: left out of the median, not a 0.
        const score = (id: string) => {
          const s = lhr.categories[id]?.score;
          return typeof s === 'number' ? s * 100 : NaN;
        };
        results[t].push({
          app,
          path: p,
          runs,
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          fcp: audit('first-contentful-paint'),
          lcp: audit('largest-contentful-paint'),
          tbt: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
        });
        if (lhr.finalDisplayedUrl && new URL(lhr.finalDisplayedUrl).pathname !== p)
          throw new Error(`Lighthouse on ${p} ended on ${lhr.finalDisplayedUrl}`);
        process.stderr.write(`  lighthouse ${app} ${p} (${i + 1}/${runs}): ${score('performance')}\n`);
      }
    }
  } finally {
    await context.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return targets.map(({ app, path: p }, t) => {
    const m = (k: keyof LighthouseFigure) => median(results[t].map((r) => r[k] as number));
    return {
      app,
      path: p,
      runs,
      performance: m('performance'),
      accessibility: m('accessibility'),
      bestPractices: m('bestPractices'),
      fcp: m('fcp'),
      lcp: m('lcp'),
      tbt: m('tbt'),
      cls: m('cls'),
    };
  });
}

/** The first screen offline, answered by the service worker: median first and largest paint of 3 loads. */
export async function offlineFirstScreen(
  base: string,
  paths: string[],
): Promise<{ path: string; fcp: number; lcp: number }[]> {
  const browser = await chromium.launch(chromiumLaunchOptions());
  const out: { path: string; fcp: number; lcp: number }[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.setOffline(true);
    for (const p of paths) {
      const fcps: number[] = [];
      const lcps: number[] = [];
      for (let i = 0; i < 3; i++) {
        await page.goto(`${base}${p}`, { waitUntil: 'load' });
        const t = await page.evaluate(
          () =>
            new Promise<{ fcp: number; lcp: number }>((resolve) => {
              const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
              new PerformanceObserver((list) => {
                const entries = list.getEntries();
                resolve({ fcp, lcp: entries[entries.length - 1].startTime });
              }).observe({ type: 'largest-contentful-paint', buffered: true });
              setTimeout(() => resolve({ fcp, lcp: NaN }), 3000);
            }),
        );
        fcps.push(t.fcp);
        lcps.push(t.lcp);
      }
      out.push({ path: p, fcp: median(fcps), lcp: median(lcps) });
    }
  } finally {
    await browser.close();
  }
  return out;
}

/** tesseract.js in Chromium with the app's own engine and data (/tesseract/<version>/): worker start, then one card. */
export async function ocrTiming(
  base: string,
  card: string,
): Promise<{ workerStartMs: number; recognitionMs: number; textLength: number }> {
  // The reader's files sit in a folder named after their versions (scripts/copy-tesseract-assets.ts).
  const version = fs.readdirSync('dist/tesseract', { withFileTypes: true }).find((e) => e.isDirectory())!.name;
  const files = `/tesseract/${version}/`;
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const page = await browser.newPage();
    await page.route('**/bench/tesseract.min.js', (r) =>
      r.fulfill({ path: 'node_modules/tesseract.js/dist/tesseract.min.js', contentType: 'text/javascript' }),
    );
    await page.route('**/bench/card.png', (r) => r.fulfill({ path: card, contentType: 'image/png' }));
    await page.goto(`${base}/login`);
    await page.addScriptTag({ url: '/bench/tesseract.min.js' });
    return await page.evaluate(async (files) => {
      const T = (
        window as unknown as {
          Tesseract: {
            createWorker(
              l: string,
              oem: number,
              o: object,
            ): Promise<{ recognize(i: string): Promise<{ data: { text: string } }>; terminate(): Promise<void> }>;
          };
        }
      ).Tesseract;
      const t0 = performance.now();
      const worker = await T.createWorker('lao+eng', 1, {
        workerPath: `${files}worker.min.js`,
        corePath: files,
        langPath: files,
        cacheMethod: 'none',
        workerBlobURL: false,
      });
      const t1 = performance.now();
      const { data } = await worker.recognize('/bench/card.png');
      const t2 = performance.now();
      await worker.terminate();
      return { workerStartMs: t1 - t0, recognitionMs: t2 - t1, textLength: data.text.length };
    }, files);
  } finally {
    await browser.close();
  }
}
