import { Trans, useLingui } from '@lingui/react/macro';
import { StepProgress } from '../../../components/ui/step-progress';
import styles from './step-indicator.module.css';

/** 'step 1 of 3' with the three steps named (applicant data, documents, payment). */
export function StepIndicator({ step }: { step: 1 | 2 | 3 }) {
  const { t } = useLingui();
  return (
    <div className={styles.steps}>
      <p className={styles.count}>
        <Trans>Step {step} of 3</Trans>
      </p>
      <StepProgress steps={[t`Applicant data`, t`Documents`, t`Payment`]} current={step} />
    </div>
  );
}
