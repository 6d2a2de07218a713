import { useNavigate } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useRef, useState } from 'react';
import type { ApplicationDetail, InformationRequestView } from '../../../../contract/application';
import type { ApplicationDocumentKind } from '../../../../contract/documents';
import { ErrorCode } from '../../../../contract/errors';
import { DocumentInputs } from '../../../components/application/document-inputs';
import { ApplicantField, type ApplicantTextField } from '../../../components/forms/applicant-fields';
import { LocationFields } from '../../../components/forms/location-fields';
import { Card } from '../../../components/layout/page';
import { UploadProgress } from '../../../components/outbox/upload-progress';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { DocumentViewer, type ShownDocument } from '../../../components/ui/document-viewer';
import { ApiError, newIdempotencyKey } from '../../../lib/api-client';
import { DOCUMENT_LABELS, DOCUMENT_REQUIRED, fileProblemMessage } from '../../../lib/application-labels';
import { checkFile } from '../../../lib/document-files';
import { errorMessage, fieldMessage } from '../../../lib/error-messages';
import { useSchemaForm } from '../../../lib/form';
import type { SendProgress } from '../../../lib/outbox/entry';
import { storageProblem } from '../../../lib/outbox/outbox-text';
import { OutboxStorageError, submitThroughOutbox } from '../../../lib/outbox/submit';
import { answerRequest, answerSchema, currentValues, type AnswerValues } from '../api/answer-request';
import styles from './answer-request.module.css';

type Chosen = { blob: Blob; name: string; size: number; type: string; originalSize?: number };
type PerKind<T> = Partial<Record<ApplicationDocumentKind, T>>;

/** The codes this screen's answer may come back with, in the citizen's words. */
const ANSWER_ERRORS = {
  [ErrorCode.requestNotOpen]: msg`The office no longer waits for this answer: it was already given, or the question was closed. Open the application to see where it stands.`,
};

/**
 * The citizen's answer: a picker for each document asked (step 2's rules and photo shrinking), each
 * asked field pre-filled with what the application holds (the application's own rules), one "Send
 * answer". Sent through the outbox like every other request: online it lands at once, offline it
 * waits on the phone, its documents sent in resumable pieces, under one Idempotency-Key.
 */
