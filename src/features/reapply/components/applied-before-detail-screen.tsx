import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { applicantData, type ApplicationDetail } from '../../../../contract/application';
import { Status } from '../../../../contract/status';
import {
  ApplicantFields,
  EMPTY_APPLICANT_VALUES,
  type ApplicantFormValues,
} from '../../../components/forms/applicant-fields';
import { AppHeader } from '../../../components/layout/app-header';
import { Card, Page } from '../../../components/layout/page';
import { Banner } from '../../../components/ui/banner';
import { Button, ButtonLink } from '../../../components/ui/button';
import { SkeletonCard } from '../../../components/ui/skeleton';
import { useApplication } from '../../../lib/application-detail';
import { SOMETHING_WENT_WRONG } from '../../../lib/error-messages';
import { useSchemaForm } from '../../../lib/form';
import { readDraft, saveDraft } from '../stores/reapply-draft';
import { RejectedSummary } from './rejected-summary';
import styles from './applied-before-detail.module.css';
import { ApplicationProblem } from '../../../components/application/application-parts';

const FORM_ID = 'reapply-form';

/** The rejected application's data as form values (the detail carries the location ids). */
function fromApplication(a: ApplicationDetail): ApplicantFormValues {
  const values = { ...EMPTY_APPLICANT_VALUES };
  for (const key of Object.keys(values) as (keyof ApplicantFormValues)[]) {
    const value = a.applicant_data[key];
    values[key] = value == null ? '' : String(value);
  }
  return values;
}

function ReapplyForm({
  id,
  initial,
  onBusyChange,
}: {
  id: number;
  initial: ApplicantFormValues;
  onBusyChange(busy: boolean): void;
}) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const form = useSchemaForm(applicantData, { defaultValues: initial });
  const [problem, setProblem] = useState<string | null>(null);

  const submit = form.handleSubmit(
    async () => {
      setProblem(null);
      onBusyChange(true);
      try {
        await saveDraft(id, { values: form.getValues() as ApplicantFormValues });
        await navigate({ to: '/document-applied-before/$id', params: { id: String(id) } });
      } catch {
        // The applied-before form falls back to the generic message, as the specification has it.
        setProblem(i18n._(SOMETHING_WENT_WRONG));
        onBusyChange(false);
      }
    },
    () => setProblem('invalid'),
  );

  return (
    <form id={FORM_ID} onSubmit={submit} noValidate className={styles.form}>
      {problem && (
        <Banner tone="error" focusOnShow={problem !== 'invalid'} onDismiss={() => setProblem(null)}>
          {problem === 'invalid' ? (
            <Trans>Some fields are not valid. Check the messages under the fields.</Trans>
          ) : (
            problem
          )}
        </Banner>
      )}
      <ApplicantFields form={form} />
    </form>
  );
}

/**
 * /history-applied-before-detail/{id}: why the application was rejected, and its data in the
 * application form to correct. Next keeps the form on the device and goes to the documents.
 */
export function AppliedBeforeDetailScreen({ id }: { id: number }) {
  const { t } = useLingui();
  const state = useApplication(id);
  const [initial, setInitial] = useState<ApplicantFormValues | null>(null);
  const [busy, setBusy] = useState(false);
  const a = state.application;
  // A rejected application, or one whose certificate was revoked, may be submitted again once.
  const open = !!a && (a.status === Status.rejected || a.revocation !== null) && !a.reapplied_by;

  useEffect(() => {
    if (!a || !open) return;
    let live = true;
    // What the citizen already corrected wins over the rejected data.
    readDraft(id).then(
      (draft) => live && setInitial(draft?.values ?? fromApplication(a)),
      () => live && setInitial(fromApplication(a)),
    );
    return () => {
      live = false;
    };
  }, [a, open, id]);

  return (
    <Page
      header={<AppHeader title={<Trans>Applied before</Trans>} back="/history-applied-before" bell />}
      footer={
        open &&
        initial && (
          <Button type="submit" form={FORM_ID} wide pending={busy} pendingLabel={t`loading`}>
            <Trans>Next</Trans>
          </Button>
        )
      }
    >
      {state.status === 'loading' && (
        <>
          <SkeletonCard lines={3} />
          <SkeletonCard lines={5} />
        </>
      )}
      <ApplicationProblem
        state={state}
        back={
          <Link to="/history-applied-before">
            <Trans>Back to the list</Trans>
          </Link>
        }
      />
      {a && <RejectedSummary application={a} />}
      {a && a.reapplied_by && (
        <Banner tone="info">
          <Trans>You already submitted this application again.</Trans>{' '}
          <Link to="/detail-application/$id" params={{ id: String(a.reapplied_by) }}>
            <Trans>See the new application</Trans>
          </Link>
        </Banner>
      )}
      {a && !a.reapplied_by && !open && (
        <Banner tone="info">
          <Trans>Only a rejected application can be submitted again.</Trans>{' '}
          <ButtonLink to="/detail-application/$id" params={{ id: String(a.id) }} variant="ghost">
            <Trans>See the application</Trans>
          </ButtonLink>
        </Banner>
      )}
      {open && (
        <Card as="section">
          <h2 className={styles.heading}>
            <Trans>Correct your data</Trans>
          </h2>
          <p className={styles.muted}>
            <Trans>
              Your previous answers are filled in. Change what the notes ask for, then press Next to attach the
              documents.
            </Trans>
          </p>
        </Card>
      )}
      {open &&
        (initial ? <ReapplyForm id={id} initial={initial} onBusyChange={setBusy} /> : <SkeletonCard lines={5} />)}
    </Page>
  );
}
