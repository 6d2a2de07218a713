import { useState } from 'react';
import { useBlocker, useNavigate } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';

/**
 * The registration screens warn before the citizen leaves them: the browser asks on
 * reload or close, and leaving the registration for another page — or the back arrow — asks
 * a plain question whether to leave the page (the spec's borrowed wording replaced). Moving between registration steps is never blocked.
 */
export function useLeaveGuard(backTo: '/register' | '/register/upload') {
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const blocker = useBlocker({
    shouldBlockFn: ({ next }) => !next.pathname.startsWith('/register'),
    enableBeforeUnload: true,
    withResolver: true,
  });
  const open = asking || blocker.status === 'blocked';
  const stay = () => {
    setAsking(false);
    blocker.reset?.();
  };
  const leave = () => {
    setAsking(false);
    if (blocker.status === 'blocked') blocker.proceed();
    else void navigate({ to: backTo });
  };
  const dialog = (
    <Dialog isOpen={open} onOpenChange={(o) => !o && stay()} title={<Trans>Leave this step?</Trans>} role="alertdialog">
      <p>
        <Trans>Do you want to leave this page? You may have to enter some details again.</Trans>
      </p>
      <DialogActions>
        <Button variant="secondary" onPress={stay}>
          <Trans>Stay on this page</Trans>
        </Button>
        <Button onPress={leave}>
          <Trans>Leave</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
  return { askToLeave: () => setAsking(true), dialog };
}
