/**
 * The officer's day at the keyboard (`npm run bench -- --only officer-day`): a reviewer marks
 * BENCH_CASES cases reviewed, then an approver approves them, in Chromium against the built app
 * (scripts/bench/officer-day-server.ts), driven by keys only, as fast as the screen lets them.
 *
 * Per decision it counts the keys pressed from the moment a case is on screen until the next one
 * is (the decision's key, Enter to confirm; with `reading`, "]" through every document first, each
 * waited for until painted), the seconds that took, and how long the next case took to appear
 * after the Enter that confirmed the decision — timed in the page itself (the keydown's time to the
 * moment the next ticket's heading is in the document). Goals: the next case within 300 ms, at
 * most 6 keys from opening a clean case to approving it.
 */
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { chromium, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../tests/e2e/chromium';

interface DayServer {
  port: number;
  reviewer: string;
  approver: string;
  ids: number[];
  stop(): Promise<void>;
}

async function startDayServer(): Promise<DayServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/officer-day-server.ts'], {
    env: { ...process.env, NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout });
  const info = await new Promise<Omit<DayServer, 'stop'>>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`officer-day server exited with ${code}`)));
    lines.on('line', (line) => line.startsWith('{"ready"') && resolve(JSON.parse(line)));
  });
  return {
    ...info,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export interface DecisionFigure {
  role: 'reviewer' | 'approver';
  keys: number;
  seconds: number;
  /** From the confirming Enter to the next case's heading; null after the last case. */
  nextMs: number | null;
}

/** Marks the time of every key and of every new case heading, in the page's own clock. */
const INSTRUMENT = () => {
  const w = window as unknown as { marks: { keys: [string, number][]; headings: [string, number][] } };
  w.marks = { keys: [], headings: [] };
  document.addEventListener('keydown', (e) => w.marks.keys.push([e.key, performance.now()]), true);
  let last = '';
  new MutationObserver(() => {
    const h1 = document.querySelector('main h1');
    const text = h1?.textContent ?? '';
    if (text && text !== last) {
      last = text;
      w.marks.headings.push([text, performance.now()]);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
};
type Marks = { keys: [string, number][]; headings: [string, number][] };
const marks = (page: Page) => page.evaluate(() => (window as unknown as { marks: Marks }).marks);

const TICKET = /^RC0000\d+$/;

async function caseOnScreen(page: Page, not?: string): Promise<string> {
  const h1 = page.locator('main h1');
  await page.waitForFunction(
    (previous) => {
      const text = document.querySelector('main h1')?.textContent ?? '';
      return /^RC0000\d+$/.test(text) && text !== previous;
    },
    not ?? '',
    { timeout: 60_000 },
  );
  return (await h1.textContent())!;
}

/** One officer's run through their queue: take next, (read), decide, until the queue is empty. */
async function work(page: Page, role: DecisionFigure['role'], reading: boolean): Promise<DecisionFigure[]> {
  const figures: DecisionFigure[] = [];
  await page.keyboard.press('n');
  let ticket = await caseOnScreen(page);
  for (;;) {
    const shownAt = Date.now();
    let keys = 0;
    if (reading) {
      // Every document, each painted before the next key (an image, or pdf.js's canvas).
      const pane = page.getByRole('region', { name: 'Documents' });
      for (;;) {
        await pane.locator('[data-testid="document-stage"] :is(img, canvas)').first().waitFor({ timeout: 30_000 });
        const next = pane.getByRole('button', { name: 'Next document' });
        if (await next.isDisabled()) break;
        await page.keyboard.press(']');
        keys++;
      }
    }
    await page.keyboard.press('a');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Enter');
    keys += 2;
    const nextTicket = await Promise.race([
      caseOnScreen(page, ticket).catch(() => null),
      page
        .getByRole('heading', { level: 1 })
        .filter({ hasNotText: TICKET })
        .waitFor({ timeout: 60_000 })
        .then(
          () => null,
          () => null,
        ),
    ]);
    const m = await marks(page);
    const enterAt = m.keys.filter(([k]) => k === 'Enter').at(-1)![1];
    const appeared = nextTicket ? m.headings.find(([text, at]) => text === nextTicket && at > enterAt)?.[1] : undefined;
    figures.push({
      role,
      keys,
      seconds: (Date.now() - shownAt) / 1000,
      nextMs: appeared !== undefined ? appeared - enterAt : null,
    });
    if (!nextTicket) break;
    ticket = nextTicket;
  }
  return figures;
}

async function officerPage(base: string, token: string) {
  const browser = await chromium.launch(chromiumLaunchOptions());
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(
    ({ token, expiresAt }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('expiresAt', String(expiresAt));
      localStorage.setItem('role', 'officer');
      localStorage.setItem('language', 'en');
    },
    { token, expiresAt: Date.now() + 55 * 60_000 },
  );
  await context.addInitScript(INSTRUMENT);
  const page = await context.newPage();
  await page.goto(`${base}/officer`);
  await page.getByRole('button', { name: /Take next/ }).waitFor({ timeout: 60_000 });
  return { page, close: () => browser.close() };
}

export async function officerDay(reading = true): Promise<DecisionFigure[]> {
  const server = await startDayServer();
  const base = `http://127.0.0.1:${server.port}`;
  const figures: DecisionFigure[] = [];
  try {
    for (const role of ['reviewer', 'approver'] as const) {
      const { page, close } = await officerPage(base, server[role]);
      try {
        figures.push(...(await work(page, role, reading)));
      } finally {
        await close();
      }
    }
  } finally {
    await server.stop();
  }
  return figures;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : NaN;
};
const p90 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil(s.length * 0.9) - 1)]! : NaN;
};

export function officerDayTable(figures: DecisionFigure[]): string[] {
  const rows = [
    '| Officer | Decisions | Keys per decision | Seconds per decision (median) | Next case after the decision (median / p90 / max) |',
    '| --- | --: | --: | --: | --: |',
  ];
  for (const role of ['reviewer', 'approver'] as const) {
    const mine = figures.filter((f) => f.role === role);
    const next = mine.flatMap((f) => (f.nextMs === null ? [] : [f.nextMs]));
    rows.push(
      `| ${role} | ${mine.length} | ${[...new Set(mine.map((f) => f.keys))].join(', ')} | ${median(mine.map((f) => f.seconds)).toFixed(2)} s | ${Math.round(median(next))} / ${Math.round(p90(next))} / ${Math.round(Math.max(...next))} ms |`,
    );
  }
  return rows;
}
