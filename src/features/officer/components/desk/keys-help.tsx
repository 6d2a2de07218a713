import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogActions } from '../../../../components/ui/dialog';
import { useKeyList } from '../../stores/keys';
import styles from './desk.module.css';

/** "?": every key of the screen on show, and what it does. */
export function KeysHelp({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  const { i18n } = useLingui();
  const keys = useKeyList((s) => s.keys);
  return (
    <Dialog isOpen={isOpen} onOpenChange={(open) => !open && onClose()} title={<Trans>Keys of this screen</Trans>}>
      {keys.length === 0 ? (
        <p>
          <Trans>This screen has no keys of its own. Tab moves between its parts.</Trans>
        </p>
      ) : (
        <dl className={styles.keyList}>
          {keys.map((k) => (
            <div key={k.label.id} className={styles.keyRow}>
              <dt>
                {k.keys.map((key) => (
                  <kbd key={key} className={styles.kbd}>
                    {key === ' ' ? '␣' : key}
                  </kbd>
                ))}
              </dt>
              <dd>{i18n._(k.label)}</dd>
            </div>
          ))}
          <div className={styles.keyRow}>
            <dt>
              <kbd className={styles.kbd}>?</kbd>
            </dt>
            <dd>
              <Trans>Show these keys</Trans>
            </dd>
          </div>
        </dl>
      )}
      <DialogActions>
        <Button variant="secondary" onPress={onClose} autoFocus>
          <Trans>Close</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}
