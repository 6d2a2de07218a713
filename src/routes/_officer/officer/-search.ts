import type { OfficerTask } from '../../../../contract/officer';
import type { QueueSearch } from '../../../features/officer/api/tasks';

/**
 * The back office's addresses: which queue, search and filters (the routes' `validateSearch`).
 * A route's search check is part of the app's entry whatever screen opens first (only route
 * components are split off), so this file imports no back-office code, not even the contract's
 * task list: a citizen's first visit must not fetch any of it. The type makes the list below name
 * every task of the contract, no more, no less.
 */
const TASKS: Record<OfficerTask, true> = {
  payments: true,
  review: true,
  approval: true,
  issue: true,
  pickups: true,
  waiting: true,
};
export const isTask = (value: unknown): value is OfficerTask =>
  typeof value === 'string' && Object.hasOwn(TASKS, value);

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).slice(0, 100) : undefined);

/** The queue, its search and filters live in the address: back from a case returns to the same list. */
export function queueSearch(input: Record<string, unknown>): QueueSearch {
  const page = Number(input.page);
  const date = text(input.date);
  return {
    task: isTask(input.task) ? input.task : undefined,
    q: text(input.q) || undefined,
    mine: input.mine === true || input.mine === '1' || input.mine === 'true' || undefined,
    tone: input.tone === 'at-risk' || input.tone === 'overdue' ? input.tone : undefined,
    date: date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
}

/** The queue a case was opened from: its next case opens after a decision. */
export const caseSearch = (input: Record<string, unknown>): { task?: OfficerTask } => ({
  task: isTask(input.task) ? input.task : undefined,
});
