import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { AppHeader } from '../../../components/layout/app-header';
import { Card, Page } from '../../../components/layout/page';
import { SkeletonCard } from '../../../components/ui/skeleton';
import { useApplication } from '../../../lib/application-detail';
import { formatAccountNumber, formatMoney } from '../../../lib/format';
import { VirtualAccountCard } from './virtual-account-card';
import styles from './payment-screens.module.css';
import { ApplicationProblem } from '../../../components/application/application-parts';

/** The nine steps at an ATM, with this application's VA number, recipient and amount in them. */
function AtmSteps({ va, recipient, amount }: { va: string; recipient: string; amount: string }) {
  return (
    <ol className={styles.steps}>
      <li>
        <Trans>Insert your ATM card and enter your PIN.</Trans>
      </li>
      <li>
        <Trans>Choose Other transactions, then Payment.</Trans>
      </li>
      <li>
        <Trans>Choose Virtual account.</Trans>
      </li>
      <li>
        <Trans>
          Enter the virtual account number <strong className={styles.number}>{va}</strong>.
        </Trans>
      </li>
      <li>
        <Trans>
          Check that the recipient shown is <strong>{recipient}</strong>.
        </Trans>
      </li>
      <li>
        <Trans>
          Check that the amount is <strong>{amount}</strong>.
        </Trans>
      </li>
      <li>
        <Trans>Confirm the payment.</Trans>
      </li>
      <li>
        <Trans>Take the receipt and keep it.</Trans>
      </li>
      <li>
        <Trans>Photograph the receipt and upload it as proof of payment in this app.</Trans>
      </li>
    </ol>
  );
}

/** The nine steps in a bank's mobile app. */
function MobileAppSteps({ va, recipient, amount }: { va: string; recipient: string; amount: string }) {
  return (
    <ol className={styles.steps}>
      <li>
        <Trans>Open your bank's mobile app and log in.</Trans>
      </li>
      <li>
        <Trans>Choose Transfer or Payment.</Trans>
      </li>
      <li>
        <Trans>Choose Virtual account.</Trans>
      </li>
      <li>
        <Trans>
          Enter or paste the virtual account number <strong className={styles.number}>{va}</strong>.
        </Trans>
      </li>
      <li>
        <Trans>
          Check that the recipient shown is <strong>{recipient}</strong>.
        </Trans>
      </li>
      <li>
        <Trans>
          Enter the amount <strong>{amount}</strong> if asked, and check it.
        </Trans>
      </li>
      <li>
        <Trans>Confirm with your PIN or one-time code.</Trans>
      </li>
      <li>
        <Trans>Save a screenshot of the successful transfer.</Trans>
      </li>
      <li>
        <Trans>Upload the screenshot as proof of payment in this app.</Trans>
      </li>
    </ol>
  );
}

/** /how-to-payment?id=: the VA card and the two collapsible instruction lists. */
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
          <details className={styles.disclosure} open>
            <summary>
              <Trans>Via bank ATM</Trans>
            </summary>
            <AtmSteps {...steps} />
          </details>
          <details className={styles.disclosure}>
            <summary>
              <Trans>Via bank mobile app</Trans>
            </summary>
            <MobileAppSteps {...steps} />
          </details>
          <Link to="/waiting-for-payment/$id" params={{ id: String(id) }} className={styles.ticket}>
            <Trans>Back to the payment of {app.ticket_number}</Trans>
          </Link>
        </>
      )}
    </Page>
  );
}
