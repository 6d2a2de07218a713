import { createFileRoute } from '@tanstack/react-router';
import { AnswerRequestScreen } from '../../features/answer-request/components/answer-request-screen';

export const Route = createFileRoute('/_auth/answer-request/$id')({
  component: function AnswerRequestRoute() {
    const { id } = Route.useParams();
    return <AnswerRequestScreen key={id} id={Number(id)} />;
  },
});
