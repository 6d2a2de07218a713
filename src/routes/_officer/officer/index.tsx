import { createFileRoute } from '@tanstack/react-router';
import { isTask, QueueScreen, type QueueSearch } from '../../../features/officer/components/queues/queue-screen';

/** The queue, its search and filters live in the address: back from a case returns to the same list. */
function validateSearch(input: Record<string, unknown>): QueueSearch {
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).slice(0, 100) : undefined);
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

export const Route = createFileRoute('/_officer/officer/')({
  validateSearch,
  component: function OfficerQueueRoute() {
    return <QueueScreen search={Route.useSearch()} />;
  },
});
