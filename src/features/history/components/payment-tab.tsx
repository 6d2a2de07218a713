import { Trans, useLingui } from '@lingui/react/macro';
import type { ApplicationDetail } from '../../../../contract/application';
import { Status } from '../../../../contract/status';
import { ButtonLink } from '../../../components/ui/button';
import { DataList } from '../../../components/ui/data-list';
import { PaymentStatusBadge } from '../../../components/ui/status-badge';
import { formatAccountNumber, formatDateTime, formatMoney } from '../../../lib/format';
import { fileList as list } from '../../../components/application/application-parts';
import styles from './detail-screen.module.css';

/** Total, bank, payment status, and the proof of payment when one was uploaded. */
export function PaymentTab({
  application,
  onViewProof,
}: {
  application: ApplicationDetail;
  onViewProof(path: string): void;
}) {
  const { t, i18n } = useLingui();
  const p = application.payment;
  const awaitingPayment = application.status === Status.pending && p.payment_status === 'unpaid';
  // 'unpaid' right after 'Payment successful' reads like a failure: say the proof is being checked.
  const proofBeingChecked =
    application.status === Status.waitingForApprove &&
    p.payment_status === 'unpaid' &&
    p.proof_of_payment_path !== null;
  return (
    <div className={styles.payment}>
      <div className={styles.bank}>
        {p.bank_logo && <img src={p.bank_logo} alt="" width={40} height={40} className={styles.logo} />}
        <span className={styles.bankName}>{p.bank_name}</span>
      </div>
      <DataList
        items={[
          { label: t`Total`, value: formatMoney(p.amount, i18n.locale, p.currency) },
          {
            label: t`Payment status`,
            value: <PaymentStatusBadge status={p.payment_status} beingChecked={proofBeingChecked} />,
            // The longer words take the whole row (a half row is too narrow at 320 px).
            wide: proofBeingChecked,
          },
          { label: t`Virtual account number`, value: formatAccountNumber(p.va_number), wide: true },
          ...(awaitingPayment
            ? [{ label: t`Pay before`, value: formatDateTime(p.deadline, i18n.locale), wide: true }]
            : []),
        ]}
      />
      {proofBeingChecked && (
        <p className={styles.muted}>
          <Trans>
            We received your proof of payment. An officer confirms it within 3 working days; the status then becomes
            paid.
          </Trans>
        </p>
      )}
      {p.proof_of_payment_path ? (
        <button type="button" className={list.view} onClick={() => onViewProof(p.proof_of_payment_path!)}>
          <Trans>View proof of payment</Trans>
        </button>
      ) : (
        <p className={styles.muted}>
          <Trans>No proof of payment uploaded yet.</Trans>
        </p>
      )}
      {awaitingPayment && (
        <ButtonLink to="/waiting-for-payment/$id" params={{ id: String(application.id) }} wide>
          <Trans>Pay now</Trans>
        </ButtonLink>
      )}
    </div>
  );
}
