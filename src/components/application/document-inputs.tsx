import { Trans, useLingui } from '@lingui/react/macro';
import { APPLICATION_DOCUMENTS, acceptAttribute, type ApplicationDocumentKind } from '../../../contract/documents';
import { DOCUMENT_HINTS, DOCUMENT_LABELS } from '../../lib/application-labels';
import { FileInput, type ChosenFile } from '../ui/file-input';

type PerKind<T> = Partial<Record<ApplicationDocumentKind, T>>;

interface DocumentInputsProps {
  files: PerKind<ChosenFile>;
  errors: PerKind<string | undefined>;
  busy: PerKind<boolean | undefined>;
  onSelect(kind: ApplicationDocumentKind, file: File): void;
  onView(kind: ApplicationDocumentKind): void;
  onRemove(kind: ApplicationDocumentKind): void;
  /** The documents to ask for (an officer may ask for some of them again); all three by default. */
  kinds?: readonly ApplicationDocumentKind[];
}

/**
 * The three documents of an application (photo 3x4, household book, proof of residence), after
 * a line on what makes a readable picture, one picker each with its format hint: step 2, the re-apply screen and
 * an answer to an officer ask for them the same way.
 * Each sits in `#document-{kind}`, so a screen can move the focus to the first one missing.
 */
export function DocumentInputs({
  files,
  errors,
  busy,
  onSelect,
  onView,
  onRemove,
  kinds = APPLICATION_DOCUMENTS,
}: DocumentInputsProps) {
  const { i18n } = useLingui();
  return (
    <>
      <p>
        <Trans>Attach one file for each document. Take clear, well-lit pictures where every word can be read.</Trans>
      </p>
      {kinds.map((kind) => (
        <div key={kind} id={`document-${kind}`}>
          <FileInput
            label={i18n._(DOCUMENT_LABELS[kind])}
            hint={i18n._(DOCUMENT_HINTS[kind])}
            accept={acceptAttribute(kind)}
            file={files[kind] ?? null}
            error={errors[kind]}
            busy={busy[kind]}
            expects={kind === 'applicant_photo' ? 'image' : 'document'}
            onSelect={(file) => onSelect(kind, file)}
            onView={() => onView(kind)}
            onRemove={() => onRemove(kind)}
          />
        </div>
      ))}
    </>
  );
}
