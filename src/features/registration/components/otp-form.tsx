import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { ErrorCode } from '../../../../contract/errors';
import { LIMITS } from '../../../../contract/rules';
import { Card, Stack } from '../../../components/layout/page';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-messages';
import { useSession } from '../../../lib/session';
import { resendOtp, verifyOtp } from '../api/otp';
import { useRegistrationDraft } from '../stores/registration-draft';
import { OtpBoxes } from './otp-boxes';
import { useCountdown } from './use-countdown';
import styles from './otp.module.css';

export const RESEND_SECONDS = 30;

/** /register/otp: the 4-digit code from the e-mail, a 30-second resend countdown, then /home signed in. */
export function OtpForm() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const email = useRegistrationDraft((s) => s.email);
  const sentAt = useRegistrationDraft((s) => s.otpSentAt);
  const remaining = useCountdown(sentAt, RESEND_SECONDS);
  // Opened without a recorded send (e.g. an older draft): count from now, the server decides anyway.
  useEffect(() => {
    if (!useRegistrationDraft.getState().otpSentAt) useRegistrationDraft.getState().update({ otpSentAt: Date.now() });
  }, []);
  const [code, setCode] = useState('');
  const [banner, setBanner] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);

  const submit = async () => {
    setBanner(null);
    if (code.length !== LIMITS.otpLength) {
      setFieldError(t`Enter the 4-digit code`);
      return;
    }
    setFieldError(null);
    setVerifying(true);
    try {
      const { data } = await verifyOtp(email, code);
      useSession.getState().signIn(data.access_token, data.expires_at, data.role);
      await useRegistrationDraft.getState().clear();
      await navigate({ to: '/home', replace: true });
    } catch (err) {
      setVerifying(false);
      setCode('');
      setBanner({ tone: 'error', text: errorMessage(err) });
    }
  };

  const resend = async () => {
    setBanner(null);
    setResending(true);
    try {
      await resendOtp(email);
      setCode('');
      useRegistrationDraft.getState().update({ otpSentAt: Date.now() });
      setBanner({ tone: 'success', text: t`A new code was sent. Please check your email inbox.` });
    } catch (err) {
      // Sent too recently (another tab, or a login a moment ago): count down again.
      if (err instanceof ApiError && err.code === ErrorCode.tooManyRequests)
        useRegistrationDraft.getState().update({ otpSentAt: Date.now() });
      setBanner({ tone: 'error', text: errorMessage(err) });
    } finally {
      setResending(false);
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Stack gap={5}>
        {banner && (
          <Banner tone={banner.tone} onDismiss={() => setBanner(null)}>
            {banner.text}
          </Banner>
        )}
        <Card>
          <Stack gap={5}>
            <p className={styles.sentTo}>
              <Trans>
                We sent a 4-digit code to <span className={styles.email}>{email}</span>
              </Trans>
            </p>
            <OtpBoxes
              value={code}
              length={LIMITS.otpLength}
              onChange={(c) => {
                setCode(c);
                setFieldError(null);
              }}
              invalid={!!fieldError}
              describedBy={fieldError ? 'otp-error' : undefined}
            />
            {fieldError && (
              <p id="otp-error" className={styles.error}>
                {fieldError}
              </p>
            )}
            <div className={styles.resend}>
              <span>
                <Trans>Didn't receive the code?</Trans>
              </span>
              <Button variant="ghost" onPress={() => void resend()} isDisabled={remaining > 0} pending={resending}>
                {remaining > 0 ? <Trans>Resend code in {remaining} s</Trans> : <Trans>Resend code</Trans>}
              </Button>
              <span>
                <Trans>The code is valid for 10 minutes. Check your spam folder too.</Trans>
              </span>
            </div>
          </Stack>
        </Card>
        <Button type="submit" wide pending={verifying} pendingLabel={t`Submitting...`}>
          <Trans>Submit</Trans>
        </Button>
      </Stack>
    </form>
  );
}
