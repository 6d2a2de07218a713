import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState, type ReactNode } from 'react';
import { Banner } from '../../../../components/ui/banner';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogActions } from '../../../../components/ui/dialog';
import { ApiError, newIdempotencyKey } from '../../../../lib/api-client';
import { errorMessage } from '../../../../lib/error-messages';
import { OFFICER_ERRORS } from '../../labels';
import styles from './decisions.module.css';

/**
 * The frame of every decision: what will happen, the form, then Cancel and the decision itself.
 * One Idempotency-Key per opened dialog, so pressing again after a lost answer does not decide
 * twice. `check` says what is missing before anything is sent (null: ready).
 */
export function DecisionDialog({
  title,
  explain,
  submitLabel,
  variant = 'primary',
  isOpen,
  onClose,
  check,
  send,
  onSent,
  children,
  focusSubmit,
  onStale,
}: {
  title: ReactNode;
  explain?: ReactNode;
  submitLabel: string;
  variant?: 'primary' | 'danger' | 'secondary';
  isOpen: boolean;
  onClose(): void;
  check?(): string | null;
  send(idempotencyKey: string): Promise<unknown>;
  onSent(): void;
  children?: ReactNode;
  /** Nothing to fill in: the decision's button has the focus, so Enter decides. */
  focusSubmit?: boolean;
  /** The server refused because the case changed meanwhile (409): the screen behind reloads it. */
  onStale?(): void;
}) {
  const { t } = useLingui();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const key = useMemo(() => (isOpen ? newIdempotencyKey() : ''), [isOpen]);

  const submit = async () => {
    if (pending) return;
    setFailure(null);
    const missing = check?.() ?? null;
    if (missing) {
      setFailure(missing);
      return;
    }
    setPending(true);
    try {
      await send(key);
      setPending(false);
      onSent();
    } catch (err) {
      setPending(false);
      setFailure(errorMessage(err, OFFICER_ERRORS));
      if (err instanceof ApiError && err.status === 409) onStale?.();
    }
  };

  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open && !pending) {
          setFailure(null);
          onClose();
        }
      }}
      title={title}
      size="large"
    >
      {failure && <Banner tone="error">{failure}</Banner>}
      {explain && <p>{explain}</p>}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        onKeyDown={(e) => {
          // Ctrl+Enter decides from anywhere in the form, a note's box included.
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            void submit();
          }
        }}
        noValidate
        className={styles.form}
      >
        {children}
        <DialogActions>
          <Button
            variant="secondary"
            onPress={() => {
              setFailure(null);
              onClose();
            }}
            isDisabled={pending}
          >
            <Trans>Cancel</Trans>
          </Button>
          <Button
            type="submit"
            variant={variant}
            pending={pending}
            pendingLabel={t`Saving...`}
            autoFocus={focusSubmit}
            aria-keyshortcuts="Control+Enter"
          >
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
