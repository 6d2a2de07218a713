import { SignedInOutlet } from '../components/layout/signed-in-outlet';
import { restoreApplicationDraft, type ApplicationDraftCopy } from '../features/application/stores/restore-draft';
import { OutboxRunner } from '../features/outbox/components/outbox-runner';
import type { Restorers } from '../lib/outbox/restore';
import { restoreProofDraft } from '../features/payment/stores/proof-draft';
import { restoreReapplyDraft } from '../features/reapply/stores/reapply-draft';
import type { ApplicantFormValues } from '../components/forms/applicant-fields';

/**
 * Where a refused or expired outbox entry's data goes back (composed here so the outbox feature
 * imports none of the features that submit through it). A pick-up has nothing to put back: the
 * citizen chooses again.
 */
const restorers: Restorers = {
  'create-new': (_e, p, force) => restoreApplicationDraft(p.draft as ApplicationDraftCopy, p.files, force),
  're-apply': (e, p, force) =>
    restoreReapplyDraft(
      e.applicationId!,
      p.draft as { values: ApplicantFormValues; bankId: number | null },
      p.files,
      force,
    ),
  'upload-payment': (e, p, force) =>
    p.files.proof_of_payment
      ? restoreProofDraft(e.applicationId!, p.files.proof_of_payment, force)
      : Promise.resolve(false),
};

/** The citizen's signed-in area: its screens, and the outbox working in the background. */
export function CitizenArea() {
  return (
    <>
      <SignedInOutlet />
      <OutboxRunner restorers={restorers} />
    </>
  );
}
