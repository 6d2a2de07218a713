import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ErrorCode } from '../../../../contract/errors';
import { Banner } from '../../../components/ui/banner';
import { PlainButton } from '../../../components/ui/native-button';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-messages';
import { useSession } from '../../../lib/session';

const PASSKEY_ERRORS = { [ErrorCode.passkeyFailed]: msg`This passkey was not accepted. Log in with your password.` };

/** /login: a citizen who added a passkey in their account logs in with it, without the password. */
export function PasskeyLogin() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);

  async function logIn() {
    setFailure(null);
    try {
      const { loginWithPasskey } = await import('../api/passkey-login');
      const { data } = await loginWithPasskey();
      useSession.getState().signIn(data.access_token, data.expires_at, data.role);
      await navigate({ to: '/home', replace: true });
    } catch (err) {
      // The device's own refusal (cancelled, none here) is not the server's.
      setFailure(
        err instanceof ApiError
          ? errorMessage(err, PASSKEY_ERRORS)
          : t`No passkey was used. Try again, or log in with your password.`,
      );
    }
  }

  return (
    <>
      {failure && (
        <Banner tone="error" onDismiss={() => setFailure(null)}>
          {failure}
        </Banner>
      )}
      <PlainButton variant="ghost" wide onClick={() => void logIn()}>
        <Trans>Log in with a passkey</Trans>
      </PlainButton>
    </>
  );
}