export function AnswerForm({
  application: a,
  request,
  onRefused,
}: {
  application: ApplicationDetail;
  request: InformationRequestView;
  /** The server no longer waits for this answer: the screen reads the application again. */
  onRefused(): void;
}) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const schema = useMemo(() => answerSchema(request.fields), [request.fields]);
  const form = useSchemaForm(schema, { defaultValues: currentValues(a, request.fields) as never });
  const [files, setFiles] = useState<PerKind<Chosen>>({});
  const [fileErrors, setFileErrors] = useState<PerKind<string | undefined>>({});
  const [checking, setChecking] = useState<PerKind<boolean>>({});
  const [viewing, setViewing] = useState<ShownDocument | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState<SendProgress | null>(null);
  // One key per answer as sent: a second press while it is on its way is the same request.
  const key = useRef<string | null>(null);

  async function choose(kind: ApplicationDocumentKind, file: File) {
    setChecking((c) => ({ ...c, [kind]: true }));
    try {
      const check = await checkFile(file, kind);
      if (!check.ok) {
        setFileErrors((e) => ({ ...e, [kind]: i18n._(fileProblemMessage(check.problem, kind)) }));
        return;
      }
      const chosen = {
        blob: check.file,
        name: check.name,
        size: check.file.size,
        type: check.type,
        originalSize: check.originalSize,
      };
      setFiles((f) => ({ ...f, [kind]: chosen }));
      setFileErrors((e) => ({ ...e, [kind]: undefined }));
      key.current = null;
    } finally {
      setChecking((c) => ({ ...c, [kind]: false }));
    }
  }

  /** The server's word on one field or document, under it. */
  function placeServerErrors(err: ApiError) {
    for (const [path, code] of Object.entries(err.fields)) {
      const name = path.replace(/^fields\./, '');
      const kind = name.replace(/_upload_id$/, '') as ApplicationDocumentKind;
      if (request.documents.includes(kind)) setFileErrors((e) => ({ ...e, [kind]: fieldMessage(kind, code) }));
      else form.setError(name as never, { type: 'server', message: code });
    }
  }

  async function send(values: AnswerValues) {
    setSending(true);
    setProgress(null);
    key.current ??= newIdempotencyKey();
    try {
      const outcome = await submitThroughOutbox(answerRequest(a.id, request, values, files, key.current), setProgress);
      if (outcome.result === 'refused') throw outcome.error;
      if (outcome.result === 'sent')
        await navigate({
          to: '/detail-application/$id',
          params: { id: String(a.id) },
          // Said once on the detail; history state, so a reload or a shared link does not say it again.
          state: { answered: true },
          replace: true,
        });
      else await navigate({ to: '/outbox', search: { queued: outcome.entry.id }, replace: true });
    } catch (err) {
      key.current = null;
      if (err instanceof OutboxStorageError) return setFailure(storageProblem(err));
      if (err instanceof ApiError) placeServerErrors(err);
      setFailure(errorMessage(err, ANSWER_ERRORS));
      if (err instanceof ApiError && err.code === ErrorCode.requestNotOpen) onRefused();
    } finally {
      setSending(false);
    }
  }

  async function submit() {
    setFailure(null);
    const missing = request.documents.filter((kind) => !files[kind]);
    setFileErrors((e) => ({
      ...e,
      ...Object.fromEntries(missing.map((kind) => [kind, i18n._(DOCUMENT_REQUIRED[kind])])),
    }));
    const valid = await form.trigger(undefined, { shouldFocus: true });
    if (!valid) return setFailure(t`Some fields are not valid. Check the messages under the fields.`);
    if (missing.length) {
      document.getElementById(`document-${missing[0]}`)?.querySelector('input')?.focus();
      return;
    }
    await send(form.getValues() as AnswerValues);
  }

  const typed = request.fields.filter((f) => f !== 'village_id') as ApplicantTextField[];
  const anyChecking = Object.values(checking).some(Boolean);
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {failure && (
        <Banner tone="error" onDismiss={() => setFailure(null)}>
          {failure}
        </Banner>
      )}
      {request.documents.length > 0 && (
        <Card as="section">
          <h2 className={styles.heading}>
            <Trans>Documents to send again</Trans>
          </h2>
          <DocumentInputs
            kinds={request.documents}
            files={files}
            errors={fileErrors}
            busy={checking}
            onSelect={(kind, file) => void choose(kind, file)}
            onView={(kind) =>
              files[kind] &&
              setViewing({
                title: i18n._(DOCUMENT_LABELS[kind]),
                source: { blob: files[kind].blob, name: files[kind].name },
              })
            }
            onRemove={(kind) => {
              key.current = null;
              setFiles((f) => {
                const next = { ...f };
                delete next[kind];
                return next;
              });
            }}
          />
        </Card>
      )}
      {request.fields.length > 0 && (
        <Card as="section">
          <h2 className={styles.heading}>
            <Trans>Details to correct</Trans>
          </h2>
          <p className={styles.muted}>
            <Trans>Each field shows what your application says now. Correct it; everything else stays as it is.</Trans>
          </p>
          {typed.map((name) => (
            <ApplicantField key={name} form={form as never} name={name} />
          ))}
          {request.fields.includes('village_id') && (
            <LocationFields
              form={form as never}
              names={{ province: 'province_id', district: 'district_id', village: 'village_id' }}
            />
          )}
        </Card>
      )}
      <div className={styles.send}>
        {sending && <UploadProgress progress={progress} label={<Trans>Sending your answer…</Trans>} />}
        <Button type="submit" wide pending={sending} pendingLabel={t`Sending...`} isDisabled={anyChecking}>
          <Trans>Send answer</Trans>
        </Button>
      </div>
      <DocumentViewer shown={viewing} onClose={() => setViewing(null)} />
    </form>
  );
}
