import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/error-messages';
import { compareId } from '../api/desk';
import styles from './desk.module.css';

/** Reads the ID number from a photo of the card (the registration's reader, handed in by the route). */
export type CardNumberReader = (photo: Blob) => Promise<string | null>;

/**
 * The ID number the citizen shows, typed from the card or read from its photo, compared with the
 * record on the server: the officer learns only "same" or "not the same".
 */
export function IdCheckDialog({
  id,
  onClose,
  onChecked,
  readCard,
}: {
  id: number;
  onClose(): void;
  onChecked(matched: boolean): void;
  readCard: CardNumberReader;
}) {
  const { t } = useLingui();
  const [number, setNumber] = useState('');
  const [method, setMethod] = useState<'typed' | 'card_photo'>('typed');
  const [reading, setReading] = useState(false);
  const [result, setResult] = useState<boolean | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const read = async (file: File | undefined) => {
    if (!file) return;
    setReading(true);
    setFailure(null);
    try {
      const found = await readCard(file);
      if (found) {
        setNumber(found);
        setMethod('card_photo');
      } else setFailure(t`The number could not be read from the photo. Type it from the card.`);
    } catch {
      setFailure(t`The number could not be read from the photo. Type it from the card.`);
    } finally {
      setReading(false);
    }
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!number.trim()) return;
    setPending(true);
    setFailure(null);
    try {
      const matched = await compareId(id, number, method);
      setResult(matched);
      onChecked(matched);
    } catch (err) {
      setFailure(errorMessage(err));
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog isOpen onOpenChange={(open) => !open && onClose()} title={<Trans>Compare the ID number</Trans>}>
      <form className={styles.form} onSubmit={submit}>
        <TextField
          label={<Trans>ID card number shown by the citizen</Trans>}
          value={number}
          onChange={(e) => {
            setNumber(e.target.value);
            setMethod('typed');
            setResult(null);
          }}
          autoComplete="off"
          inputMode="text"
          maxLength={32}
        />
        <label className={styles.choice}>
          <span>
            <Trans>Or read it from a photo of the card:</Trans>
          </span>
          <input
            type="file"
            accept="image/*"
            capture="environment"
            onChange={(e) => void read(e.target.files?.[0])}
            disabled={reading}
          />
        </label>
        {reading && (
          <p className={styles.muted} role="status">
            <Trans>Reading the card…</Trans>
          </p>
        )}
        {result === true && (
          <Banner tone="success">
            <Trans>The ID number matches the record.</Trans>
          </Banner>
        )}
        {result === false && (
          <Banner tone="error">
            <Trans>The ID number does not match the record. Do not hand the certificate over.</Trans>
          </Banner>
        )}
        {failure && <Banner tone="error">{failure}</Banner>}
        <DialogActions>
          <Button variant="secondary" onPress={onClose}>
            <Trans>Close</Trans>
          </Button>
          <Button type="submit" pending={pending} isDisabled={!number.trim() || reading}>
            <Trans>Compare</Trans>
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
