import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import { parseFragment } from '../../../../contract/certificate-statement';
import { AppHeader } from '../../../components/layout/app-header';
import { Card, Page } from '../../../components/layout/page';
import { Banner } from '../../../components/ui/banner';
import { PlainButton } from '../../../components/ui/native-button';
import { Skeleton } from '../../../components/ui/skeleton';
import { SuccessMark } from '../../../components/ui/success-panel';
import { formatCalendarDate, formatDate } from '../../../lib/format';
import { useLoad, type Loaded } from '../../../lib/use-load';
import { isUnreachable, verifyCertificate, type Verification } from '../api/verify-certificate';
import type { SignatureCheck } from '../lib/check-signature';
import styles from './verify-screen.module.css';

/** The registry's answer; the signature's check (null: the address carries no signature). */
type Registry = Loaded<Verification>;
type Signature = Loaded<SignatureCheck | null>;

/** What the page concludes, and from what: the signature on this device, the registry, or both. */
type Verdict =
  | { status: 'loading' }
  | { status: 'genuine' | 'revoked' | 'unknown' | 'not-genuine'; source: 'signature' | 'registry' | 'both' }
  | { status: 'cannot-check'; error: unknown };

function verdictOf(sig: Signature, reg: Registry): Verdict {
  if (sig.status === 'loading' || reg.status === 'loading') return { status: 'loading' };
  const check = sig.data;
  // An altered or forged statement is not genuine, whatever the registry says about the code.
  if (check?.result === 'not-genuine') return { status: 'not-genuine', source: 'signature' };
  const signed = check?.result === 'genuine';
  if (reg.status === 'ready') {
    if (reg.data.status === 'valid') return { status: 'genuine', source: signed ? 'both' : 'registry' };
    return { status: reg.data.status, source: 'registry' };
  }
  if (signed) return { status: 'genuine', source: 'signature' };
  return { status: 'cannot-check', error: reg.error };
}

function Mark({ tone }: { tone: 'genuine' | 'revoked' | 'unknown' | 'not-genuine' }) {
  if (tone === 'genuine') return <SuccessMark size={96} />;
  const red = tone !== 'unknown';
  return (
    <svg viewBox="0 0 120 120" width="96" height="96" aria-hidden="true">
      <circle cx="60" cy="60" r="56" fill={red ? 'var(--red-50)' : 'var(--amber-50)'} />
      <circle cx="60" cy="60" r="40" fill={red ? 'var(--red-600)' : 'var(--amber-800)'} />
      {red ? (
        <path d="M46 46l28 28M74 46L46 74" stroke="var(--white)" strokeWidth="8" strokeLinecap="round" />
      ) : (
        <path d="M60 40v26M60 78v2" stroke="var(--white)" strokeWidth="8" strokeLinecap="round" />
      )}
    </svg>
  );
}

/**
 * /verify/{code}: the page the certificate's QR code opens, for anyone (a bank clerk, a landlord).
 * The QR code also carries a signed statement after '#': it is checked here, on the device, so a
 * certificate can be told genuine without a connection; online the registry adds revocation.
 */
