import { createFileRoute } from '@tanstack/react-router';
import { OutboxScreen } from '../../features/outbox/components/outbox-screen';

/** ?queued= names the entry just saved on the phone, so the screen says so plainly. */
export const Route = createFileRoute('/_auth/outbox')({
  validateSearch: (search: Record<string, unknown>): { queued?: string } =>
    typeof search.queued === 'string' && search.queued ? { queued: search.queued } : {},
  component: function OutboxRoute() {
    const { queued } = Route.useSearch();
    return <OutboxScreen queued={queued} />;
  },
});
