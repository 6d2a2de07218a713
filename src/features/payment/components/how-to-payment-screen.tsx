import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { AppHeader } from '../../../components/layout/app-header';
import { Card, Page } from '../../../components/layout/page';
import { SkeletonCard } from '../../../components/ui/skeleton';
import { useApplication } from '../../../lib/application-detail';
import { formatAccountNumber, formatMoney } from '../../../lib/format';
import { VirtualAccountCard } from './virtual-account-card';
import styles from './payment-screens.module.css';
import { ApplicationProblem } from '../../../components/application/application-parts';

/** One way to pay, a list that opens and closes, with its steps in order. */
function WayToPay({ title, open, steps }: { title: ReactNode; open?: boolean; steps: ReactNode[] }) {
  return (
    <details className={styles.disclosure} open={open}>
      <summary>{title}</summary>
      <ol className={styles.steps}>
        {steps.map((step, i) => (
          <li key={i}>{step}</li>
        ))}
      </ol>
    </details>
  );
}

/**
 * The nine steps at an ATM (open at first) and in a bank's mobile app, with this application's VA
 * number, recipient and amount in them; choosing the virtual account and checking the recipient
 * are the same in both.
 */
function WaysToPay({ va, recipient, amount }: { va: string; recipient: string; amount: string }) {
  const virtualAccount = <Trans>Choose Virtual account.</Trans>;
  const checkRecipient = (
    <Trans>
      Check that the recipient shown is <strong>{recipient}</strong>.
    </Trans>
  );
  return (
    <>
      <WayToPay
        title={<Trans>Via bank ATM</Trans>}
        open
        steps={[
          <Trans>Insert your ATM card and enter your PIN.</Trans>,
          <Trans>Choose Other transactions, then Payment.</Trans>,
          virtualAccount,
          <Trans>
            Enter the virtual account number <strong className={styles.number}>{va}</strong>.
          </Trans>,
          checkRecipient,
          <Trans>
            Check that the amount is <strong>{amount}</strong>.
          </Trans>,
          <Trans>Confirm the payment.</Trans>,
          <Trans>Take the receipt and keep it.</Trans>,
          <Trans>Photograph the receipt and upload it as proof of payment in this app.</Trans>,
        ]}
      />
      <WayToPay
        title={<Trans>Via bank mobile app</Trans>}
        steps={[
          <Trans>Open your bank's mobile app and log in.</Trans>,
          <Trans>Choose Transfer or Payment.</Trans>,
          virtualAccount,
          <Trans>
            Enter or paste the virtual account number <strong className={styles.number}>{va}</strong>.
          </Trans>,
          checkRecipient,
          <Trans>
            Enter the amount <strong>{amount}</strong> if asked, and check it.
          </Trans>,
          <Trans>Confirm with your PIN or one-time code.</Trans>,
          <Trans>Save a screenshot of the successful transfer.</Trans>,
          <Trans>Upload the screenshot as proof of payment in this app.</Trans>,
        ]}
      />
    </>
  );
}

/** /how-to-payment?id=: the VA card and the two ways to pay, step by step. */
export function HowToPaymentScreen({ id }: { id: number }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const state = useApplication(id);
  const app = state.application;
  const steps = app && {
    va: formatAccountNumber(app.payment.va_number),
    recipient: app.payment.recipient,
    amount: formatMoney(app.payment.amount, i18n.locale, app.payment.currency),
  };
  return (
    <Page
      header={
        <AppHeader
          title={<Trans>How to pay</Trans>}
          back={() => void navigate({ to: '/waiting-for-payment/$id', params: { id: String(id) } })}
          bell
        />
      }
    >
      {state.status === 'loading' && (
        <>
          <SkeletonCard lines={4} />
          <SkeletonCard lines={2} />
        </>
      )}
      <ApplicationProblem state={state} />
      {app && steps && (
        <>
          <Card as="section">
            <VirtualAccountCard payment={app.payment} />
          </Card>
          <WaysToPay {...steps} />
          <Link to="/waiting-for-payment/$id" params={{ id: String(id) }} className={styles.ticket}>
            <Trans>Back to the payment of {app.ticket_number}</Trans>
          </Link>
        </>
      )}
    </Page>
  );
}
