import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { newPasswordForm } from '../../../../contract/auth';
import { ErrorCode } from '../../../../contract/errors';
import { NewPasswordFields } from '../../../components/forms/new-password-fields';
import { Card, Stack } from '../../../components/layout/page';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-messages';
import { applyServerErrors, errorOf, useSchemaForm } from '../../../lib/form';
import { resetPassword } from '../api/password-recovery';
import styles from '../../../components/forms/public-form.module.css';

/** /reset-password?payload=… (the payload comes from the link): a new password and its confirmation; then /login with the success banner. */
export function ResetPasswordForm({ payload }: { payload: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<{ text: string; linkInvalid: boolean } | null>(null);
  const form = useSchemaForm(newPasswordForm, { defaultValues: { password: '', password_confirmation: '' } });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await resetPassword({ payload, ...values });
      await navigate({ to: '/login', search: { reset: 'success' }, replace: true });
    } catch (err) {
      if (applyServerErrors(form, err)) return;
      setFailure({
        text: errorMessage(err),
        linkInvalid: err instanceof ApiError && err.code === ErrorCode.resetLinkInvalid,
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className={styles.form}>
      {failure && (
        <Banner tone="error" onDismiss={() => setFailure(null)}>
          {failure.text}
          {failure.linkInvalid && (
            <>
              {' '}
              <Link to="/forgot-password" className={styles.link}>
                <Trans>Ask for a new link</Trans>
              </Link>
            </>
          )}
        </Banner>
      )}
      <Card>
        <Stack gap={4}>
          <p className={styles.intro}>
            <Trans>Choose a new password. You will be logged out on every device.</Trans>
          </p>
          <NewPasswordFields
            labels={[t`New password`, t`Confirm password`]}
            field={(name) => ({ error: errorOf(errors, name), ...register(name) })}
          />
        </Stack>
      </Card>
      <Button type="submit" wide pending={isSubmitting} pendingLabel={t`Submitting...`}>
        <Trans>Reset password</Trans>
      </Button>
    </form>
  );
}
