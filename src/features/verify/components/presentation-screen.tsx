import { Link } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { WALLET_CLAIMS, type PresentationCheck } from '../../../../contract/wallet';
import { AppHeader } from '../../../components/layout/app-header';
import { Card, Page } from '../../../components/layout/page';
import { Banner } from '../../../components/ui/banner';
import { TextAreaField } from '../../../components/ui/field';
import { SubmitButton } from '../../../components/ui/native-button';
import { SuccessMark } from '../../../components/ui/success-panel';
import { formatCalendarDate, formatDate } from '../../../lib/format';
import { verifyPresentation } from '../api/verify-presentation';
import styles from './verify-screen.module.css';

const CLAIM_LABELS: Record<string, MessageDescriptor> = {
  given_name: msg`First name`,
  family_name: msg`Last name`,
  birthdate: msg`Date of birth`,
  house_number: msg`House number`,
  address: msg`Current address`,
  village: msg`Village`,
  district: msg`District`,
  province: msg`Province`,
  village_code: msg`Village code`,
  district_code: msg`District code`,
  province_code: msg`Province code`,
  ticket_number: msg`Ticket number`,
  issuance_date: msg`Issued on`,
  expiry_date: msg`Valid until`,
};
const DATES = new Set(['birthdate', 'issuance_date', 'expiry_date']);

const PROBLEMS: Record<string, MessageDescriptor> = {
  malformed: msg`This is not a wallet credential presentation, or it was cut when copied.`,
  unknown_issuer: msg`This credential was not issued by the e-Government service.`,
  bad_signature: msg`The issuer's signature does not match: the credential was altered or forged.`,
  duplicate_disclosure: msg`A detail is disclosed twice: the presentation was tampered with.`,
  unreferenced_disclosure: msg`A detail was added that the credential does not contain: the presentation was tampered with.`,
  key_binding_invalid: msg`The holder's proof of their wallet does not match this presentation.`,
  expired: msg`This credential has expired.`,
};

function Cross() {
  return (
    <svg viewBox="0 0 120 120" width="96" height="96" aria-hidden="true">
      <circle cx="60" cy="60" r="56" fill="var(--red-50)" />
      <circle cx="60" cy="60" r="40" fill="var(--red-600)" />
      <path d="M46 46l28 28M74 46L46 74" stroke="var(--white)" strokeWidth="8" strokeLinecap="round" />
    </svg>
  );
}

/**
 * /verify: a receiver pastes what the holder's wallet presented (an SD-JWT VC, with or without its
 * key-binding JWT); the registry checks the signature, the disclosures, the expiry and the status
 * list, and only the details the holder chose to disclose are shown.
 */
export function PresentationScreen() {
  const { t, i18n } = useLingui();
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const [result, setResult] = useState<PresentationCheck | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim() || pending) return;
    setPending(true);
    setFailed(false);
    setResult(null);
    try {
      setResult(await verifyPresentation(text.trim()));
    } catch {
      setFailed(true);
    } finally {
      setPending(false);
    }
  }

  const value = (name: string, v: string) => (DATES.has(name) ? formatCalendarDate(v, i18n.locale) : v);

  return (
    <Page header={<AppHeader title={<Trans>Certificate verification</Trans>} back={false} />}>
      <Card as="section">
        <form className={styles.paste} onSubmit={(e) => void submit(e)}>
          <TextAreaField
            label={t`Wallet credential presentation`}
            hint={t`Paste what the holder's wallet app shared with you. To check a printed certificate, scan its QR code instead.`}
            value={text}
            onChange={(e) => setText(e.target.value)}
            spellCheck={false}
            autoCapitalize="off"
            autoCorrect="off"
            rows={6}
            data-testid="presentation-input"
          />
          <SubmitButton pending={pending} pendingLabel={t`Checking…`} wide>
            <Trans>Check the credential</Trans>
          </SubmitButton>
        </form>
      </Card>
      {failed && (
        <Banner tone="error">
          <Trans>The registry did not answer. Please try again in a moment.</Trans>
        </Banner>
      )}
      {result && (
        <section
          className={styles.result}
          aria-live="polite"
          data-status={result.status}
          data-testid="presentation-result"
        >
          {result.status === 'valid' ? <SuccessMark size={96} /> : <Cross />}
          {result.status === 'valid' && (
            <h2 className={styles.valid}>
              <Trans>Genuine wallet credential</Trans>
            </h2>
          )}
          {result.status === 'revoked' && (
            <h2 className={styles.revoked}>
              <Trans>This certificate was revoked</Trans>
            </h2>
          )}
          {result.status === 'invalid' && (
            <h2 className={styles.revoked}>
              <Trans>Not accepted</Trans>
            </h2>
          )}
          {result.status === 'valid' && (
            <p>
              <Trans>This resident certificate was issued by the e-Government service and is valid.</Trans>
            </p>
          )}
          {result.status === 'revoked' && (
            <p>
              <Trans>It is no longer valid. Ask the holder for a new certificate.</Trans>
            </p>
          )}
          {result.status === 'invalid' && result.problem && <p>{i18n._(PROBLEMS[result.problem])}</p>}
          {result.status === 'valid' && (
            <p className={styles.source}>
              {result.key_bound ? (
                <Trans>The holder proved with their wallet that the credential is theirs.</Trans>
              ) : (
                <Trans>
                  No proof from the holder's wallet came with it: compare the details with the holder's ID card.
                </Trans>
              )}
            </p>
          )}
        </section>
      )}
      {result?.status === 'valid' && result.claims && (
        <Card as="section">
          <h3 className={styles.factsTitle}>
            <Trans>What the holder chose to show</Trans>
          </h3>
          <dl className={styles.facts} data-testid="presentation-claims">
            {[...WALLET_CLAIMS, 'issuance_date', 'expiry_date']
              .filter((name) => result.claims?.[name] !== undefined)
              .map((name) => (
                <div key={name} className={styles.factRow}>
                  <dt>{i18n._(CLAIM_LABELS[name])}</dt>
                  <dd>{value(name, result.claims![name])}</dd>
                </div>
              ))}
          </dl>
          {result.issued_at && (
            <p className={styles.note}>
              <Trans>Credential added to the wallet on {formatDate(result.issued_at, i18n.locale)}.</Trans>
            </p>
          )}
        </Card>
      )}
      <p className={styles.home}>
        <Link to="/">
          <Trans>Lao e-Government services</Trans>
        </Link>
      </p>
    </Page>
  );
}
