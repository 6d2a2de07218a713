import { createFileRoute } from '@tanstack/react-router';
import { isStatus, type Status } from '../../../../contract/status';
import { QueueScreen } from '../../../features/officer/components/queue-screen';

interface QueueSearch {
  status?: Status;
  q?: string;
  page?: number;
}

/** Filters live in the address, so going back from a detail returns to the same list; nonsense is dropped. */
function validateSearch(input: Record<string, unknown>): QueueSearch {
  const status = typeof input.status === 'string' && isStatus(input.status) ? input.status : undefined;
  const q = typeof input.q === 'string' || typeof input.q === 'number' ? String(input.q).slice(0, 100) : undefined;
  const page = Number(input.page);
  return { status, q: q || undefined, page: Number.isInteger(page) && page > 1 ? page : undefined };
}

export const Route = createFileRoute('/_officer/officer/')({
  validateSearch,
  component: function OfficerQueueRoute() {
    const filter = Route.useSearch();
    return <QueueScreen filter={filter} />;
  },
});
