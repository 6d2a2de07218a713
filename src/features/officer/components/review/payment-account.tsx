import { useLingui } from '@lingui/react/macro';
import type { OfficerApplicationDetail } from '../../../../../contract/officer';
import { toGroupedPhone } from '../../../../../contract/rules';
import { DataList } from '../../../../components/ui/data-list';
import { formatAccountNumber, formatDate, formatDateTime, formatMoney } from '../../../../lib/format';

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
