import { createFileRoute } from '@tanstack/react-router';
import { DetailScreen } from '../../features/history/components/detail-screen';

/** ?answered=1: the citizen has just answered an officer's request from /answer-request/{id}. */
export const Route = createFileRoute('/_auth/detail-application/$id')({
  validateSearch: (search: Record<string, unknown>): { answered?: boolean } =>
    search.answered === true || search.answered === '1' || search.answered === 1 ? { answered: true } : {},
  component: function DetailApplicationRoute() {
    const { id } = Route.useParams();
    const { answered } = Route.useSearch();
    return <DetailScreen key={id} id={Number(id)} answered={answered} />;
  },
});
