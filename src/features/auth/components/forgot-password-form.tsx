import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { forgotPasswordBody } from '../../../../contract/auth';
import { Card, Stack } from '../../../components/layout/page';
import { Banner } from '../../../components/ui/banner';
import { SubmitButton } from '../../../components/ui/native-button';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/error-messages';
import { useLightForm } from '../../../lib/light-form';
import { forgotPassword } from '../api/password-recovery';
import styles from './auth.module.css';

/** /forgot-password: the e-mail to send a reset link to; then /check-email. */
export function ForgotPasswordForm() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const { formProps, register, handleSubmit, errorOf, isSubmitting } = useLightForm(forgotPasswordBody, { email: '' });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await forgotPassword(email);
      await navigate({ to: '/check-email' });
    } catch (err) {
      setFailure(errorMessage(err));
    }
  });

  return (
    <form {...formProps} onSubmit={onSubmit} noValidate className={styles.form}>
      {failure && (
        <Banner tone="error" onDismiss={() => setFailure(null)}>
          {failure}
        </Banner>
      )}
      <Card>
        <Stack gap={4}>
          <p className={styles.intro}>
            <Trans>Type the email of your account. We will send you a link to choose a new password.</Trans>
          </p>
          <TextField
            label={t`Email`}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            error={errorOf('email')}
            {...register('email')}
          />
        </Stack>
      </Card>
      <SubmitButton wide pending={isSubmitting} pendingLabel={t`Submitting...`}>
        <Trans>Send reset link</Trans>
      </SubmitButton>
    </form>
  );
}
