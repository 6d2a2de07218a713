import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { DeskError } from '../../../../contract/pickup-desk';
import { useRef, useState, type FormEvent } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { newIdempotencyKey } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-messages';
import { handOver } from '../api/desk';
import styles from './desk.module.css';

const REFUSALS = {
  [DeskError.idNotChecked]: msg`Compare the holder's ID number with the record first.`,
};

/** Who takes the certificate: the holder, or someone they sent (named on record). */
export function HandOverDialog({
  id,
  holder,
  onClose,
  onDone,
}: {
  id: number;
  holder: string;
  onClose(): void;
  onDone(): void;
}) {
  const [toHolder, setToHolder] = useState(true);
  const [name, setName] = useState('');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // One key for this hand-over: pressing again after a lost answer does not hand over twice.
  const key = useRef(newIdempotencyKey());
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setPending(true);
    setFailure(null);
    try {
      await handOver(id, { holder: toHolder, name }, key.current);
      onDone();
    } catch (err) {
      setFailure(errorMessage(err, REFUSALS));
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && !pending && onClose()}
      title={<Trans>Hand over the certificate</Trans>}
    >
      <form className={styles.form} onSubmit={submit}>
        <fieldset className={styles.form}>
          <legend>
            <Trans>Who takes the certificate?</Trans>
          </legend>
          <label className={styles.choice}>
            <input type="radio" name="recipient" checked={toHolder} onChange={() => setToHolder(true)} />
            <span>
              <Trans>The holder, {holder}</Trans>
            </span>
          </label>
          <label className={styles.choice}>
            <input type="radio" name="recipient" checked={!toHolder} onChange={() => setToHolder(false)} />
            <span>
              <Trans>Someone the holder sent</Trans>
            </span>
          </label>
        </fieldset>
        {!toHolder && (
          <TextField
            label={<Trans>Name of the person who takes it</Trans>}
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={100}
            required
          />
        )}
        {failure && <Banner tone="error">{failure}</Banner>}
        <DialogActions>
          <Button variant="secondary" onPress={onClose} isDisabled={pending}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" pending={pending} isDisabled={!toHolder && !name.trim()}>
            <Trans>Confirm hand-over</Trans>
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
