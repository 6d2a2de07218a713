import { Trans, useLingui } from '@lingui/react/macro';
import type { OfficerApplicationDetail } from '../../../../contract/officer';
import { APPLICATION_DOCUMENTS } from '../../../../contract/documents';
import { toGroupedPhone } from '../../../../contract/rules';
import { DataList } from '../../../components/ui/data-list';
import { DOCUMENT_LABELS } from '../../../lib/application-labels';
import { formatAccountNumber, formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { fileList as list } from '../../../components/application/application-parts';

/** The three documents and the proof of payment, each opened in the shared viewer (fetched with the token). */
export function DocumentsTab({
  application: a,
  onView,
}: {
  application: OfficerApplicationDetail;
  onView(title: string, path: string, name?: string): void;
}) {
  const { t, i18n } = useLingui();
  // A cashier checks payments: the server shows them the proof of payment only.
  const documents = a.officer_role === 'cashier' ? [] : APPLICATION_DOCUMENTS;
  const rows = [
    ...documents.map((kind) => ({
      kind,
      label: i18n._(DOCUMENT_LABELS[kind]),
      path: a.document_submit[`${kind}_path`],
      name: a.document_submit[`${kind}_name`] ?? '',
    })),
    {
      kind: 'proof_of_payment',
      label: i18n._(DOCUMENT_LABELS.proof_of_payment),
      path: a.payment.proof_of_payment_path,
      name: '',
    },
  ];
  return (
    <ul className={list.documents}>
      {rows.map((r) => (
        <li key={r.kind} className={list.document}>
          <span className={list.docText}>
            <span className={list.docLabel}>{r.label}</span>
            <span className={list.docName}>{r.path ? r.name || '' : t`Not uploaded`}</span>
          </span>
          {r.path && (
            <button
              type="button"
              className={list.view}
              onClick={() => onView(r.label, r.path!, r.name || undefined)}
              aria-label={t`View ${r.label}`}
            >
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
        { label: t`Virtual account`, value: formatAccountNumber(p.va_number) },
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
        { label: t`Phone number`, value: account.phone_number ? `+856 ${toGroupedPhone(account.phone_number)}` : '' },
        { label: t`ID card number`, value: account.id_card ?? '' },
        { label: t`Language`, value: account.language === 'lo' ? t`Lao` : t`English` },
        { label: t`Registered on`, value: formatDate(account.created_at, i18n.locale) },
      ]}
    />
  );
}
