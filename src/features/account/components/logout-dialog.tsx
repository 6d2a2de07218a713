import { Plural, Trans } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { clearCitizenDeviceData } from '../../../lib/device-data';
import { useOutboxBadge } from '../../../lib/outbox/badge';
import { logout } from '../api/logout';

/**
 * Yes ends the session and goes to /login; No closes the confirmation. Signing out on
 * purpose removes this citizen's drafts, outbox and cached data from the device — with requests
 * still waiting to be sent, the citizen is told first what would be lost.
 */
export function LogoutDialog({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const waiting = useOutboxBadge((s) => s.open);
  const confirm = async () => {
    setPending(true);
    // Before the session goes: the owner of the data is known from it.
    await clearCitizenDeviceData();
    await logout();
    await navigate({ to: '/login', replace: true });
  };
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => !open && !pending && onClose()}
      role="alertdialog"
      title={<Trans>Log out?</Trans>}
    >
      <p>
        <Trans>Do you want to log out of your account on this device?</Trans>
      </p>
      {waiting > 0 && (
        <Banner tone="warning" focusOnShow={false}>
          <Plural
            value={waiting}
            one="# request has not been sent yet. If you log out now, it is deleted from this phone and never sent."
            other="# requests have not been sent yet. If you log out now, they are deleted from this phone and never sent."
          />
        </Banner>
      )}
      <DialogActions>
        <Button variant="secondary" onPress={onClose} isDisabled={pending} autoFocus>
          <Trans>No</Trans>
        </Button>
        <Button variant="danger" onPress={() => void confirm()} pending={pending}>
          {waiting > 0 ? <Trans>Delete and log out</Trans> : <Trans>Yes, log out</Trans>}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
