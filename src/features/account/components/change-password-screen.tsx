import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { updatePasswordBody } from '../../../../contract/auth';
import { ErrorCode } from '../../../../contract/errors';
import { PasswordField } from '../../../components/forms/password-field';
import { AppHeader } from '../../../components/layout/app-header';
import { Page, Stack } from '../../../components/layout/page';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-messages';
import { applyServerErrors, errorOf, useSchemaForm } from '../../../lib/form';
import { updatePassword } from '../api/update-password';
import styles from './forms.module.css';

const EMPTY = { current_password: '', password: '', password_confirmation: '' };
type Outcome = { tone: 'success' } | { tone: 'error'; message: string } | null;

/** /change-password: current, new and confirmation; x004 means the current one is wrong. */
export function ChangePasswordScreen() {
  const { t } = useLingui();
  const form = useSchemaForm(updatePasswordBody, {
    defaultValues: EMPTY,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const [outcome, setOutcome] = useState<Outcome>(null);

  const submit = form.handleSubmit(async (values) => {
    setOutcome(null);
    try {
      await updatePassword(values);
      form.reset(EMPTY);
      setOutcome({ tone: 'success' });
    } catch (err) {
      applyServerErrors(form, err);
      const wrongCurrent = err instanceof ApiError && err.code === ErrorCode.wrongPassword;
      setOutcome({ tone: 'error', message: wrongCurrent ? t`Current password is wrong` : errorMessage(err) });
    }
  });

  return (
    <Page header={<AppHeader title={t`Change password`} back="/account" bell />}>
      <form onSubmit={submit} noValidate className={styles.form}>
        {outcome?.tone === 'success' && (
          <Banner tone="success" focusOnShow onDismiss={() => setOutcome(null)}>
            <Trans>Password updated successfully. Your account has been logged out on every other device.</Trans>
          </Banner>
        )}
        {outcome?.tone === 'error' && (
          <Banner tone="error" onDismiss={() => setOutcome(null)}>
            {outcome.message}
          </Banner>
        )}
        <Stack gap={4}>
          <PasswordField
            label={t`Current password`}
            autoComplete="current-password"
            error={errorOf(errors, 'current_password')}
            {...register('current_password')}
          />
          <PasswordField
            label={t`New password`}
            autoComplete="new-password"
            hint={t`At least 8 characters, with an uppercase letter and a number.`}
            error={errorOf(errors, 'password')}
            {...register('password')}
          />
          <PasswordField
            label={t`Confirm new password`}
            autoComplete="new-password"
            error={errorOf(errors, 'password_confirmation')}
            {...register('password_confirmation')}
          />
        </Stack>
        <Button type="submit" wide pending={isSubmitting} pendingLabel={t`Saving…`}>
          <Trans>Save</Trans>
        </Button>
      </form>
    </Page>
  );
}
