import type { OfficerTask } from '../../../../contract/officer';
import { fetchCase, type OfficerCase } from './case-detail';
import { fetchTaskQueue } from './tasks';

/**
 * The case the officer will most likely open next, fetched while they work on the current one so
 * it shows the moment a decision is made. Held in this module's memory only — never in the
 * browser's storage — and for one minute at most: another officer may take it meanwhile, and
 * "Take next" (which claims) decides which case really opens.
 */
const FRESH_MS = 60_000;
let ahead: { task: OfficerTask; id: number; at: number; detail: OfficerCase | null } | null = null;
let running: AbortController | null = null;

export function prefetchNextCase(task: OfficerTask, currentId: number): void {
  if (ahead && ahead.task === task && ahead.id !== currentId && Date.now() - ahead.at < FRESH_MS) return;
  running?.abort();
  const controller = new AbortController();
  running = controller;
  void (async () => {
    const queue = await fetchTaskQueue(task, {}, controller.signal);
    const next = queue.items.find((item) => item.id !== currentId && !item.claimed_by);
    if (!next) return;
    const detail = await fetchCase(next.id, controller.signal);
    if (!controller.signal.aborted) ahead = { task, id: next.id, at: Date.now(), detail };
  })().catch(() => undefined);
}

/** The case fetched ahead when it is the one asked for and still fresh; handed out once. */
export function takeAheadCase(id: number): OfficerCase | null {
  if (!ahead || ahead.id !== id || Date.now() - ahead.at > FRESH_MS) return null;
  const { detail } = ahead;
  ahead = null;
  return detail;
}

/** On log-out, or when the officer leaves the queue: nothing of another case lingers. */
export function forgetAheadCase(): void {
  running?.abort();
  running = null;
  ahead = null;
}
