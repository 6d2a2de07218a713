import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { AppHeader } from '../../../components/layout/app-header';
import { Card, Page } from '../../../components/layout/page';
import { Banner } from '../../../components/ui/banner';
import { PlainButton } from '../../../components/ui/native-button';
import { SkeletonCard } from '../../../components/ui/skeleton';
import { SuccessMark } from '../../../components/ui/success-panel';
import { errorMessage } from '../../../lib/error-messages';
import { formatDate } from '../../../lib/format';
import { verifyCertificate, type Verification } from '../api/verify-certificate';
import styles from './verify-screen.module.css';

type State = { status: 'loading' } | { status: 'done'; result: Verification } | { status: 'failed'; error: unknown };

function Mark({ tone }: { tone: Verification['status'] }) {
  if (tone === 'valid') return <SuccessMark size={96} />;
  return (
    <svg viewBox="0 0 120 120" width="96" height="96" aria-hidden="true">
      <circle cx="60" cy="60" r="56" fill={tone === 'revoked' ? 'var(--red-50)' : 'var(--amber-50)'} />
      <circle cx="60" cy="60" r="40" fill={tone === 'revoked' ? 'var(--red-600)' : 'var(--amber-800)'} />
      {tone === 'revoked'
        ? <path d="M46 46l28 28M74 46L46 74" stroke="var(--white)" strokeWidth="8" strokeLinecap="round" />
        : <path d="M60 40v26M60 78v2" stroke="var(--white)" strokeWidth="8" strokeLinecap="round" />}
    </svg>
  );
}

/**
 * /verify/{code}: the page the certificate's QR code opens, for anyone (a bank clerk, a landlord).
 * It says whether the certificate is genuine and shows only what the paper already shows.
 */
export function VerifyScreen({ code }: { code: string }) {
  const { i18n } = useLingui();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    verifyCertificate(code, controller.signal).then(
      (result) => setState({ status: 'done', result }),
      (error: unknown) => { if (!controller.signal.aborted) setState({ status: 'failed', error }); },
    );
    return () => controller.abort();
  }, [code, attempt]);

  return (
    <Page header={<AppHeader title={<Trans>Certificate verification</Trans>} back={false} />}>
      {state.status === 'loading' && <div aria-busy="true"><SkeletonCard lines={4} /></div>}
      {state.status === 'failed' && (
        <Banner tone="error">{errorMessage(state.error)} <PlainButton variant="ghost" onClick={() => setAttempt((n) => n + 1)}><Trans>Try again</Trans></PlainButton></Banner>
      )}
      {state.status === 'done' && (
        <section className={styles.result} aria-labelledby="verify-title" data-status={state.result.status}>
          <Mark tone={state.result.status} />
          {state.result.status === 'valid' && <h2 id="verify-title" className={styles.valid}><Trans>Genuine certificate</Trans></h2>}
          {state.result.status === 'revoked' && <h2 id="verify-title" className={styles.revoked}><Trans>This certificate was revoked</Trans></h2>}
          {state.result.status === 'unknown' && <h2 id="verify-title" className={styles.unknown}><Trans>No certificate has this code</Trans></h2>}
          {state.result.status === 'valid' && <p><Trans>This resident certificate was issued by the e-Government service and is valid.</Trans></p>}
          {state.result.status === 'revoked' && <p><Trans>It is no longer valid. Ask the holder for a new certificate.</Trans></p>}
          {state.result.status === 'unknown' && <p><Trans>Check that the code matches the one printed on the certificate. A certificate whose code is not found here is not genuine.</Trans></p>}
        </section>
      )}
      {state.status === 'done' && state.result.ticket_number && (
        <Card as="section">
          <dl className={styles.facts}>
            <dt><Trans>Certificate code</Trans></dt>
            <dd>{code}</dd>
            <dt><Trans>Ticket number</Trans></dt>
            <dd>{state.result.ticket_number}</dd>
            <dt><Trans>Holder</Trans></dt>
            <dd data-testid="holder">{state.result.holder_name}</dd>
            {state.result.issued_on && (
              <>
                <dt><Trans>Issued on</Trans></dt>
                <dd>{formatDate(state.result.issued_on, i18n.locale)}</dd>
              </>
            )}
          </dl>
          <p className={styles.note}><Trans>Compare the name with the holder's ID card. Only part of the name is shown to protect their privacy.</Trans></p>
        </Card>
      )}
      <p className={styles.home}><Link to="/"><Trans>Lao e-Government services</Trans></Link></p>
    </Page>
  );
}
