import { createFileRoute } from '@tanstack/react-router';
import type { OfficerTask } from '../../../../contract/officer';
import { isTask } from '../../../features/officer/components/queues/queue-screen';
import { ReviewScreen } from '../../../features/officer/components/review/review-screen';

/** The queue the case was opened from: its next case opens after a decision. */
const validateSearch = (input: Record<string, unknown>): { task?: OfficerTask } => ({
  task: isTask(input.task) ? input.task : undefined,
});

export const Route = createFileRoute('/_officer/officer/applications/$id')({
  validateSearch,
  component: function OfficerCaseRoute() {
    const { id } = Route.useParams();
    const { task } = Route.useSearch();
    return <ReviewScreen key={id} id={Number(id)} task={task} />;
  },
});
