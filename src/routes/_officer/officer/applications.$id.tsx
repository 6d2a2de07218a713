import { createFileRoute } from '@tanstack/react-router';
import { ReviewScreen } from '../../../features/officer/components/review/review-screen';
import { caseSearch } from './-search';

export const Route = createFileRoute('/_officer/officer/applications/$id')({
  validateSearch: caseSearch,
  component: function OfficerCaseRoute() {
    const { id } = Route.useParams();
    const { task } = Route.useSearch();
    return <ReviewScreen key={id} id={Number(id)} task={task} />;
  },
});
