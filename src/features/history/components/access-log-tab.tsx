import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AccessLogEntry } from '../../../../contract/access-log';
import { LoadFailed } from '../../../components/ui/load-failed';
import { SkeletonCard } from '../../../components/ui/skeleton';
import { api } from '../../../lib/api-client';
import { DOCUMENT_LABELS } from '../../../lib/application-labels';
import { formatDateTime } from '../../../lib/format';
import { useLoad } from '../../../lib/use-load';
import { fileList as list } from '../../../components/application/application-parts';
import styles from './detail-screen.module.css';

/** What an officer did, said to the citizen whose data it is. */
const WHAT: Record<AccessLogEntry['action'], MessageDescriptor> = {
  view: msg`Opened your application`,
  view_document: msg`Opened a document`,
  'verify-payment': msg`Confirmed your payment`,
  'refuse-payment': msg`Refused your proof of payment`,
  'start-review': msg`Started the review`,
  'mark-reviewed': msg`Reviewed your application`,
  'request-information': msg`Asked you for information`,
  'request-revocation': msg`Asked for your certificate to be revoked`,
  approve: msg`Approved your application`,
  'issue-certificate': msg`Issued your certificate`,
  reject: msg`Rejected your application`,
  'mark-picked-up': msg`Marked your certificate as picked up`,
  revoke: msg`Revoked your certificate`,
};

const CERTIFICATE_PDF = msg`Certificate (PDF)`;

/**
 * "Who saw my data": every time an officer opened this application or one of its documents, and
 * every action, oldest first — the record the server keeps and never changes.
 */
export function AccessLogTab({ applicationId }: { applicationId: number }) {
  const { i18n } = useLingui();
  const log = useLoad(
    (signal) =>
      api<{ data: AccessLogEntry[] }>(`/v1/citizen/resident-certificate/${applicationId}/access-log`, { signal }).then(
        (r) => r.data,
      ),
    [applicationId],
  );
  if (log.status === 'loading')
    return (
      <div aria-busy="true">
        <SkeletonCard lines={3} />
      </div>
    );
  if (log.status === 'failed') return <LoadFailed error={log.error} onRetry={log.retry} />;
  return (
    <section className={styles.payment} aria-labelledby="access-log-title">
      <h3 id="access-log-title" className={list.docLabel}>
        <Trans>Who saw my data</Trans>
      </h3>
      <p className={styles.muted}>
        <Trans>
          Every time an officer opens your application or one of its documents, or acts on it, it is recorded here. The
          record cannot be changed.
        </Trans>
      </p>
      {log.data.length === 0 ? (
        <p data-testid="access-log-empty">
          <Trans>No officer has opened this application yet.</Trans>
        </p>
      ) : (
        <ol className={list.documents} data-testid="access-log">
          {log.data.map((e) => {
            const doc =
              e.action === 'view_document' && e.detail
                ? e.detail === 'certificate'
                  ? CERTIFICATE_PDF
                  : DOCUMENT_LABELS[e.detail as keyof typeof DOCUMENT_LABELS]
                : undefined;
            const officer = e.officer.name;
            const staffNumber = e.officer.id;
            return (
              <li key={e.id} className={list.document}>
                <div className={list.docText}>
                  <span className={list.docLabel}>
                    {i18n._(WHAT[e.action])}
                    {doc ? `: ${i18n._(doc)}` : ''}
                  </span>
                  <span className={list.docName}>
                    <Trans>
                      {officer}, staff number {staffNumber}
                    </Trans>{' '}
                    · <time dateTime={e.at}>{formatDateTime(e.at, i18n.locale)}</time>
                  </span>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
