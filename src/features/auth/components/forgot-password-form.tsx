import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { forgotPasswordBody } from '../../../../contract/auth';
import { EmailField, PublicForm } from '../../../components/forms/public-form';
import { errorMessage } from '../../../lib/error-messages';
import { useLightForm } from '../../../lib/light-form';
import { forgotPassword } from '../api/password-recovery';
import styles from '../../../components/forms/public-form.module.css';

/** /forgot-password: the e-mail to send a reset link to; then /check-email. */
export function ForgotPasswordForm() {
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
    <PublicForm
      formProps={formProps}
      onSubmit={onSubmit}
      className={styles.form}
      failure={failure}
      onDismiss={() => setFailure(null)}
      pending={isSubmitting}
      submit={<Trans>Send reset link</Trans>}
    >
      <p className={styles.intro}>
        <Trans>Type the email of your account. We will send you a link to choose a new password.</Trans>
      </p>
      <EmailField error={errorOf('email')} {...register('email')} />
    </PublicForm>
  );
}
