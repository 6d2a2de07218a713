import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { ErrorCode } from '../../../contract/errors';

/** The second step's own answers (server/routes/auth/officer-sign-in.ts), in the officer's words. */
export const SECOND_FACTOR_ERRORS: Record<string, MessageDescriptor> = {
  [ErrorCode.secondFactorRequired]: msg`Finish logging in with your passkey or authenticator app.`,
  [ErrorCode.passkeyFailed]: msg`The passkey was not accepted. Try again, or use a code from your authenticator app.`,
  [ErrorCode.totpInvalid]: msg`The code is not correct. Check your authenticator app and try again.`,
  [ErrorCode.totpReused]: msg`This code was already used. Wait for the next code in your authenticator app.`,
  [ErrorCode.enrolLinkInvalid]: msg`This enrolment link is invalid, used or expired. Ask an administrator for a new one.`,
};
