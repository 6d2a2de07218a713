import { Trans, useLingui } from '@lingui/react/macro';
import styles from './step-indicator.module.css';

/** 'step 1 of 3' with the three steps named (applicant data, documents, payment). */
export function StepIndicator({ step }: { step: 1 | 2 | 3 }) {
  const { t } = useLingui();
  const names = [t`Applicant data`, t`Documents`, t`Payment`];
  return (
    <div className={styles.steps}>
      <p className={styles.count}><Trans>Step {step} of 3</Trans></p>
      <ol className={styles.list}>
        {names.map((name, i) => (
          <li key={name} className={styles.item} data-state={i + 1 < step ? 'done' : i + 1 === step ? 'current' : 'todo'} aria-current={i + 1 === step ? 'step' : undefined}>
            <span className={styles.bar} aria-hidden="true" />
            <span className={styles.name}>{name}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
