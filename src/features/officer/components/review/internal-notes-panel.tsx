import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type Ref } from 'react';
import { NOTES_MAX } from '../../../../../contract/officer';
import { Banner } from '../../../../components/ui/banner';
import { Button } from '../../../../components/ui/button';
import { TextAreaField } from '../../../../components/ui/field';
import { errorMessage } from '../../../../lib/error-messages';
import { formatDateTime } from '../../../../lib/format';
import type { InternalNote } from '../../../../../contract/officer-day';
import { addInternalNote } from '../../api/internal-notes';
import { OFFICER_ERRORS } from '../../labels';
import styles from './review.module.css';

/** Notes officers leave each other on a case; the citizen never sees them. */
export function InternalNotesPanel({
  caseId,
  notes,
  draft,
  onDraft,
  onAdded,
  boxRef,
  saving,
}: {
  caseId: number;
  notes: InternalNote[];
  draft: string;
  onDraft(text: string): void;
  onAdded(): void;
  boxRef: Ref<HTMLTextAreaElement>;
  saving: string | null;
}) {
  const { t, i18n } = useLingui();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const add = async () => {
    if (!draft.trim() || pending) return;
    setPending(true);
    setFailure(null);
    try {
      await addInternalNote(caseId, draft.trim());
      onDraft('');
      onAdded();
    } catch (err) {
      setFailure(errorMessage(err, OFFICER_ERRORS));
    } finally {
      setPending(false);
    }
  };
  return (
    <section className={styles.panel} aria-labelledby="notes-title">
      <h2 id="notes-title" className={styles.sectionTitle}>
        <Trans>Internal notes</Trans>
      </h2>
      {notes.length === 0 ? (
        <p className={styles.muted}>
          <Trans>No note yet. Only officers read these notes.</Trans>
        </p>
      ) : (
        <ol className={styles.noteList}>
          {notes.map((n) => (
            <li key={n.id} className={styles.note}>
              <span className={styles.muted}>
                {[formatDateTime(n.at, i18n.locale), n.officer.name || n.officer.email].filter(Boolean).join(' · ')}
                {n.kind === 'escalation' && n.to_officer && (
                  <>
                    {' · '}
                    <Trans>escalated to {n.to_officer.name || n.to_officer.email}</Trans>
                  </>
                )}
              </span>
              <span className={styles.noteBody}>{n.body}</span>
            </li>
          ))}
        </ol>
      )}
      {failure && <Banner tone="error">{failure}</Banner>}
      <form
        className={styles.noteForm}
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <TextAreaField
          ref={boxRef}
          label={<Trans>New note</Trans>}
          hint={saving ?? undefined}
          value={draft}
          onChange={(e) => onDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              void add();
            }
          }}
          maxLength={NOTES_MAX}
          rows={2}
          aria-keyshortcuts="c"
        />
        <Button
          type="submit"
          variant="secondary"
          pending={pending}
          pendingLabel={t`Saving...`}
          isDisabled={!draft.trim()}
        >
          <Trans>Add note</Trans>
        </Button>
      </form>
    </section>
  );
}
