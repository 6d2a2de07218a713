import { createFileRoute } from '@tanstack/react-router';
import { QueueScreen } from '../../../features/officer/components/queues/queue-screen';
import { queueSearch } from './-search';

export const Route = createFileRoute('/_officer/officer/')({
  validateSearch: queueSearch,
  component: function OfficerQueueRoute() {
    return <QueueScreen search={Route.useSearch()} />;
  },
});
