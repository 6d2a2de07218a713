import { createFileRoute } from '@tanstack/react-router';
import { VerifyScreen } from '../features/verify/components/verify-screen';
import { loadVerifyWords } from '../lib/i18n';

/** Public: the address in the certificate's QR code; no sign-in needed. */
export const Route = createFileRoute('/verify/$code')({
  beforeLoad: loadVerifyWords,
  component: function VerifyRoute() {
    const { code } = Route.useParams();
    return <VerifyScreen key={code} code={code} />;
  },
});
