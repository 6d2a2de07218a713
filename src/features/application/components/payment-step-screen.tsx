import { Navigate, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import * as v from 'valibot';
import { useEffect, useState } from 'react';
import { applicantData, paymentMethod, type Fee } from '../../../../contract/application';
import { APPLICATION_DOCUMENTS, type ApplicationDocumentKind } from '../../../../contract/documents';
import { ErrorCode } from '../../../../contract/errors';
import type { Bank } from '../../../../contract/master-data';
import { AppHeader } from '../../../components/layout/app-header';
import { Card, Page } from '../../../components/layout/page';
import { Banner } from '../../../components/ui/banner';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ApplicationUploadProgress } from '../../../components/outbox/upload-progress';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { errorMessage, fieldMessage } from '../../../lib/error-messages';
import { currentLanguage } from '../../../lib/i18n';
import { fetchBanks } from '../../../lib/master-data';
import { createApplicationRequest, type DocumentToSend } from '../api/create-application';
import type { SendProgress } from '../../../lib/outbox/entry';
import { OutboxStorageError, submitThroughOutbox } from '../../../lib/outbox/submit';
import { storageProblem } from '../../../lib/outbox/outbox-text';
import { fetchFee } from '../api/fetch-fee';
import { useApplicantDraft, type ApplicantValues } from '../stores/applicant-draft';
import { useDocumentsDraft } from '../stores/documents-draft';
import { fingerprint } from '../../../lib/fingerprint';
import { clearDrafts, useDrafts } from '../stores/load-drafts';
import { BankSheet } from './bank-sheet';
import { FeeSummary } from './fee-summary';
import { StepIndicator } from './step-indicator';
import styles from './payment-step-screen.module.css';
import { Chevron } from '../../../components/ui/chevron';

type Failure = { message: string; fixStep: 1 | 2 | null };

const APPLICANT_FIELDS = new Set(Object.keys(applicantData.entries));

/** Which step can fix what the server refused (applicant data, or a document). */
function stepToFix(err: unknown): 1 | 2 | null {
  if (!(err instanceof ApiError)) return null;
  const fields = Object.keys(err.fields);
  if (fields.some((f) => APPLICANT_FIELDS.has(f))) return 1;
  if (fields.some((f) => (APPLICATION_DOCUMENTS as readonly string[]).includes(f))) return 2;
  return null;
}

