import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TokenResponse } from '../../../../contract/auth';
import { ErrorCode } from '../../../../contract/errors';
import { PasswordField } from '../../../components/forms/password-field';
import { Card, Stack } from '../../../components/layout/page';
import { Banner } from '../../../components/ui/banner';
import { SubmitButton } from '../../../components/ui/native-button';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-messages';
import { useLightForm } from '../../../lib/light-form';
import { useSession } from '../../../lib/session';
import { login } from '../api/login';
import styles from '../../../components/forms/public-form.module.css';

/** The login's check, fetched when a field is first used (lib/light-form.ts). */
const loginSchema = () => import('../../../../contract/auth').then((m) => m.loginBody);

interface Props {
  /** Show the green success_reset_password banner (arrived from a reset). */
  resetDone?: boolean;
  /**
   * x009: the account waits for its e-mail code. The screen that composes this form asks for a
   * code and opens the code screen (docs/specification.md#login-and-password-recovery); a rejection is shown here.
   */
  onUnverified(email: string): Promise<void>;
  /** An officer's right password: the screen that composes this form opens the second step. */
  onSecondFactor(data: SecondFactorLogin): Promise<void>;
}

export type SecondFactorLogin = TokenResponse['data'] & { second_factor: { passkey: boolean; totp: boolean } };

/** /login: e-mail, phone number or ID number, and password. */
export function LoginForm({ resetDone, onUnverified, onSecondFactor }: Props) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [showReset, setShowReset] = useState(!!resetDone);
  const { formProps, register, handleSubmit, errorOf, isSubmitting } = useLightForm(loginSchema, {
    username: '',
    password: '',
  });

  const onSubmit = handleSubmit(async ({ username, password }) => {
    setFailure(null);
    setShowReset(false);
    try {
      const { data } = await login(username, password);
      if (data.second_factor) {
        // An officer: the password opens nothing yet; the passkey or app code comes next.
        await onSecondFactor({ ...data, second_factor: data.second_factor });
        return;
      }
      useSession.getState().signIn(data.access_token, data.expires_at, data.role);
      await navigate({ to: data.role === 'officer' ? '/officer' : '/home', replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.code === ErrorCode.unverifiedAccount) {
        const email = typeof err.data.email === 'string' ? err.data.email : username;
        try {
          await onUnverified(email);
          return;
        } catch (sendErr) {
          setFailure(errorMessage(sendErr));
          return;
        }
      }
      // x008, x004, locks: the catalogue's own sentence for the code, in either language.
      setFailure(errorMessage(err));
    }
  });

  return (
    <form {...formProps} onSubmit={onSubmit} noValidate className={styles.form}>
      {showReset && (
        <Banner tone="success" onDismiss={() => setShowReset(false)}>
          <Trans>Your password has been reset. Please log in with your new password.</Trans>
        </Banner>
      )}
      {failure && (
        <Banner tone="error" onDismiss={() => setFailure(null)}>
          {failure}
        </Banner>
      )}
      <Card>
        <Stack gap={4}>
          <TextField
            label={t`Email, phone number or ID card number`}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            hint={t`Phone numbers can be typed with or without +856.`}
            error={errorOf('username')}
            {...register('username')}
          />
          <PasswordField
            label={t`Password`}
            autoComplete="current-password"
            error={errorOf('password')}
            {...register('password')}
          />
          <div className={styles.links}>
            <Link to="/forgot-password" className={styles.link}>
              <Trans>Forgot password?</Trans>
            </Link>
          </div>
        </Stack>
      </Card>
      <SubmitButton wide pending={isSubmitting} pendingLabel={t`Logging in...`}>
        <Trans>Login</Trans>
      </SubmitButton>
      <p className={styles.center}>
        <Trans>
          No account yet?{' '}
          <Link to="/register" className={styles.link}>
            Create account
          </Link>
        </Trans>
      </p>
    </form>
  );
}
