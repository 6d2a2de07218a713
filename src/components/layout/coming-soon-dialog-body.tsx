import { Trans } from '@lingui/react/macro';
import { Button } from '../ui/button';
import { Dialog, DialogActions } from '../ui/dialog';

/** The feature-unavailable notice of every 'coming soon' item, with its Close button. */
export default function ComingSoonDialogBody({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  return (
    <Dialog isOpen={isOpen} onOpenChange={(open) => !open && onClose()} title={<Trans>Coming soon</Trans>}>
      <p>
        <Trans>This service is not available yet. We are working on it and will let you know when it opens.</Trans>
      </p>
      <DialogActions>
        <Button onPress={onClose} autoFocus>
          <Trans>Close</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}