/** /payment — step 3 of 3: the fee, the bank, and 'make payment', which creates the application. */
export function PaymentStepScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const drafts = useDrafts();
  const { values, complete, bank, chooseBank, keyFor } = useApplicantDraft();
  const files = useDocumentsDraft((s) => s.files);
  const [fee, setFee] = useState<Fee | null>(null);
  const [feeFailed, setFeeFailed] = useState(false);
  const [feeAttempt, setFeeAttempt] = useState(0);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [methodError, setMethodError] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState<SendProgress | null>(null);
  const [submitted, setSubmitted] = useState(false);
  // The bank's name in the language on screen now, not the one it was chosen in.
  const language = currentLanguage();
  const [banks, setBanks] = useState<Bank[] | null>(null);
  useEffect(() => {
    fetchBanks().then(setBanks, () => undefined);
  }, [language]);
  const bankName = banks?.find((b) => b.id === bank?.id)?.bank_name ?? bank?.name;

  useEffect(() => {
    let live = true;
    setFeeFailed(false);
    fetchFee().then(
      (f) => live && setFee(f),
      () => live && setFeeFailed(true),
    );
    return () => {
      live = false;
    };
  }, [feeAttempt]);

  if (drafts.status === 'ready' && !submitted) {
    // No saved documents → step 2; no saved applicant data → step 1.
    if (!complete || !values) return <Navigate to="/application-resident-certificate" replace />;
    if (APPLICATION_DOCUMENTS.some((k) => !files[k])) return <Navigate to="/document-submission" replace />;
  }

  async function makePayment() {
    setFailure(null);
    const method = v.safeParse(paymentMethod, {
      name: bank?.name ?? '',
      bank_id: bank?.id ?? 0,
      icon: bank?.icon ?? '',
    });
    if (!method.success || !bank) {
      setMethodError(
        fieldMessage('payment_method', method.success ? 'payment_method_required' : method.issues[0].message) ?? null,
      );
      return;
    }
    if (!values || !v.safeParse(applicantData, values).success) {
      await navigate({ to: '/application-resident-certificate' });
      return;
    }
    setSending(true);
    setProgress(null);
    try {
      const state = useDocumentsDraft.getState();
      const documents = {} as Record<ApplicationDocumentKind, DocumentToSend>;
      for (const kind of APPLICATION_DOCUMENTS) {
        const blob = await state.blobOf(kind);
        if (!blob) {
          await navigate({ to: '/document-submission' });
          return;
        }
        documents[kind] = { blob, name: state.files[kind]!.name };
      }
      const key = keyFor(
        fingerprint(JSON.stringify([values, APPLICATION_DOCUMENTS.map((k) => state.files[k]!.id), bank.id])),
      );
      const outcome = await submitThroughOutbox(
        createApplicationRequest(values as ApplicantValues, documents, bank, key),
        setProgress,
      );
      if (outcome.result === 'refused') throw outcome.error;
      setSubmitted(true);
      if (outcome.result === 'sent') {
        await navigate({
          to: '/waiting-for-payment/$id',
          params: { id: String(outcome.entry.resultId) },
          replace: true,
        });
      } else {
        // Saved on the phone: the outbox holds the application now (and puts it back if refused).
        await navigate({ to: '/outbox', search: { queued: outcome.entry.id }, replace: true });
      }
      // Only now that the server or the outbox holds the application are the drafts removed
      // (docs/specification.md#new-application).
      await clearDrafts();
    } catch (err) {
      // Another body under the same key: the next attempt gets a fresh key.
      if (err instanceof ApiError && err.code === ErrorCode.idempotencyConflict)
        useApplicantDraft.setState({ submission: null });
      setFailure({
        message: err instanceof OutboxStorageError ? storageProblem(err) : errorMessage(err),
        fixStep: stepToFix(err),
      });
    } finally {
      setSending(false);
    }
  }

  return (
    <Page
      header={<AppHeader title={<Trans>Payment</Trans>} back="/document-submission" bell />}
      footer={
        <>
          {sending && <ApplicationUploadProgress progress={progress} />}
          <Button
            wide
            onPress={() => void makePayment()}
            pending={sending}
            pendingLabel={t`loading`}
            isDisabled={drafts.status !== 'ready' || !fee}
          >
            <Trans>Make payment</Trans>
          </Button>
        </>
      }
    >
      <StepIndicator step={3} />
      {failure && (
        <Banner tone="error" onDismiss={() => setFailure(null)}>
          <p>{failure.message}</p>
          {failure.fixStep === 1 && (
            <ButtonLink to="/application-resident-certificate" variant="ghost">
              <Trans>Check the applicant data</Trans>
            </ButtonLink>
          )}
          {failure.fixStep === 2 && (
            <ButtonLink to="/document-submission" variant="ghost">
              <Trans>Check the documents</Trans>
            </ButtonLink>
          )}
        </Banner>
      )}
      <Card as="section">
        <h2 className={styles.heading}>
          <Trans>Payment summary</Trans>
        </h2>
        {fee ? (
          <FeeSummary fee={fee} />
        ) : feeFailed ? (
          <div role="alert" className={styles.feeFailed}>
            <p>
              <Trans>The fee could not be loaded. Check your connection and try again.</Trans>
            </p>
            <Button variant="secondary" onPress={() => setFeeAttempt((n) => n + 1)}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        ) : (
          <div aria-hidden="true" className={styles.feeLoading}>
            <Skeleton width="80%" />
            <Skeleton width="70%" />
            <Skeleton width="90%" height={22} />
          </div>
        )}
        {fee && (
          <p className={styles.note}>
            <Trans>
              After you press Make payment you get a virtual account number. Pay within {fee.payment_window_hours} hours
              at any ATM or in your bank's app.
            </Trans>
          </p>
        )}
      </Card>
      <Card as="section">
        <h2 className={styles.heading} id="payment-method-heading">
          <Trans>Payment method</Trans>
        </h2>
        <button
          type="button"
          className={styles.method}
          data-invalid={methodError ? true : undefined}
          aria-describedby={methodError ? 'payment-method-error' : undefined}
          onClick={() => {
            setMethodError(null);
            setSheetOpen(true);
          }}
        >
          {bank ? (
            <>
              <img src={bank.icon} alt="" width={40} height={40} className={styles.logo} />
              <span className={styles.methodText}>
                <span className={styles.methodKind}>
                  <Trans>Bank transfer</Trans>
                </span>
                <span className={styles.methodName}>{bankName}</span>
              </span>
              <span className={styles.change}>
                <Trans>Change</Trans>
              </span>
            </>
          ) : (
            <>
              <span className={styles.placeholder}>
                <Trans>Select payment method</Trans>
              </span>
              <Chevron />
            </>
          )}
        </button>
        {methodError && (
          <p id="payment-method-error" className={styles.error}>
            {methodError}
          </p>
        )}
      </Card>
      <BankSheet
        isOpen={sheetOpen}
        onOpenChange={setSheetOpen}
        chosen={bank?.id ?? null}
        onChoose={(b) => {
          chooseBank(b);
          setMethodError(null);
        }}
      />
    </Page>
  );
}
