import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import type { OfficerAccount } from '../../../../../contract/offices';
import { Banner } from '../../../../components/ui/banner';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogActions } from '../../../../components/ui/dialog';
import { errorMessage } from '../../../../lib/error-messages';
import { removeOfficerCredentials } from '../../api/officer-api';

/**
 * A lost or stolen device: the officer's passkeys and authenticator app are removed and every
 * session of theirs ends (written in the officers' audit log). They log in again with the password
 * and an enrolment link from `npm run officer:create`.
 */
export function CredentialsDialog({ account, onClose }: { account: OfficerAccount; onClose(): void }) {
  const [failure, setFailure] = useState<unknown>(null);
  const [working, setWorking] = useState(false);
  const [done, setDone] = useState(false);

  const remove = async () => {
    setFailure(null);
    setWorking(true);
    try {
      await removeOfficerCredentials(account.id);
      setDone(true);
    } catch (err) {
      setFailure(err);
    } finally {
      setWorking(false);
    }
  };

  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && !working && onClose()}
      title={<Trans>Lost device of {account.email}</Trans>}
    >
      {failure !== null && <Banner tone="error">{errorMessage(failure)}</Banner>}
      {done ? (
        <p role="status">
          <Trans>
            The passkeys and the authenticator app were removed and the officer is logged out everywhere. Give them a
            new enrolment link (npm run officer:create).
          </Trans>
        </p>
      ) : (
        <p>
          <Trans>
            Remove this officer&apos;s passkeys and authenticator app and log them out on every device? They will need a
            new enrolment link to log in again.
          </Trans>
        </p>
      )}
      <DialogActions>
        <Button variant="secondary" onPress={onClose} isDisabled={working}>
          {done ? <Trans>Close</Trans> : <Trans>Cancel</Trans>}
        </Button>
        {!done && (
          <Button onPress={() => void remove()} pending={working}>
            <Trans>Remove and log out</Trans>
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
