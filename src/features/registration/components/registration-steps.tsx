import { useLingui } from '@lingui/react/macro';
import styles from './registration.module.css';

/** Where the citizen is in the four steps of registration. */
export function RegistrationSteps({ current }: { current: 1 | 2 | 3 | 4 }) {
  const { t } = useLingui();
  const steps = [t`Account`, t`ID card`, t`Personal information`, t`Verification`];
  return (
    <nav aria-label={t`Registration steps`}>
      <ol className={styles.steps}>
        {steps.map((label, i) => (
          <li key={label} className={styles.step} data-state={i + 1 < current ? 'done' : i + 1 === current ? 'current' : 'todo'} aria-current={i + 1 === current ? 'step' : undefined}>
            <span className={styles.stepBar} aria-hidden="true" />
            <span className={styles.stepLabel}>{label}</span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
