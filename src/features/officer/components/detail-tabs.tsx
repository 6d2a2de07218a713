import { Trans, useLingui } from '@lingui/react/macro';
import type { OfficerApplicationDetail } from '../../../../contract/officer';
import { APPLICATION_DOCUMENTS } from '../../../../contract/documents';
import { DataList } from '../../../components/ui/data-list';
import { APPLICANT_LABELS, DOCUMENT_LABELS } from '../../../lib/application-labels';
import { formatCalendarDate, formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import styles from './officer.module.css';

/** The applicant data as submitted, with the place names the server resolved. */
export function ApplicantTab({ data }: { data: OfficerApplicationDetail['applicant_data'] }) {
  const { i18n } = useLingui();
  const label = (k: keyof typeof APPLICANT_LABELS) => i18n._(APPLICANT_LABELS[k]);
  const date = (iso: string) => formatCalendarDate(iso, i18n.locale);
  return (
    <DataList
      items={[
        { label: label('first_name'), value: data.first_name },
        { label: label('last_name'), value: data.last_name },
        { label: label('date_of_birth'), value: date(data.date_of_birth) },
        { label: label('occupation'), value: data.occupation },
        { label: label('current_address'), value: data.current_address, wide: true },
        { label: label('house_number'), value: data.house_number },
        { label: label('province_id'), value: data.province },
        { label: label('district_id'), value: data.district },
        { label: label('village_id'), value: data.village },
        { label: label('family_book_number'), value: data.family_book_number },
        { label: label('family_book_date'), value: date(data.family_book_date) },
        { label: label('head_of_household'), value: data.head_of_household, wide: true },
        { label: label('father_name'), value: data.father_name },
        { label: label('mother_name'), value: data.mother_name },
        { label: label('parent_province_id'), value: data.parent_province },
        { label: label('parent_district_id'), value: data.parent_district },
        { label: label('parent_village_id'), value: data.parent_village },
        { label: label('reason'), value: data.reason, wide: true },
      ]}
    />
  );
}

/** The three documents and the proof of payment, each opened in the shared viewer (fetched with the token). */
export function DocumentsTab({ application: a, onView }: { application: OfficerApplicationDetail; onView(title: string, path: string, name?: string): void }) {
  const { t, i18n } = useLingui();
  const rows = [
    ...APPLICATION_DOCUMENTS.map((kind) => ({ kind, label: i18n._(DOCUMENT_LABELS[kind]), path: a.document_submit[`${kind}_path`], name: a.document_submit[`${kind}_name`] ?? '' })),
    { kind: 'proof_of_payment', label: i18n._(DOCUMENT_LABELS.proof_of_payment), path: a.payment.proof_of_payment_path, name: '' },
  ];
  return (
    <ul className={styles.documents}>
      {rows.map((r) => (
        <li key={r.kind} className={styles.document}>
          <span className={styles.docText}>
            <span className={styles.docLabel}>{r.label}</span>
            <span className={styles.docName}>{r.path ? r.name || '' : t`Not uploaded`}</span>
          </span>
          {r.path && (
            <button type="button" className={styles.view} onClick={() => onView(r.label, r.path!, r.name || undefined)} aria-label={t`View ${r.label}`}>
              <Trans>View</Trans>
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

export function PaymentTab({ application: a }: { application: OfficerApplicationDetail }) {
  const { t, i18n } = useLingui();
  const p = a.payment;
  return (
    <DataList
      items={[
        { label: t`Payment status`, value: p.payment_status === 'paid' ? t`paid` : t`unpaid` },
        { label: t`Amount`, value: formatMoney(p.amount, i18n.locale, p.currency) },
        { label: t`Bank`, value: p.bank_name },
        { label: t`Virtual account`, value: p.va_number },
        { label: t`Recipient`, value: p.recipient, wide: true },
        { label: t`Payment deadline`, value: formatDateTime(p.deadline, i18n.locale) },
      ]}
    />
  );
}

export function AccountTab({ account }: { account: OfficerApplicationDetail['account'] }) {
  const { t, i18n } = useLingui();
  return (
    <DataList
      items={[
        { label: t`Account name`, value: `${account.first_name} ${account.last_name}`.trim() },
        { label: t`Email`, value: account.email, wide: true },
        { label: t`Phone number`, value: account.phone_number ? `+${account.phone_number}` : '' },
        { label: t`ID card number`, value: account.id_card ?? '' },
        { label: t`Language`, value: account.language === 'lo' ? t`Lao` : t`English` },
        { label: t`Registered on`, value: formatDate(account.created_at, i18n.locale) },
      ]}
    />
  );
}
