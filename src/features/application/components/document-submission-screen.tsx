import { Navigate, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { APPLICATION_DOCUMENTS, type ApplicationDocumentKind } from '../../../../contract/documents';
import { DocumentInputs } from '../../../components/application/document-inputs';
import { AppHeader } from '../../../components/layout/app-header';
import { Card, Page } from '../../../components/layout/page';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { DocumentViewer, type ShownDocument } from '../../../components/ui/document-viewer';
import { SkeletonCard } from '../../../components/ui/skeleton';
import { DOCUMENT_LABELS, DOCUMENT_REQUIRED, NO_ROOM, fileProblemMessage } from '../../../lib/application-labels';
import { checkFile } from '../../../lib/document-files';
import { useApplicantDraft } from '../stores/applicant-draft';
import { useDocumentsDraft } from '../stores/documents-draft';
import { useDrafts } from '../stores/load-drafts';
import { StepIndicator } from './step-indicator';

type Errors = Partial<Record<ApplicationDocumentKind, string>>;

/**
 * /document-submission — step 2 of 3. A chosen file is checked on the device (type by name and by
 * content, 10 MB, 3:4 photo), a photo made small, and kept in IndexedDB at once, so a reload finds it again.
 */
export function DocumentSubmissionScreen() {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const drafts = useDrafts();
  const applicantComplete = useApplicantDraft((s) => s.complete);
  const files = useDocumentsDraft((s) => s.files);
  const { put, remove, blobOf } = useDocumentsDraft.getState();
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState<Partial<Record<ApplicationDocumentKind, boolean>>>({});
  const [viewing, setViewing] = useState<ShownDocument | null>(null);
  const [saveFailed, setSaveFailed] = useState(false);

  if (drafts.status === 'ready' && !applicantComplete)
    return <Navigate to="/application-resident-certificate" replace />;

  const setError = (kind: ApplicationDocumentKind, message: string | undefined) =>
    setErrors((e) => ({ ...e, [kind]: message }));

  async function choose(kind: ApplicationDocumentKind, file: File) {
    setBusy((b) => ({ ...b, [kind]: true }));
    setSaveFailed(false);
    try {
      const check = await checkFile(file, kind);
      if (!check.ok) {
        setError(kind, i18n._(fileProblemMessage(check.problem, kind)));
        return;
      }
      await put(kind, check.file, { name: check.name, type: check.type, originalSize: check.originalSize });
      setError(kind, undefined);
    } catch {
      setSaveFailed(true);
    } finally {
      setBusy((b) => ({ ...b, [kind]: false }));
    }
  }

  async function view(kind: ApplicationDocumentKind) {
    const blob = await blobOf(kind);
    if (blob) setViewing({ title: i18n._(DOCUMENT_LABELS[kind]), source: { blob, name: files[kind]?.name } });
  }

  function next() {
    const missing = APPLICATION_DOCUMENTS.filter((kind) => !files[kind]);
    if (missing.length) {
      setErrors((e) => ({
        ...e,
        ...Object.fromEntries(missing.map((kind) => [kind, i18n._(DOCUMENT_REQUIRED[kind])])),
      }));
      document.getElementById(`document-${missing[0]}`)?.querySelector('input')?.focus();
      return;
    }
    void navigate({ to: '/preview-data' });
  }

  const anyBusy = Object.values(busy).some(Boolean);
  return (
    <Page
      header={<AppHeader title={<Trans>Document submission</Trans>} back="/application-resident-certificate" bell />}
      footer={
        <Button wide onPress={next} isDisabled={drafts.status !== 'ready' || anyBusy}>
          <Trans>Next</Trans>
        </Button>
      }
    >
      <StepIndicator step={2} />
      {saveFailed && (
        <Banner tone="error" onDismiss={() => setSaveFailed(false)}>
          {i18n._(NO_ROOM)}
        </Banner>
      )}
      {drafts.status === 'failed' && (
        <Banner tone="error">
          <Trans>Your saved application could not be opened. Check your connection and try again.</Trans>{' '}
          <Button variant="ghost" onPress={drafts.retry}>
            <Trans>Try again</Trans>
          </Button>
        </Banner>
      )}
      {drafts.status === 'ready' ? (
        <Card as="section">
          <DocumentInputs
            files={files}
            errors={errors}
            busy={busy}
            onSelect={(kind, file) => void choose(kind, file)}
            onView={(kind) => void view(kind)}
            onRemove={(kind) => void remove(kind)}
          />
        </Card>
      ) : drafts.status === 'loading' ? (
        <SkeletonCard lines={6} />
      ) : null}
      <DocumentViewer shown={viewing} onClose={() => setViewing(null)} />
    </Page>
  );
}
