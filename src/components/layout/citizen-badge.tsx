import { Trans } from '@lingui/react/macro';
import styles from './citizen-badge.module.css';

/** The 'Citizen' badge of the welcome card, account and profile screens (docs/specification.md#users-and-languages). */
export function CitizenBadge() {
  return (
    <span className={styles.badge}>
      <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
        <path
          d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6z M9 12l2 2 4-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      </svg>
      <Trans>Citizen</Trans>
    </span>
  );
}
