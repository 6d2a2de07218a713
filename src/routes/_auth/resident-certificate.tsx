import { createFileRoute } from '@tanstack/react-router';
import { CertificateMenu } from '../../features/application/components/certificate-menu';

export const Route = createFileRoute('/_auth/resident-certificate')({
  component: CertificateMenu,
});
