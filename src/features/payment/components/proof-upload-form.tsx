import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { acceptAttribute } from '../../../../contract/documents';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { FileInput } from '../../../components/ui/file-input';
import { UploadProgress } from '../../../components/outbox/upload-progress';
import type { SendProgress } from '../../../lib/outbox/entry';
import { ApiError, newIdempotencyKey } from '../../../lib/api-client';
import {
  DOCUMENT_HINTS,
  DOCUMENT_LABELS,
  DOCUMENT_REQUIRED,
  fileProblemMessage,
} from '../../../lib/application-labels';
import { checkFile } from '../../../lib/document-files';
import { errorMessage, fieldMessage } from '../../../lib/error-messages';
import { OutboxStorageError, submitThroughOutbox, type SubmitOutcome } from '../../../lib/outbox/submit';
import { storageProblem } from '../../../lib/outbox/outbox-text';
import { uploadProofRequest } from '../api/upload-proof';
import { clearProofDraft, readProofDraft, saveProofDraft } from '../stores/proof-draft';
import styles from './proof-upload-form.module.css';

type Chosen = { file: Blob; name: string; key: string; originalSize?: number };

/**
 * The proof of payment: exactly one file, jpg or png, at most 10 MB. The picker offers
 * only what the rule accepts (docs/decisions.md#pickers-accept-what-the-rule-accepts). The chosen
 * file is kept on the device until it is sent, with one Idempotency-Key per chosen file, so a retry
 * of the same upload never counts twice. Offline, the upload waits in the outbox (`onQueued`).
 */
export function ProofUploadForm({
  applicationId,
  onUploaded,
  onQueued,
}: {
  applicationId: number;
  onUploaded(): void;
  onQueued?(outcome: Extract<SubmitOutcome, { result: 'queued' }>): void;
}) {
  const { t, i18n } = useLingui();
  const [chosen, setChosen] = useState<Chosen | null>(null);

  // A file chosen earlier (then the citizen left, or it came back refused) is still here.
  useEffect(() => {
    let live = true;
    readProofDraft(applicationId).then(
      (d) => live && d && setChosen({ file: d.blob, name: d.name, key: d.key, originalSize: d.originalSize }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [applicationId]);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState<SendProgress | null>(null);
  const [checking, setChecking] = useState(false);

  async function choose(file: File) {
    setFailure(null);
    setChecking(true);
    const check = await checkFile(file, 'proof_of_payment');
    setChecking(false);
    if (!check.ok) {
      setChosen(null);
      setFieldError(i18n._(fileProblemMessage(check.problem, 'proof_of_payment')));
      return;
    }
    setFieldError(undefined);
    const next = { file: check.file, name: check.name, key: newIdempotencyKey(), originalSize: check.originalSize };
    setChosen(next);
    void saveProofDraft(applicationId, {
      blob: next.file,
      name: next.name,
      type: check.type,
      key: next.key,
      originalSize: next.originalSize,
      savedAt: Date.now(),
    }).catch(() => undefined);
  }

  function remove() {
    setChosen(null);
    void clearProofDraft(applicationId).catch(() => undefined);
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setFailure(null);
    if (!chosen) {
      setFieldError(i18n._(DOCUMENT_REQUIRED.proof_of_payment));
      return;
    }
    setSending(true);
    setProgress(null);
    try {
      const outcome = await submitThroughOutbox(
        uploadProofRequest(applicationId, { blob: chosen.file, name: chosen.name }, chosen.key),
        setProgress,
      );
      if (outcome.result === 'refused') throw outcome.error;
      // Sent, or held by the outbox until it is: the screen's copy has done its work.
      await clearProofDraft(applicationId).catch(() => undefined);
      setChosen(null);
      if (outcome.result === 'sent') onUploaded();
      else onQueued?.(outcome);
    } catch (err) {
      if (err instanceof OutboxStorageError) {
        setFailure(storageProblem(err));
        return;
      }
      const code = err instanceof ApiError ? err.fields.proof_of_payment : undefined;
      if (code)
        setFieldError(
          code === 'file_type_not_allowed'
            ? i18n._(fileProblemMessage('file_type_not_allowed', 'proof_of_payment'))
            : fieldMessage('proof_of_payment', code),
        );
      setFailure(errorMessage(err));
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className={styles.form}>
      {failure && (
        <Banner tone="error" onDismiss={() => setFailure(null)}>
          {failure}
        </Banner>
      )}
      <FileInput
        label={i18n._(DOCUMENT_LABELS.proof_of_payment)}
        hint={i18n._(DOCUMENT_HINTS.proof_of_payment)}
        accept={acceptAttribute('proof_of_payment')}
        file={
          chosen
            ? { name: chosen.name, size: chosen.file.size, type: chosen.file.type, originalSize: chosen.originalSize }
            : null
        }
        error={fieldError}
        busy={checking || sending}
        expects="image"
        onSelect={(file) => void choose(file)}
        onRemove={remove}
      />
      {sending && <UploadProgress progress={progress} label={<Trans>Uploading…</Trans>} />}
      <Button type="submit" wide pending={sending} pendingLabel={t`Submitting...`}>
        <Trans>Upload proof of payment</Trans>
      </Button>
    </form>
  );
}