export function VerifyScreen({ code }: { code: string }) {
  const { i18n } = useLingui();
  // The signed statement after '#'; read after the first paint (the frame can be prerendered), and
  // again when only the fragment changes (another certificate scanned into the same page).
  const [hash, setHash] = useState<string | null>(null);
  const signature = useLoad(
    hash === null
      ? null
      : (signal) =>
          hash.length <= 1
            ? Promise.resolve(null)
            : // The checker and the key set load only for a signed address: the first screen stays small.
              Promise.all([
                import('../lib/check-signature'),
                import('../lib/key-set').then((m) => m.keySetFor(parseFragment(hash)?.kid ?? '', signal)),
              ])
                .then(([{ checkSignature }, keys]) => checkSignature(code, hash, keys ?? { keys: [] }))
                .catch((): SignatureCheck => ({ result: 'unsupported' })),
    [code, hash],
  );
  const registry = useLoad(hash === null ? null : (signal) => verifyCertificate(code, signal), [code, hash]);
  const { retry: retrySignature } = signature;
  const { retry: retryRegistry } = registry;
  const again = useCallback(() => {
    retrySignature();
    retryRegistry();
  }, [retrySignature, retryRegistry]);
  useEffect(() => {
    const read = () => setHash(window.location.hash);
    read();
    window.addEventListener('hashchange', read);
    // Back online after an offline check: ask the registry (revocation) at once.
    window.addEventListener('online', again);
    return () => {
      window.removeEventListener('hashchange', read);
      window.removeEventListener('online', again);
    };
  }, [again]);

  const verdict = verdictOf(signature, registry);
  const statement = signature.data?.result === 'genuine' ? signature.data : null;
  const reg = registry.data;
  const unreachable = registry.status === 'failed' && isUnreachable(registry.error);
  const check = signature.data;

  return (
    <Page header={<AppHeader title={<Trans>Certificate verification</Trans>} back={false} />}>
      {verdict.status === 'loading' && (
        // Shaped like the answer (mark, title, three lines), so the links below do not jump when it comes.
        <div aria-busy="true" className={`${styles.result} ${styles.pending}`}>
          <Skeleton width={96} height={96} radius={48} />
          <Skeleton width="60%" height={28} />
          <Skeleton width="90%" height={16} />
          <Skeleton width="80%" height={16} />
          <Skeleton width="70%" height={16} />
        </div>
      )}
      {verdict.status === 'cannot-check' && (
        <Banner tone={unreachable ? 'warning' : 'error'}>
          {unreachable && check?.result === 'unknown-key' && (
            <Trans>
              This certificate was signed with a key this device does not know yet, and there is no connection. Connect
              to the internet and try again.
            </Trans>
          )}
          {unreachable && check?.result !== 'unknown-key' && (
            <Trans>
              There is no connection, and this address carries no signature that this device can check. Connect to the
              internet and try again.
            </Trans>
          )}
          {/* Its own sentence, not the shared error catalogue: this public page stays small. */}
          {!unreachable && <Trans>The registry did not answer. Please try again in a moment.</Trans>}{' '}
          <PlainButton variant="ghost" onClick={again}>
            <Trans>Try again</Trans>
          </PlainButton>
        </Banner>
      )}
      {verdict.status !== 'loading' && verdict.status !== 'cannot-check' && (
        <section
          className={styles.result}
          aria-labelledby="verify-title"
          data-status={verdict.status}
          data-source={verdict.source}
        >
          <Mark tone={verdict.status} />
          {verdict.status === 'genuine' && (
            <h2 id="verify-title" className={styles.valid}>
              <Trans>Genuine certificate</Trans>
            </h2>
          )}
          {verdict.status === 'not-genuine' && (
            <h2 id="verify-title" className={styles.revoked}>
              <Trans>Not genuine</Trans>
            </h2>
          )}
          {verdict.status === 'revoked' && (
            <h2 id="verify-title" className={styles.revoked}>
              <Trans>This certificate was revoked</Trans>
            </h2>
          )}
          {verdict.status === 'unknown' && (
            <h2 id="verify-title" className={styles.unknown}>
              <Trans>No certificate has this code</Trans>
            </h2>
          )}
          {verdict.status === 'genuine' && verdict.source !== 'signature' && (
            <p>
              <Trans>This resident certificate was issued by the e-Government service and is valid.</Trans>
            </p>
          )}
          {verdict.status === 'genuine' && verdict.source === 'signature' && (
            <p>
              <Trans>
                This resident certificate was issued by the e-Government service: its digital signature is genuine.
              </Trans>
            </p>
          )}
          {verdict.status === 'not-genuine' && (
            <p>
              <Trans>
                The details in this QR code do not match its digital signature: the certificate was altered or forged.
                Do not accept it.
              </Trans>
            </p>
          )}
          {verdict.status === 'revoked' && (
            <p>
              {reg?.revoked_on ? (
                <Trans>
                  It was revoked on {formatDate(reg.revoked_on, i18n.locale)} and is no longer valid. Ask the holder for
                  a new certificate.
                </Trans>
              ) : (
                <Trans>It is no longer valid. Ask the holder for a new certificate.</Trans>
              )}
            </p>
          )}
          {verdict.status === 'unknown' && (
            <p>
              <Trans>
                Check that the code matches the one printed on the certificate. A certificate whose code is not found
                here is not genuine.
              </Trans>
            </p>
          )}
          <p className={styles.source} data-testid="verify-source">
            {verdict.source === 'both' && (
              <Trans>
                Checked on this device with the certificate's digital signature, and online in the registry of the
                e-Government service.
              </Trans>
            )}
            {verdict.source === 'registry' && (
              <Trans>Checked online in the registry of the e-Government service.</Trans>
            )}
            {verdict.source === 'signature' && verdict.status === 'genuine' && (
              <Trans>
                Checked with the digital signature alone, on this device, without a connection. Whether it was revoked
                since cannot be seen offline: check again when you are online.
              </Trans>
            )}
            {verdict.source === 'signature' && verdict.status === 'not-genuine' && (
              <Trans>Checked on this device with the certificate's digital signature.</Trans>
            )}
          </p>
        </section>
      )}
      {verdict.status !== 'loading' && verdict.status !== 'not-genuine' && statement && (
        <Card as="section">
          <h3 className={styles.factsTitle}>
            <Trans>What the certificate's signature confirms</Trans>
          </h3>
          <dl className={styles.facts}>
            <dt>
              <Trans>Holder</Trans>
            </dt>
            <dd data-testid="signed-name">{statement.statement.n}</dd>
            <dt>
              <Trans>Date of birth</Trans>
            </dt>
            <dd>{formatCalendarDate(statement.statement.b, i18n.locale)}</dd>
            <dt>
              <Trans>Ticket number</Trans>
            </dt>
            <dd>{statement.statement.t}</dd>
            <dt>
              <Trans>Issued on</Trans>
            </dt>
            <dd>{formatCalendarDate(statement.statement.i, i18n.locale)}</dd>
            <dt>
              <Trans>Issuing office</Trans>
            </dt>
            <dd>{statement.statement.o}</dd>
            <dt>
              <Trans>Certificate code</Trans>
            </dt>
            <dd>{code}</dd>
            <dt>
              <Trans>Signing key</Trans>
            </dt>
            <dd>{statement.kid}</dd>
          </dl>
          <p className={styles.note}>
            <Trans>
              Compare these details with the printed certificate and the holder's ID card: a genuine QR code on an
              altered paper shows the original details here.
            </Trans>
          </p>
        </Card>
      )}
      {verdict.status !== 'loading' && verdict.status !== 'not-genuine' && !statement && reg?.ticket_number && (
        <Card as="section">
          <dl className={styles.facts}>
            <dt>
              <Trans>Certificate code</Trans>
            </dt>
            <dd>{code}</dd>
            <dt>
              <Trans>Ticket number</Trans>
            </dt>
            <dd>{reg.ticket_number}</dd>
            <dt>
              <Trans>Holder</Trans>
            </dt>
            <dd data-testid="holder">{reg.holder_name}</dd>
            {reg.issued_on && (
              <>
                <dt>
                  <Trans>Issued on</Trans>
                </dt>
                <dd>{formatDate(reg.issued_on, i18n.locale)}</dd>
              </>
            )}
          </dl>
          <p className={styles.note}>
            <Trans>
              Compare the name with the holder's ID card. Only part of the name is shown to protect their privacy.
            </Trans>
          </p>
        </Card>
      )}
      <p className={styles.home}>
        <Link to="/verify">
          <Trans>Check a credential from a wallet app</Trans>
        </Link>
      </p>
      <p className={styles.home}>
        <Link to="/">
          <Trans>Lao e-Government services</Trans>
        </Link>
      </p>
    </Page>
  );
}
