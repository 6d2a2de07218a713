import { createFileRoute } from '@tanstack/react-router';
import { VerifyScreen } from '../features/verify/components/verify-screen';
import { loadVerifyWords } from '../lib/i18n';

/** Public: the address in the certificate's QR code; no sign-in needed. */
export const Route = createFileRoute('/verify/$code')({
  beforeLoad: loadVerifyWords,
  // The registry is asked before the screen is drawn (not at the build's render of the page, nor
  // when a link to it is merely pointed at).
  loader: ({ params, preload }) => {
    if (!preload && !import.meta.env.SSR)
      void import('../features/verify/api/verify-certificate').then((m) => m.askEarly(params.code));
  },
  component: function VerifyRoute() {
    const { code } = Route.useParams();
    return <VerifyScreen key={code} code={code} />;
  },
});
