import { useState } from 'react';
import { Link, Navigate, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TokenResponse } from '../../../contract/auth';
import { totpBody } from '../../../contract/second-factor';
import { AppHeader } from '../../components/layout/app-header';
import { Card, Page, Stack } from '../../components/layout/page';
import { Banner } from '../../components/ui/banner';
import { PlainButton, SubmitButton } from '../../components/ui/native-button';
import { TextField } from '../../components/ui/field';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-messages';
import { useLightForm } from '../../lib/light-form';
import { useSession } from '../../lib/session';
import { SECOND_FACTOR_ERRORS } from './errors';
import { enrolPasskey, signInWithCode, signInWithPasskey } from './api';
import { enrolToken, forgetPendingSignIn, pendingSignIn, type PendingSignIn } from './pending';
import styles from '../../components/forms/public-form.module.css';

/** /officer-sign-in without a password step just before (a reload after it expired, a bookmark): /login. */
export function OfficerSignIn() {
  const [pending] = useState(pendingSignIn);
  return pending ? <SecondFactorScreen pending={pending} /> : <Navigate to="/login" replace />;
}

/**
 * After an officer's password, the second step: the passkey of this device (or, with an enrolment
 * link, creating it), else a code of the authenticator app.
 */
function SecondFactorScreen({ pending }: { pending: PendingSignIn }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const enrolling = enrolToken();
  const { register, handleSubmit, errorOf, isSubmitting } = useLightForm(totpBody, { code: '' });

  async function finish(answer: Promise<TokenResponse>) {
    setFailure(null);
    setBusy(true);
    try {
      const { data } = await answer;
      forgetPendingSignIn();
      useSession.getState().signIn(data.access_token, data.expires_at, data.role);
      await navigate({ to: '/officer', replace: true });
    } catch (err) {
      // The device's own refusal (cancelled, no passkey here, timed out) is not the server's.
      if (!(err instanceof ApiError) && err instanceof Error && ['NotAllowedError', 'AbortError'].includes(err.name))
        setFailure(t`The passkey was not used. Try again, or use a code from your authenticator app.`);
      else if (!(err instanceof ApiError)) setFailure(t`This device could not use a passkey.`);
      else setFailure(errorMessage(err, SECOND_FACTOR_ERRORS));
    } finally {
      setBusy(false);
    }
  }

  const onCode = handleSubmit(async ({ code }) => finish(signInWithCode(pending.access_token, code)));
  const { passkey, totp } = pending.second_factor;

  return (
    <Page header={<AppHeader title={<Trans>Confirm it is you</Trans>} back="/login" />}>
      <Stack gap={4}>
        {failure && (
          <Banner tone="error" onDismiss={() => setFailure(null)}>
            {failure}
          </Banner>
        )}
        {enrolling ? (
          <Card>
            <Stack gap={3}>
              <h2>
                <Trans>Create a passkey</Trans>
              </h2>
              <p className={styles.intro}>
                <Trans>
                  Your password is right. Now create a passkey on this device: it will ask for your fingerprint, face or
                  screen lock. From then on you log in with your password and this passkey.
                </Trans>
              </p>
              <PlainButton wide onClick={() => void finish(enrolPasskey(pending.access_token, enrolling))}>
                {busy ? <Trans>Waiting for the device...</Trans> : <Trans>Create passkey</Trans>}
              </PlainButton>
            </Stack>
          </Card>
        ) : passkey ? (
          <Card>
            <Stack gap={3}>
              <p className={styles.intro}>
                <Trans>Your password is right. Confirm with the passkey of this device.</Trans>
              </p>
              <PlainButton wide onClick={() => void finish(signInWithPasskey(pending.access_token))}>
                {busy ? <Trans>Waiting for the device...</Trans> : <Trans>Use passkey</Trans>}
              </PlainButton>
            </Stack>
          </Card>
        ) : null}
        {totp && !enrolling && (
          <form method="post" onSubmit={onCode} noValidate className={styles.form}>
            <Card>
              <Stack gap={3}>
                <p className={styles.intro}>
                  {passkey ? (
                    <Trans>No passkey on this device? Enter the 6-digit code of your authenticator app.</Trans>
                  ) : (
                    <Trans>Your password is right. Enter the 6-digit code of your authenticator app.</Trans>
                  )}
                </p>
                <TextField
                  label={t`Authenticator app code`}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  error={errorOf('code') && t`Enter the 6-digit code`}
                  {...register('code')}
                />
              </Stack>
            </Card>
            <SubmitButton wide variant={passkey ? 'secondary' : 'primary'} pending={isSubmitting}>
              <Trans>Confirm code</Trans>
            </SubmitButton>
          </form>
        )}
        {!passkey && !totp && !enrolling && (
          <Banner tone="warning">
            <Trans>
              This account has no passkey yet. Open the enrolment link an administrator gave you, or ask for a new one.
            </Trans>
          </Banner>
        )}
        <p className={styles.center}>
          <Link to="/login" className={styles.link} onClick={forgetPendingSignIn}>
            <Trans>Log in with another account</Trans>
          </Link>
        </p>
      </Stack>
    </Page>
  );
}
