import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startOwnServer, type OwnServer } from './fixtures/own-server';

/**
 * Many phones behind one carrier address (or one office connection) installing the app in the same
 * minute: the shell and every precached file are served to all of them, on the production limits.
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });

let server: OwnServer;
test.beforeAll(async () => {
  server = await startOwnServer();
});
test.afterAll(async () => server?.stop());

/** The precache manifest the build injected into dist/sw.js: what a browser fetches when it installs the app. */
function precachedUrls(): string[] {
  const sw = fs.readFileSync(path.join(process.cwd(), 'dist', 'sw.js'), 'utf8');
  const urls = [...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => `/${m[1]}`);
  expect(urls.length).toBeGreaterThan(50);
  return urls;
}

const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'lo-LA,lo;q=0.9,en;q=0.8' };

test('200 first visits from one address within a minute: the shell, the service worker, every precached file and the first API calls are all served', async ({
  browser,
}) => {
  // One real first visit, to learn which API calls the first screen makes.
  const context = await browser.newContext();
  const page = await context.newPage();
  const apiCalls = new Set<string>();
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/')) apiCalls.add(url.pathname + url.search);
  });
  await page.goto(`${server.url}/`);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForLoadState('networkidle');
  await context.close();

  const visit = ['/', '/sw.js', ...precachedUrls(), ...apiCalls];
  const started = Date.now();
  const failures: string[] = [];
  let requests = 0;
  const oneVisit = async (n: number) => {
    // The navigation first, then the rest six at a time, as a browser does over HTTP/1.1.
    const queue = [...visit];
    const fetchOne = async (url: string) => {
      const res = await fetch(`${server.url}${url}`, {
        headers:
          url === '/' ? { ...BROWSER_HEADERS, accept: 'text/html', 'sec-fetch-mode': 'navigate' } : BROWSER_HEADERS,
      });
      await res.arrayBuffer();
      requests++;
      if (res.status !== 200) failures.push(`visit ${n}: ${url} → ${res.status}`);
    };
    await fetchOne(queue.shift()!);
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        for (let url = queue.shift(); url !== undefined; url = queue.shift()) await fetchOne(url);
      }),
    );
  };
  const visitors = Array.from({ length: 200 }, (_, i) => i);
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let n = visitors.shift(); n !== undefined; n = visitors.shift()) await oneVisit(n);
    }),
  );
  console.log(
    `200 first visits from one address: ${requests} requests (${visit.length} each, ${apiCalls.size} to the API) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  expect(failures.slice(0, 10)).toEqual([]);
  expect(requests).toBe(200 * visit.length);
});

test('an address past its API ceiling still gets the app on every navigation; its API calls get the error shape with Retry-After', async ({
  page,
}) => {
  // Past the default ceiling of anonymous API calls (2000 a minute) from this address. The minute
  // began with the server's first health check, so it may end partway through: up to two minutes' worth.
  let refused: Response | undefined;
  for (let i = 0; i < 4100 && !refused; i += 50) {
    const batch = await Promise.all(Array.from({ length: 50 }, () => fetch(`${server.url}/api/health`)));
    refused = batch.find((r) => r.status === 429);
  }
  expect(refused?.status).toBe(429);
  expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await refused!.json()).toMatchObject({ data: { error_code: 'too_many_requests' } });

  await page.goto(`${server.url}/login`);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  const shell = await fetch(`${server.url}/home`, { headers: { accept: 'text/html' } });
  expect(shell.status).toBe(200);
  expect(shell.headers.get('content-type')).toMatch(/^text\/html/);
});
