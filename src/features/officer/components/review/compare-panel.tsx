import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { OfficerCase } from '../../api/case-detail';
import styles from './review.module.css';

const same = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

function Verdict({ match }: { match: boolean }) {
  return match ? (
    <span className={styles.match}>
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
        <path d="m3 8.5 3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <Trans>Same</Trans>
    </span>
  ) : (
    <strong className={styles.differs}>
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
        <path d="M8 1.5 15 14H1z" fill="currentColor" />
        <path d="M8 6v4M8 11.5v1" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      <Trans>Differs</Trans>
    </strong>
  );
}

/**
 * The fields an officer checks first, side by side: the applicant's names as applied for against
 * the account holder's (as registered with the ID card), the ID card number, and the ID card's
 * picture from registration when the server still keeps it.
 */
export function ComparePanel({ c, onShowIdCard }: { c: OfficerCase; onShowIdCard?: () => void }) {
  const { t } = useLingui();
  const rows: { label: string; applied: ReactNode; account: ReactNode; match: boolean }[] = [
    {
      label: t`First name`,
      applied: c.applicant_data.first_name,
      account: c.account.first_name,
      match: same(c.applicant_data.first_name, c.account.first_name),
    },
    {
      label: t`Last name`,
      applied: c.applicant_data.last_name,
      account: c.account.last_name,
      match: same(c.applicant_data.last_name, c.account.last_name),
    },
  ];
  return (
    <section className={styles.panel} aria-labelledby="compare-title">
      <h2 id="compare-title" className={styles.sectionTitle}>
        <Trans>At a glance</Trans>
      </h2>
      <table className={styles.compare}>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">
                <Trans>Field</Trans>
              </span>
            </th>
            <th scope="col">
              <Trans>Application</Trans>
            </th>
            <th scope="col">
              <Trans>Account holder</Trans>
            </th>
            <th scope="col">
              <span className="visually-hidden">
                <Trans>Check</Trans>
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label} data-differs={!r.match || undefined}>
              <th scope="row">{r.label}</th>
              <td>{r.applied}</td>
              <td>{r.account}</td>
              <td>
                <Verdict match={r.match} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.idNumber}>
        <span className={styles.muted}>
          <Trans>ID card number of the account</Trans>
        </span>{' '}
        <strong>{c.account.id_card ?? '–'}</strong>
      </p>
      {onShowIdCard && (
        <button type="button" className={styles.linkButton} onClick={onShowIdCard}>
          <Trans>Show the ID card from registration</Trans>
        </button>
      )}
    </section>
  );
}
