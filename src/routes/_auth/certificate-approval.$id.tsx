import { createFileRoute } from '@tanstack/react-router';
import { CertificateApprovalScreen } from '../../features/certificate/components/certificate-approval-screen';

export const Route = createFileRoute('/_auth/certificate-approval/$id')({
  component: function CertificateApprovalRoute() {
    const { id } = Route.useParams();
    return <CertificateApprovalScreen key={id} id={Number(id)} />;
  },
});
