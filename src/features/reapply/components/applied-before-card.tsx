import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { HistoryItem } from '../../../../contract/application';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDate } from '../../../lib/format';
import styles from '../../../components/application/application-card.module.css';

/** One rejected application: status, ticket number and applied-on date, opening its re-apply detail. */
export function AppliedBeforeCard({ item }: { item: HistoryItem }) {
  const { i18n } = useLingui();
  return (
    <Link to="/history-applied-before-detail/$id" params={{ id: String(item.id) }} className={styles.card}>
      <span className={styles.top}>
        <span className={styles.ticket}>{item.ticket_number}</span>
        <StatusBadge status={item.status} />
      </span>
      <span className={styles.date}>
        <Trans>Applied on {formatDate(item.applied_on, i18n.locale)}</Trans>
      </span>
      <span className={styles.action}>
        <Trans>View details</Trans>
      </span>
    </Link>
  );
}
