import { useNavigate } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { EmailField, PublicForm } from '../../../components/forms/public-form';
import { useLightForm } from '../../../lib/light-form';
import { forgotPassword } from '../api/password-recovery';
import styles from '../../../components/forms/public-form.module.css';

/** The form's check, fetched when the field is first used (lib/light-form.ts). */
const forgotPasswordSchema = () => import('../../../../contract/auth').then((m) => m.forgotPasswordBody);

/** /forgot-password: the e-mail to send a reset link to; then /check-email. */
export function ForgotPasswordForm() {
  const navigate = useNavigate();
  const form = useLightForm(forgotPasswordSchema, { email: '' });

  return (
    <PublicForm
      form={form}
      action={async ({ email }) => {
        await forgotPassword(email);
        await navigate({ to: '/check-email' });
      }}
      className={styles.form}
      submit={<Trans>Send reset link</Trans>}
    >
      <p className={styles.intro}>
        <Trans>Type the email of your account. We will send you a link to choose a new password.</Trans>
      </p>
      <EmailField error={form.errorOf('email')} {...form.register('email')} />
    </PublicForm>
  );
}
