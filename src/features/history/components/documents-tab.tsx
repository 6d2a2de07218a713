import { Trans, useLingui } from '@lingui/react/macro';
import type { ApplicationDetail } from '../../../../contract/application';
import { APPLICATION_DOCUMENTS, type ApplicationDocumentKind } from '../../../../contract/documents';
import { DOCUMENT_LABELS } from '../../../lib/application-labels';
import { fileList as list } from '../../../components/application/application-parts';

/** The three documents, each with its file name and a View button (the viewer fetches it with the token). */
export function DocumentsTab({
  documents,
  onView,
}: {
  documents: ApplicationDetail['document_submit'];
  onView(kind: ApplicationDocumentKind, path: string, name: string): void;
}) {
  const { t, i18n } = useLingui();
  return (
    <ul className={list.documents}>
      {APPLICATION_DOCUMENTS.map((kind) => {
        const path = documents[`${kind}_path`];
        const name = documents[`${kind}_name`] ?? '';
        const label = i18n._(DOCUMENT_LABELS[kind]);
        return (
          <li key={kind} className={list.document}>
            <span className={list.docText}>
              <span className={list.docLabel}>{label}</span>
              <span className={list.docName}>{name || '-'}</span>
            </span>
            {path && (
              <button
                type="button"
                className={list.view}
                onClick={() => onView(kind, path, name)}
                aria-label={t`View ${label}`}
              >
                <Trans>View</Trans>
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
