import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OfficerTask } from '../../../../../contract/officer';
import { PaymentStatusBadge, StatusBadge } from '../../../../components/ui/status-badge';
import { formatDateTime } from '../../../../lib/format';
import type { OfficerCase } from '../../api/case-detail';
import { TASKS } from '../../labels';
import { ClockLine } from '../desk/clock-line';
import styles from './review.module.css';

/** Which case this is, how much time is left and who holds it: the line read before anything else. */
export function CaseHeader({
  c,
  task,
  claimHolder,
}: {
  c: OfficerCase;
  task?: OfficerTask;
  claimHolder: string | null;
}) {
  const { i18n } = useLingui();
  const name = `${c.applicant_data.first_name} ${c.applicant_data.last_name}`;
  const until = c.claim?.expires_at ? formatDateTime(c.claim.expires_at, i18n.locale).split(', ').pop() : null;
  return (
    <div className={styles.caseHead}>
      <div className={styles.caseTitle}>
        <Link to="/officer" search={{ task }} className={styles.back} aria-keyshortcuts="q">
          <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
            <path d="M12.5 4 6.5 10l6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          {task ? i18n._(TASKS[task].label) : <Trans>Queues</Trans>}
        </Link>
        <h1 className={styles.ticket}>{c.ticket_number}</h1>
        <span className={styles.applicant}>{name}</span>
        <span className={styles.badges}>
          <StatusBadge status={c.status} />
          <PaymentStatusBadge status={c.payment.payment_status} />
        </span>
      </div>
      <div className={styles.caseFacts}>
        <span className={styles.fact}>
          <span className={styles.factLabel}>
            <Trans>Time left</Trans>
          </span>
          <ClockLine clock={c.clock} />
        </span>
        <span className={styles.fact} data-testid="claim">
          <span className={styles.factLabel}>
            <Trans>Held by</Trans>
          </span>
          {c.claim?.mine ? (
            until ? (
              <Trans>You, until {until}</Trans>
            ) : (
              <Trans>You</Trans>
            )
          ) : claimHolder ? (
            <strong>{claimHolder}</strong>
          ) : (
            <Trans>Nobody</Trans>
          )}
        </span>
        {c.certificate_code && (
          <span className={styles.fact}>
            <span className={styles.factLabel}>
              <Trans>Certificate code</Trans>
            </span>
            <span className={styles.code}>{c.certificate_code}</span>
          </span>
        )}
        {c.escalated_to && (
          <span className={styles.fact}>
            <span className={styles.factLabel}>
              <Trans>Escalated to</Trans>
            </span>
            {c.escalated_to.name || c.escalated_to.email}
          </span>
        )}
      </div>
    </div>
  );
}
