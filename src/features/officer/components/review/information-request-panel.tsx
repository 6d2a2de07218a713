import { Trans, useLingui } from '@lingui/react/macro';
import type { OfficerInformationRequest } from '../../../../../contract/officer-day';
import { APPLICANT_LABELS, DOCUMENT_LABELS } from '../../../../lib/application-labels';
import { formatDate, formatDateTime } from '../../../../lib/format';
import styles from './review.module.css';

const shown = (value: unknown) => (value === null || value === undefined || value === '' ? '–' : String(value));

/** What the citizen was asked, by whom and by when; once answered, each field before and after. */
export function InformationRequestPanel({ request }: { request: OfficerInformationRequest }) {
  const { i18n } = useLingui();
  const label = (key: string) =>
    key in APPLICANT_LABELS ? i18n._(APPLICANT_LABELS[key as keyof typeof APPLICANT_LABELS]) : key;
  const documentLabel = (kind: string) =>
    kind in DOCUMENT_LABELS ? i18n._(DOCUMENT_LABELS[kind as keyof typeof DOCUMENT_LABELS]) : kind;
  const asked = [...request.documents.map(documentLabel), ...request.fields.map(label)];
  const officer = request.officer.name || request.officer.email;
  const changed = Object.entries(request.answer?.fields ?? {});
  return (
    <section className={styles.panel} aria-labelledby="request-title">
      <h2 id="request-title" className={styles.sectionTitle}>
        <Trans>Asked of the citizen</Trans>
      </h2>
      <p>
        {request.answered_at ? (
          <Trans>
            {officer} asked on {formatDate(request.asked_at, i18n.locale)}; the citizen answered on{' '}
            {formatDateTime(request.answered_at, i18n.locale)}.
          </Trans>
        ) : (
          <Trans>
            {officer} asked on {formatDate(request.asked_at, i18n.locale)}; to be answered by{' '}
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
      {changed.length > 0 && (
        <table className={styles.compare}>
          <caption className={styles.caption}>
            <Trans>Corrected by the citizen</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">
                  <Trans>Field</Trans>
                </span>
              </th>
              <th scope="col">
                <Trans>Before</Trans>
              </th>
              <th scope="col">
                <Trans>After</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {changed.map(([field, change]) => (
              <tr key={field}>
                <th scope="row">{label(field)}</th>
                <td>{shown(change.before)}</td>
                <td>{shown(change.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {request.answer && request.answer.documents.length > 0 && (
        <p>
          <Trans>Sent again: {request.answer.documents.map(documentLabel).join(', ')}</Trans>
        </p>
      )}
    </section>
  );
}
