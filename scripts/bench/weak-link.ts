/**
 * The weak-link submission, as the end-to-end test drives it (tests/e2e/weak-link.spec.ts): three
 * 12-megapixel phone photos, "Make payment" through a pacing proxy at 384 kbit/s up with 300 ms round
 * trips and a 15 s cut. The figures are the test's own printed lines: what the phone sent and when
 * the application was on the server, next to what the base64 path would send over the same link.
 */
import { spawnSync } from 'node:child_process';

export interface WeakLinkFigure {
  /** Seconds after "Make payment" when the link was cut (mid-upload). */
  cutAt: number;
  sentKiB: number;
  seconds: number;
  base64KiB: number;
  base64MinSeconds: number;
}

export function weakLink(port: number): WeakLinkFigure | null {
  const run = spawnSync(
    'npx',
    ['playwright', 'test', 'tests/e2e/weak-link.spec.ts', '-g', 'three phone photos', '--retries=0', '--reporter=line'],
    { encoding: 'utf8', env: { ...process.env, E2E_PORT: String(port) }, timeout: 600_000 },
  );
  const out = `${run.stdout}\n${run.stderr}`;
  const now = /weak link .*?cut 15 s at (\d+) s\): (\d+) KiB sent by the phone, ([\d.]+) s/.exec(out);
  const old = /old path .*?: (\d+) KiB, at least (\d+) s/.exec(out);
  if (run.status !== 0 || !now || !old) {
    process.stderr.write(`weak-link run failed (exit ${run.status}):\n${out.slice(-2000)}\n`);
    return null;
  }
  return {
    cutAt: Number(now[1]),
    sentKiB: Number(now[2]),
    seconds: Number(now[3]),
    base64KiB: Number(old[1]),
    base64MinSeconds: Number(old[2]),
  };
}

export function weakLinkTable(f: WeakLinkFigure): string[] {
  return [
    '',
    `## An application on a weak link (384 kbit/s up, 1 Mbit/s down, 300 ms round trip, cut for 15 s at ${f.cutAt} s, mid-upload)`,
    '',
    '| path | sent by the phone | until the application was on the server |',
    '|---|---:|---:|',
    `| documents made small, resumable uploads (measured) | ${f.sentKiB} KiB | ${f.seconds.toFixed(1)} s |`,
    `| the same photos as base64 in one JSON body (computed) | ${f.base64KiB} KiB | at least ${f.base64MinSeconds} s without any cut; a cut restarts it |`,
  ];
}
