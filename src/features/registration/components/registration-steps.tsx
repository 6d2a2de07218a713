import { useLingui } from '@lingui/react/macro';
import { StepProgress } from '../../../components/ui/step-progress';

/** Where the citizen is in the four steps of registration. */
export function RegistrationSteps({ current }: { current: 1 | 2 | 3 | 4 }) {
  const { t } = useLingui();
  return (
    <StepProgress
      label={t`Registration steps`}
      steps={[t`Account`, t`ID card`, t`Personal information`, t`Verification`]}
      current={current}
    />
  );
}
