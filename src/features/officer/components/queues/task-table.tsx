import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OfficerTask, OfficerTaskItem } from '../../../../../contract/officer';
import { PaymentStatusBadge, StatusBadge } from '../../../../components/ui/status-badge';
import { formatCalendarDate, formatSlotTime } from '../../../../lib/format';
import { ClockLine } from '../desk/clock-line';
import styles from './queues.module.css';

/** One queue's page: least working time left first (the server's order), late rows marked. */
export function TaskTable({ task, items }: { task: OfficerTask; items: OfficerTaskItem[] }) {
  const { t, i18n } = useLingui();
  const pickups = task === 'pickups';
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Ticket number</Trans>
          </th>
          <th scope="col">
            <Trans>Applicant</Trans>
          </th>
          <th scope="col">{pickups ? <Trans>Pick-up</Trans> : <Trans>Time left</Trans>}</th>
          <th scope="col">
            <Trans>Status</Trans>
          </th>
          <th scope="col">
            <Trans>Held by</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id} data-tone={item.clock?.tone}>
            <td>
              <Link
                to="/officer/applications/$id"
                params={{ id: String(item.id) }}
                search={{ task }}
                className={styles.ticket}
              >
                {item.ticket_number}
              </Link>
            </td>
            <td data-label={t`Applicant`}>{item.applicant_name}</td>
            <td data-label={pickups ? t`Pick-up` : t`Time left`}>
              {pickups ? (
                item.pickup_date ? (
                  `${formatCalendarDate(item.pickup_date, i18n.locale)}, ${formatSlotTime(item.pickup_time ?? '', i18n.locale)}`
                ) : (
                  '–'
                )
              ) : (
                <ClockLine clock={item.clock} />
              )}
            </td>
            <td data-label={t`Status`}>
              <span className={styles.badges}>
                <StatusBadge status={item.status} />
                {item.payment_status === 'unpaid' && <PaymentStatusBadge status={item.payment_status} />}
              </span>
            </td>
            <td data-label={t`Held by`}>
              {item.claimed_by ? (
                <span className={styles.holder}>
                  <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
                    <rect x="3" y="7" width="10" height="7" rx="1.5" fill="currentColor" />
                    <path d="M5.5 7V5a2.5 2.5 0 0 1 5 0v2" fill="none" stroke="currentColor" strokeWidth="1.6" />
                  </svg>
                  {item.claimed_by.name || item.claimed_by.email}
                </span>
              ) : (
                <span className={styles.free}>
                  <Trans>Free</Trans>
                </span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
