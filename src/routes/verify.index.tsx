import { createFileRoute } from '@tanstack/react-router';
import { PresentationScreen } from '../features/verify/components/presentation-screen';
import { loadVerifyWords } from '../lib/i18n';

/** Public: a receiver checks what a holder's wallet app presented; no sign-in needed. */
export const Route = createFileRoute('/verify/')({
  beforeLoad: loadVerifyWords,
  component: PresentationScreen,
});
