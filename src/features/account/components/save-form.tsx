import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEventHandler, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Stack } from '../../../components/layout/page';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-messages';
import { applyServerErrors } from '../../../lib/form';
import styles from './forms.module.css';

type Outcome = { tone: 'success' } | { tone: 'error'; message: string } | null;

/**
 * Saving one of the account's forms: the server's field messages go under the fields, and how it
 * ended is said in a banner above them. `refusals` words the codes this form explains its own way.
 */
export function useSave<T extends FieldValues>(
  form: UseFormReturn<T, unknown, FieldValues>,
  refusals: Record<string, string>,
) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const save = async (run: () => Promise<void>) => {
    setOutcome(null);
    try {
      await run();
      setOutcome({ tone: 'success' });
    } catch (err) {
      applyServerErrors(form, err);
      const own = err instanceof ApiError ? refusals[err.code] : undefined;
      setOutcome({ tone: 'error', message: own ?? errorMessage(err) });
    }
  };
  return { outcome, dismiss: () => setOutcome(null), save };
}

interface Props {
  onSubmit: FormEventHandler<HTMLFormElement>;
  outcome: Outcome;
  dismiss(): void;
  /** The banner's words once saved. */
  saved: ReactNode;
  pending: boolean;
  children: ReactNode;
}

/** The fields of an account form under the banner of the last Save, and the Save button. */
export function SaveForm({ onSubmit, outcome, dismiss, saved, pending, children }: Props) {
  const { t } = useLingui();
  return (
    <form onSubmit={onSubmit} noValidate className={styles.form}>
      {outcome?.tone === 'success' && (
        <Banner tone="success" focusOnShow onDismiss={dismiss}>
          {saved}
        </Banner>
      )}
      {outcome?.tone === 'error' && (
        <Banner tone="error" onDismiss={dismiss}>
          {outcome.message}
        </Banner>
      )}
      <Stack gap={4}>{children}</Stack>
      <Button type="submit" wide pending={pending} pendingLabel={t`Saving…`}>
        <Trans>Save</Trans>
      </Button>
    </form>
  );
}
