import { Trans, useLingui } from '@lingui/react/macro';
import type { PaymentInfo } from '../../../../contract/application';
import { CopyButton } from '../../../components/ui/copy-button';
import { formatAccountNumber, formatMoney } from '../../../lib/format';
import styles from './virtual-account-card.module.css';

/** The bank, the VA number and the amount, each with a copy button, and who receives the money. */
export function VirtualAccountCard({ payment }: { payment: PaymentInfo }) {
  const { t, i18n } = useLingui();
  return (
    <div className={styles.card}>
      <div className={styles.bank}>
        {payment.bank_logo && <img src={payment.bank_logo} alt="" width={40} height={40} className={styles.logo} />}
        <span className={styles.bankName}>{payment.bank_name}</span>
      </div>
      <div className={styles.row}>
        <div className={styles.value}>
          <span className={styles.label}>
            <Trans>Virtual account number</Trans>
          </span>
          <span className={styles.number} data-testid="va-number">
            {formatAccountNumber(payment.va_number)}
          </span>
        </div>
        <CopyButton value={payment.va_number} what={t`virtual account number`} />
      </div>
      <div className={styles.row}>
        <div className={styles.value}>
          <span className={styles.label}>
            <Trans>Amount</Trans>
          </span>
          <span className={styles.amount} data-testid="amount">
            {formatMoney(payment.amount, i18n.locale, payment.currency)}
          </span>
        </div>
        <CopyButton value={String(payment.amount)} what={t`amount`} />
      </div>
      <div className={styles.value}>
        <span className={styles.label}>
          <Trans>Recipient</Trans>
        </span>
        <span className={styles.recipient}>{payment.recipient}</span>
      </div>
    </div>
  );
}
