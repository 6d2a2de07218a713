import { Link, useNavigate } from '@tanstack/react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { Status } from '../../../../contract/status';
import { AppHeader } from '../../../components/layout/app-header';
import { Card, Page } from '../../../components/layout/page';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { SkeletonCard } from '../../../components/ui/skeleton';
import { PaymentStatusBadge, StatusBadge } from '../../../components/ui/status-badge';
import { currentLanguage } from '../../../lib/i18n';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useLoad } from '../../../lib/use-load';
import { fetchQueue, type QueueFilter } from '../api/officer-api';
import { STATUS_FILTERS } from '../labels';
import { OfficerToolbar } from './officer-toolbar';
import styles from './officer.module.css';

/** /officer: every application, newest change first; filter by status, search by ticket, name or ID card. */
export function QueueScreen({ filter }: { filter: QueueFilter }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [search, setSearch] = useState(filter.q ?? '');
  const [status, setStatus] = useState<string>(filter.status ?? '');
  const language = currentLanguage();

  const state = useLoad((signal) => fetchQueue(filter, signal), [filter.status, filter.q, filter.page, language]);

  const go = (next: QueueFilter) =>
    navigate({
      to: '/officer',
      search: {
        status: next.status,
        q: next.q?.trim() || undefined,
        page: next.page && next.page > 1 ? next.page : undefined,
      },
    });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void go({ status: (status || undefined) as Status | undefined, q: search, page: 1 });
  };
  const queue = state.data;
  const pages = queue ? Math.max(1, Math.ceil(queue.total / queue.page_size)) : 1;

  return (
    <Page wide header={<AppHeader title={<Trans>Back office</Trans>} back={false} />}>
      <div className={styles.desk}>
        <OfficerToolbar>
          <h2 className={styles.toolbarTitle}>
            <Trans>Resident certificate applications</Trans>
          </h2>
          <Link to="/officer/accounts" className={styles.ticketLink}>
            <Trans>Officer accounts</Trans>
          </Link>{' '}
          ·{' '}
          <Link to="/officer/pickup-desk" className={styles.ticketLink}>
            <Trans>Pick-up desk</Trans>
          </Link>{' '}
          ·{' '}
          <Link to="/officer/figures" className={styles.ticketLink}>
            <Trans>Office figures</Trans>
          </Link>
        </OfficerToolbar>
        <Card as="section">
          <form className={styles.filters} onSubmit={submit} role="search">
            <TextField
              label={<Trans>Search</Trans>}
              hint={<Trans>Ticket number, name or ID card number</Trans>}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              type="search"
              maxLength={100}
            />
            <SelectField
              label={<Trans>Status</Trans>}
              placeholder={t`All statuses`}
              options={STATUS_FILTERS.map((s) => ({ id: s.status, name: i18n._(s.label) }))}
              value={status}
              onChange={(e) => {
                setStatus(e.target.value);
                void go({ status: (e.target.value || undefined) as Status | undefined, q: search, page: 1 });
              }}
            />
            <Button type="submit">
              <Trans>Search</Trans>
            </Button>
          </form>
        </Card>

        {state.status === 'loading' && (
          <div aria-busy="true">
            <SkeletonCard lines={6} />
          </div>
        )}
        {state.status === 'failed' && <LoadFailed error={state.error} onRetry={state.retry} />}
        {queue && (
          <Card as="section">
            <p className={styles.muted} role="status">
              {queue.total === 0 ? (
                <Trans>No application matches.</Trans>
              ) : (
                <>
                  <Plural value={queue.total} one="# application" other="# applications" />,{' '}
                  <Trans>
                    page {queue.page} of {pages}
                  </Trans>
                </>
              )}
            </p>
            {queue.items.length > 0 && (
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">
                      <Trans>Ticket number</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Applicant</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Status</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Applied on</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Payment deadline</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {queue.items.map((item) => (
                    <tr key={item.id}>
                      <td>
                        <Link
                          to="/officer/applications/$id"
                          params={{ id: String(item.id) }}
                          className={styles.ticketLink}
                        >
                          {item.ticket_number}
                        </Link>
                      </td>
                      <td data-label={t`Applicant`}>{item.applicant_name}</td>
                      <td data-label={t`Status`}>
                        <span className={styles.badges}>
                          <StatusBadge status={item.status} />
                          <PaymentStatusBadge status={item.payment_status} />
                        </span>
                      </td>
                      <td data-label={t`Applied on`}>{formatDate(item.applied_on, i18n.locale)}</td>
                      <td data-label={t`Payment deadline`}>
                        {item.payment_status === 'paid' ? '-' : formatDateTime(item.deadline, i18n.locale)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {pages > 1 && (
              <nav className={styles.pager} aria-label={t`Pages`}>
                <Button
                  variant="secondary"
                  isDisabled={queue.page <= 1}
                  onPress={() => void go({ ...filter, page: queue.page - 1 })}
                >
                  <Trans>Previous page</Trans>
                </Button>
                <Button
                  variant="secondary"
                  isDisabled={queue.page >= pages}
                  onPress={() => void go({ ...filter, page: queue.page + 1 })}
                >
                  <Trans>Next page</Trans>
                </Button>
              </nav>
            )}
          </Card>
        )}
      </div>
    </Page>
  );
}
