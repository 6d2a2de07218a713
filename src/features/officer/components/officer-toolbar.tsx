import { Trans } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { officerLogout } from '../api/officer-api';
import styles from './officer.module.css';

/** Top of every back-office screen: where the officer is, and the way out of the session. */
export function OfficerToolbar({ children }: { children: React.ReactNode }) {
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    setPending(true);
    await officerLogout();
    await navigate({ to: '/login', replace: true });
  };
  return (
    <div className={styles.toolbar}>
      <div>{children}</div>
      <Button variant="ghost" onPress={() => setAsking(true)}>
        <Trans>Log out</Trans>
      </Button>
      <Dialog
        isOpen={asking}
        onOpenChange={(open) => !open && !pending && setAsking(false)}
        role="alertdialog"
        title={<Trans>Log out?</Trans>}
      >
        <p>
          <Trans>Do you want to log out of your account on this device?</Trans>
        </p>
        <DialogActions>
          <Button variant="secondary" onPress={() => setAsking(false)} isDisabled={pending} autoFocus>
            <Trans>No</Trans>
          </Button>
          <Button variant="danger" onPress={() => void confirm()} pending={pending}>
            <Trans>Yes, log out</Trans>
          </Button>
        </DialogActions>
      </Dialog>
    </div>
  );
}
