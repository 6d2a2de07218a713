import { Trans } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { logout } from '../api/logout';

/** Spec §4: Yes ends the session and goes to /login; No closes the confirmation. */
export function LogoutDialog({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    setPending(true);
    await logout();
    await navigate({ to: '/login', replace: true });
  };
  return (
    <Dialog isOpen={isOpen} onOpenChange={(open) => !open && !pending && onClose()} role="alertdialog" title={<Trans>Log out?</Trans>}>
      <p><Trans>Do you want to log out of your account on this device?</Trans></p>
      <DialogActions>
        <Button variant="secondary" onPress={onClose} isDisabled={pending} autoFocus>
          <Trans>No</Trans>
        </Button>
        <Button variant="danger" onPress={() => void confirm()} pending={pending}>
          <Trans>Yes, log out</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}
