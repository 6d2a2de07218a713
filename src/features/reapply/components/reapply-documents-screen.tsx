import { Navigate, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { APPLICATION_DOCUMENTS, type ApplicationDocumentKind } from '../../../../contract/documents';
import { ErrorCode } from '../../../../contract/errors';
import type { Bank } from '../../../../contract/master-data';
import { DocumentInputs } from '../../../components/application/document-inputs';
import { AppHeader } from '../../../components/layout/app-header';
import { Card, Page } from '../../../components/layout/page';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { DocumentViewer, type ShownDocument } from '../../../components/ui/document-viewer';
import { SelectField } from '../../../components/ui/field';
import { ApplicationUploadProgress } from '../../../components/outbox/upload-progress';
import type { SendProgress } from '../../../lib/outbox/entry';
import { SkeletonCard } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { DOCUMENT_LABELS, DOCUMENT_REQUIRED, fileProblemMessage } from '../../../lib/application-labels';
import { useApplication } from '../../../lib/application-detail';
import { checkFile } from '../../../lib/document-files';
import { errorMessage } from '../../../lib/error-messages';
import { fetchBanks } from '../../../lib/master-data';
import { reapplyRequest } from '../api/submit-reapply';
import { OutboxStorageError, submitThroughOutbox } from '../../../lib/outbox/submit';
import { storageProblem } from '../../../lib/outbox/outbox-text';
import {
  clearDraft,
  forgetSubmissionKey,
  keyForSubmission,
  readDraft,
  saveDraft,
  type ReapplyDocumentDraft,
  type ReapplyDraft,
} from '../stores/reapply-draft';
import styles from './reapply-documents.module.css';

type Chosen = ReapplyDocumentDraft;
type DraftState = { status: 'loading' } | { status: 'missing' } | { status: 'ready'; draft: ReapplyDraft };

/**
 * /document-applied-before/{id}: the three documents (checked on the device like step 2), the
 * bank, and submit. The form data comes from the device; without it the citizen goes
 * back to the list. Success clears it and opens /applied-success/{new id}.
 */
export function ReapplyDocumentsScreen({ id }: { id: number }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const application = useApplication(id);
  const [draft, setDraft] = useState<DraftState>({ status: 'loading' });
  const [banks, setBanks] = useState<Bank[] | null>(null);
  const [bankId, setBankId] = useState<number | null>(null);
  const [files, setFiles] = useState<Partial<Record<ApplicationDocumentKind, Chosen>>>({});
  const [errors, setErrors] = useState<Partial<Record<ApplicationDocumentKind | 'bank', string>>>({});
  const [checking, setChecking] = useState<Partial<Record<ApplicationDocumentKind, boolean>>>({});
  const [viewing, setViewing] = useState<ShownDocument | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState<SendProgress | null>(null);

  useEffect(() => {
    let live = true;
    readDraft(id).then(
      (d) => {
        if (!live) return;
        setDraft(d ? { status: 'ready', draft: d } : { status: 'missing' });
        if (d) setFiles(d.documents);
      },
      () => live && setDraft({ status: 'missing' }),
    );
    fetchBanks().then(
      (list) => live && setBanks(list),
      () => live && setBanks([]),
    );
    return () => {
      live = false;
    };
  }, [id]);

  // The bank of the rejected application unless the citizen chose another.
  const chosenBank =
    bankId ??
    (draft.status === 'ready' ? draft.draft.bankId : null) ??
    application.application?.payment.bank_id ??
    null;

  if (draft.status === 'missing') return <Navigate to="/history-applied-before" replace />;

  /** Kept on the device at once; if that fails the file still goes with this submission. */
  function keep(next: Partial<Record<ApplicationDocumentKind, Chosen>>) {
    void saveDraft(id, { documents: next }).catch(() => undefined);
  }

  async function choose(kind: ApplicationDocumentKind, file: File) {
    setChecking((c) => ({ ...c, [kind]: true }));
    try {
      const check = await checkFile(file, kind);
      if (!check.ok) {
        setErrors((e) => ({ ...e, [kind]: i18n._(fileProblemMessage(check.problem, kind)) }));
        return;
      }
      const chosen: Chosen = {
        blob: check.file,
        name: check.name,
        type: check.type,
        size: check.file.size,
        originalSize: check.originalSize,
        at: Date.now(),
      };
      setFiles((f) => {
        const next = { ...f, [kind]: chosen };
        keep(next);
        return next;
      });
      setErrors((e) => ({ ...e, [kind]: undefined }));
    } finally {
      setChecking((c) => ({ ...c, [kind]: false }));
    }
  }

  async function submit() {
    setFailure(null);
    const missing = APPLICATION_DOCUMENTS.filter((kind) => !files[kind]);
    if (missing.length || !chosenBank) {
      setErrors((e) => ({
        ...e,
        ...Object.fromEntries(missing.map((kind) => [kind, i18n._(DOCUMENT_REQUIRED[kind])])),
        ...(!chosenBank ? { bank: t`Choose the bank you will pay with.` } : {}),
      }));
      const first = missing[0] ? `document-${missing[0]}` : 'reapply-bank';
      (document.getElementById(first)?.querySelector('input, select') as HTMLElement | null)?.focus();
      return;
    }
    // The form data must still be on the device at submit, else back to the list.
    const saved = await readDraft(id).catch(() => null);
    if (!saved) {
      await navigate({ to: '/history-applied-before', replace: true });
      return;
    }
    setSending(true);
    setProgress(null);
    try {
      const documents = Object.fromEntries(APPLICATION_DOCUMENTS.map((kind) => [kind, files[kind]!])) as Record<
        ApplicationDocumentKind,
        Chosen
      >;
      const fingerprint = JSON.stringify([
        saved.values,
        APPLICATION_DOCUMENTS.map((k) => [documents[k].name, documents[k].size, documents[k].at]),
        chosenBank,
      ]);
      const key = await keyForSubmission(id, fingerprint);
      const outcome = await submitThroughOutbox(
        reapplyRequest(id, saved.values, documents, chosenBank, key),
        setProgress,
      );
      if (outcome.result === 'refused') throw outcome.error;
      if (outcome.result === 'sent')
        await navigate({ to: '/applied-success/$id', params: { id: String(outcome.entry.resultId) }, replace: true });
      else await navigate({ to: '/outbox', search: { queued: outcome.entry.id }, replace: true });
      // Only now that the server or the outbox holds the new application is the form removed.
      await clearDraft(id).catch(() => undefined);
    } catch (err) {
      // Another body under the same key: the next attempt gets a fresh key.
      if (err instanceof ApiError && err.code === ErrorCode.idempotencyConflict)
        await forgetSubmissionKey(id).catch(() => undefined);
      setFailure(err instanceof OutboxStorageError ? storageProblem(err) : errorMessage(err));
    } finally {
      setSending(false);
    }
  }

  const ticket = application.application?.ticket_number ?? '';
  const anyChecking = Object.values(checking).some(Boolean);
  const ready = draft.status === 'ready' && application.status === 'ready';
  return (
    <Page
      header={
        <AppHeader
          title={<Trans>Document submission</Trans>}
          back={() => void navigate({ to: '/history-applied-before-detail/$id', params: { id: String(id) } })}
          bell
        />
      }
      footer={
        <>
          {sending && <ApplicationUploadProgress progress={progress} />}
          <Button
            wide
            onPress={() => void submit()}
            pending={sending}
            pendingLabel={t`Submitting...`}
            isDisabled={!ready || anyChecking}
          >
            <Trans>Submit</Trans>
          </Button>
        </>
      }
    >
      {failure && (
        <Banner tone="error" onDismiss={() => setFailure(null)}>
          {failure}
        </Banner>
      )}
      {application.status === 'failed' && (
        <Banner tone="error">
          {errorMessage(application.error)}{' '}
          <Button variant="ghost" onPress={application.reload}>
            <Trans>Try again</Trans>
          </Button>
        </Banner>
      )}
      {application.status === 'not-found' && <Navigate to="/history-applied-before" replace />}
      {!ready ? (
        application.status !== 'failed' && (
          <>
            <SkeletonCard lines={6} />
            <SkeletonCard lines={2} />
          </>
        )
      ) : (
        <>
          <Card as="section">
            <p className={styles.ticket}>
              <Trans>Applying again for {ticket}</Trans>
            </p>
            <DocumentInputs
              files={files}
              errors={errors}
              busy={checking}
              onSelect={(kind, file) => void choose(kind, file)}
              onView={(kind) =>
                files[kind] &&
                setViewing({
                  title: i18n._(DOCUMENT_LABELS[kind]),
                  source: { blob: files[kind].blob, name: files[kind].name },
                })
              }
              onRemove={(kind) =>
                setFiles((f) => {
                  const next = { ...f };
                  delete next[kind];
                  keep(next);
                  return next;
                })
              }
            />
          </Card>
          <Card as="section">
            <h2 className={styles.heading}>
              <Trans>Payment method</Trans>
            </h2>
            <p className={styles.muted}>
              {application.application!.payment.payment_status === 'paid' ? (
                <Trans>Your fee was already paid: it carries over to the new application.</Trans>
              ) : (
                <Trans>You pay the fee for the new application by bank transfer.</Trans>
              )}
            </p>
            <div id="reapply-bank">
              <SelectField
                label={<Trans>Bank</Trans>}
                placeholder={t`Choose a bank`}
                options={(banks ?? []).map((b) => ({ id: b.id, name: b.bank_name }))}
                loading={!banks}
                value={chosenBank ?? ''}
                error={errors.bank}
                onChange={(e) => {
                  const next = Number(e.target.value) || null;
                  setBankId(next);
                  setErrors((x) => ({ ...x, bank: undefined }));
                  if (next) void saveDraft(id, { bankId: next }).catch(() => undefined);
                }}
              />
            </div>
          </Card>
        </>
      )}
      <DocumentViewer shown={viewing} onClose={() => setViewing(null)} />
    </Page>
  );
}
