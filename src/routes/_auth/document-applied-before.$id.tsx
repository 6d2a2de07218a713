import { createFileRoute } from '@tanstack/react-router';
import { ReapplyDocumentsScreen } from '../../features/reapply/components/reapply-documents-screen';

export const Route = createFileRoute('/_auth/document-applied-before/$id')({
  component: function DocumentAppliedBeforeRoute() {
    const { id } = Route.useParams();
    return <ReapplyDocumentsScreen key={id} id={Number(id)} />;
  },
});
