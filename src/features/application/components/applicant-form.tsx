import { useNavigate } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { applicantData } from '../../../../contract/application';
import { ApplicantFields, EMPTY_APPLICANT_VALUES } from '../../../components/forms/applicant-fields';
import { Banner } from '../../../components/ui/banner';
import { useSchemaForm } from '../../../lib/form';
import { useApplicantDraft, type ApplicantValues } from '../stores/applicant-draft';
import styles from './applicant-form.module.css';

export const APPLICANT_FORM_ID = 'applicant-form';

export const EMPTY_VALUES: ApplicantValues = EMPTY_APPLICANT_VALUES;

/**
 * Step 1. Every keystroke is saved to the device (a reload, a closed tab or a lost connection
 * loses nothing); Next checks the rules of contract/application.ts and goes to the documents.
 */
export function ApplicantForm({
  initial,
  onBusyChange,
}: {
  initial: Partial<ApplicantValues>;
  onBusyChange?(busy: boolean): void;
}) {
  const navigate = useNavigate();
  const form = useSchemaForm(applicantData, { defaultValues: { ...EMPTY_VALUES, ...initial } });
  const [problem, setProblem] = useState<'invalid' | null>(null);
  const saveValues = useApplicantDraft((s) => s.saveValues);
  const completeStep = useApplicantDraft((s) => s.completeStep);

  // Saved as the citizen types (debounced), at once when a place is chosen (a choice is not typing:
  // nothing follows it to wait for, and a reload right after it must find it — a save started as
  // the page is left may not reach the phone's storage), and when the page is hidden or left.
  const pending = useRef<number | undefined>(undefined);
  useEffect(() => {
    const flush = () => {
      window.clearTimeout(pending.current);
      pending.current = undefined;
      saveValues(form.getValues() as ApplicantValues);
    };
    const subscription = form.watch((_values, { name }) => {
      window.clearTimeout(pending.current);
      if (name?.endsWith('_id')) flush();
      else pending.current = window.setTimeout(flush, 300);
    });
    const onHide = () => document.visibilityState === 'hidden' && flush();
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', flush);
    return () => {
      subscription.unsubscribe();
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', flush);
      if (pending.current !== undefined) flush();
    };
  }, [form, saveValues]);

  const submit = form.handleSubmit(
    async () => {
      onBusyChange?.(true);
      setProblem(null);
      completeStep(form.getValues() as ApplicantValues);
      await navigate({ to: '/document-submission' });
    },
    () => setProblem('invalid'),
  );

  return (
    <form id={APPLICANT_FORM_ID} onSubmit={submit} noValidate className={styles.form}>
      {problem && (
        <Banner tone="error" focusOnShow={false} onDismiss={() => setProblem(null)}>
          <Trans>Some fields are not valid. Check the messages under the fields.</Trans>
        </Banner>
      )}
      <ApplicantFields form={form} />
    </form>
  );
}
