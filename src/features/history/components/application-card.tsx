import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { HistoryItem } from '../../../../contract/application';
import { CERTIFICATE_READY } from '../../../../contract/status';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDate } from '../../../lib/format';
import styles from '../../../components/application/application-card.module.css';

/** One application in the history; a ready certificate opens the certificate screen, anything else the detail. */
export function ApplicationCard({ item }: { item: HistoryItem }) {
  const { i18n } = useLingui();
  const body = (
    <>
      <div className={styles.top}>
        <span className={styles.ticket}>{item.ticket_number}</span>
        <StatusBadge status={item.status} />
      </div>
      <span className={styles.service}>
        <Trans>Resident certificate</Trans>
      </span>
      <span className={styles.date}>
        <Trans>Applied on {formatDate(item.applied_on, i18n.locale)}</Trans>
      </span>
    </>
  );
  return CERTIFICATE_READY.includes(item.status) ? (
    <Link to="/certificate-approval/$id" params={{ id: String(item.id) }} className={styles.card}>
      {body}
    </Link>
  ) : (
    <Link to="/detail-application/$id" params={{ id: String(item.id) }} className={styles.card}>
      {body}
    </Link>
  );
}
