import { Trans, useLingui } from '@lingui/react/macro';
import type { InformationRequestView } from '../../../../../contract/application';
import { APPLICANT_LABELS, DOCUMENT_LABELS } from '../../../../lib/application-labels';
import { formatDate, formatDateTime } from '../../../../lib/format';
import styles from './review.module.css';

/** What the citizen was asked, by when, and whether they answered. */
export function InformationRequestPanel({ request }: { request: InformationRequestView }) {
  const { i18n } = useLingui();
  const asked = [
    ...request.documents.map((d) => i18n._(DOCUMENT_LABELS[d])),
    ...request.fields.map((f) => i18n._(APPLICANT_LABELS[f])),
  ];
  return (
    <section className={styles.panel} aria-labelledby="request-title">
      <h2 id="request-title" className={styles.sectionTitle}>
        <Trans>Asked of the citizen</Trans>
      </h2>
      <p>
        {request.answered_at ? (
          <Trans>Answered on {formatDateTime(request.answered_at, i18n.locale)}.</Trans>
        ) : (
          <Trans>
            Asked on {formatDate(request.asked_at, i18n.locale)}; to be answered by{' '}
            {formatDate(request.answer_by, i18n.locale)}.
          </Trans>
        )}
      </p>
      <ul className={styles.askedList}>
        {asked.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {request.reasons.length > 0 && (
        <ul className={styles.askedList}>
          {request.reasons.map((r) => (
            <li key={r.code}>{r.text}</li>
          ))}
        </ul>
      )}
      {request.message && <p className={styles.noteBody}>{request.message}</p>}
    </section>
  );
}
