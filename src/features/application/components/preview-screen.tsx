import { Link, Navigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { APPLICATION_DOCUMENTS, type ApplicationDocumentKind } from '../../../../contract/documents';
import { AppHeader } from '../../../components/layout/app-header';
import { Card, Page } from '../../../components/layout/page';
import { ButtonLink } from '../../../components/ui/button';
import { DocumentViewer, type ShownDocument } from '../../../components/ui/document-viewer';
import { SkeletonCard } from '../../../components/ui/skeleton';
import { DOCUMENT_LABELS } from '../../../lib/application-labels';
import { formatFileSize } from '../../../lib/format';
import { useApplicantDraft } from '../stores/applicant-draft';
import { useDocumentsDraft } from '../stores/documents-draft';
import { useDrafts } from '../stores/load-drafts';
import { ApplicantSummary } from './applicant-summary';
import { fileList as list } from '../../../components/application/application-parts';
import styles from './preview-screen.module.css';

/** /preview-data: everything the citizen is about to send, read-only, before paying. */
export function PreviewScreen() {
  const { t, i18n } = useLingui();
  const drafts = useDrafts();
  const { values, complete } = useApplicantDraft();
  const files = useDocumentsDraft((s) => s.files);
  const [viewing, setViewing] = useState<ShownDocument | null>(null);

  const ready = drafts.status === 'ready';
  // Without the stored application or documents, back to /home.
  if (ready && (!complete || !values || APPLICATION_DOCUMENTS.some((k) => !files[k])))
    return <Navigate to="/home" replace />;

  async function view(kind: ApplicationDocumentKind) {
    const blob = await useDocumentsDraft.getState().blobOf(kind);
    if (blob) setViewing({ title: i18n._(DOCUMENT_LABELS[kind]), source: { blob, name: files[kind]?.name } });
  }

  return (
    <Page
      header={<AppHeader title={<Trans>Preview</Trans>} back="/document-submission" bell />}
      footer={
        <div className={styles.actions}>
          <ButtonLink to="/document-submission" variant="secondary">
            <Trans>Back</Trans>
          </ButtonLink>
          <ButtonLink to="/payment">
            <Trans>Next</Trans>
          </ButtonLink>
        </div>
      }
    >
      <p className={styles.lead}>
        <Trans>Check your data and documents before paying. You can still change them.</Trans>
      </p>
      {!ready || !values ? (
        <>
          <SkeletonCard lines={6} />
          <SkeletonCard lines={3} />
        </>
      ) : (
        <>
          <Card as="section">
            <div className={styles.head}>
              <h2 className={styles.heading}>
                <Trans>Applicant data</Trans>
              </h2>
              <Link to="/application-resident-certificate" className={styles.edit}>
                <Trans>Edit</Trans>
              </Link>
            </div>
            <ApplicantSummary values={values} />
          </Card>
          <Card as="section">
            <div className={styles.head}>
              <h2 className={styles.heading}>
                <Trans>Documents</Trans>
              </h2>
              <Link to="/document-submission" className={styles.edit}>
                <Trans>Change</Trans>
              </Link>
            </div>
            <ul className={list.documents}>
              {APPLICATION_DOCUMENTS.map((kind) => (
                <li key={kind} className={list.document}>
                  <span className={list.docText}>
                    <span className={list.docLabel}>{i18n._(DOCUMENT_LABELS[kind])}</span>
                    <span className={`${list.docName} ${styles.oneLine}`}>
                      {files[kind]?.name} · {formatFileSize(files[kind]?.size ?? 0, i18n.locale)}
                    </span>
                  </span>
                  <button
                    type="button"
                    className={list.view}
                    onClick={() => void view(kind)}
                    aria-label={t`View ${i18n._(DOCUMENT_LABELS[kind])}`}
                  >
                    <Trans>View</Trans>
                  </button>
                </li>
              ))}
            </ul>
          </Card>
        </>
      )}
      <DocumentViewer shown={viewing} onClose={() => setViewing(null)} />
    </Page>
  );
}
