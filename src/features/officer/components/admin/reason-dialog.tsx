import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { DecisionReason } from '../../../../../contract/officer';
import { Banner } from '../../../../components/ui/banner';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogActions } from '../../../../components/ui/dialog';
import { SelectField, TextAreaField, TextField } from '../../../../components/ui/field';
import { errorMessage } from '../../../../lib/error-messages';
import { createReason, updateReason, type ReasonInput } from '../../api/reasons';
import { OFFICER_ERRORS } from '../../labels';
import styles from './admin.module.css';

const EMPTY: ReasonInput = {
  code: '',
  usage: 'both',
  text_en: '',
  text_lo: '',
  action_en: '',
  action_lo: '',
  active: true,
};

/**
 * A reason of the catalogue in both languages: what is wrong, and what the citizen should do about
 * it. The code is what decisions keep, so it is set once and never changed.
 */
export function ReasonDialog({
  reason,
  onClose,
  onSaved,
}: {
  reason: DecisionReason | 'new';
  onClose(): void;
  onSaved(saved: DecisionReason): void;
}) {
  const { t } = useLingui();
  const isNew = reason === 'new';
  const [value, setValue] = useState<ReasonInput>(isNew ? EMPTY : reason);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const set = (patch: Partial<ReasonInput>) => setValue((v) => ({ ...v, ...patch }));
  const filled = (['text_en', 'text_lo', 'action_en', 'action_lo'] as const).every((k) => value[k].trim());
  const save = async () => {
    setFailure(null);
    if (!/^[a-z0-9_]{2,40}$/.test(value.code) || !filled) {
      setFailure(t`Fill in every field. The code is 2 to 40 small letters, digits or _.`);
      return;
    }
    setPending(true);
    try {
      const { code, usage, text_en, text_lo, action_en, action_lo, active } = value;
      onSaved(
        isNew
          ? await createReason({ code, usage, text_en, text_lo, action_en, action_lo, active })
          : await updateReason(reason.id, { usage, text_en, text_lo, action_en, action_lo }),
      );
    } catch (err) {
      setFailure(errorMessage(err, OFFICER_ERRORS));
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && !pending && onClose()}
      title={isNew ? <Trans>New reason</Trans> : <Trans>Edit reason</Trans>}
      size="large"
    >
      {failure && <Banner tone="error">{failure}</Banner>}
      <form
        className={styles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <TextField
          label={<Trans>Code</Trans>}
          value={value.code}
          onChange={(e) => set({ code: e.target.value.trim().toLowerCase() })}
          readOnly={!isNew}
          maxLength={40}
          autoFocus={isNew}
        />
        <SelectField
          label={<Trans>Used for</Trans>}
          placeholder={t`Choose`}
          options={[
            { id: 'both', name: t`Rejecting and asking the citizen` },
            { id: 'reject', name: t`Rejecting only` },
            { id: 'request', name: t`Asking the citizen only` },
          ]}
          value={value.usage}
          onChange={(e) => set({ usage: (e.target.value || 'both') as ReasonInput['usage'] })}
        />
        <TextAreaField
          label={<Trans>Reason in English</Trans>}
          value={value.text_en}
          onChange={(e) => set({ text_en: e.target.value })}
          rows={2}
          maxLength={300}
          autoFocus={!isNew}
        />
        <TextAreaField
          label={<Trans>Reason in Lao</Trans>}
          lang="lo"
          value={value.text_lo}
          onChange={(e) => set({ text_lo: e.target.value })}
          rows={2}
          maxLength={300}
        />
        <TextAreaField
          label={<Trans>What the citizen should do, in English</Trans>}
          value={value.action_en}
          onChange={(e) => set({ action_en: e.target.value })}
          rows={2}
          maxLength={300}
        />
        <TextAreaField
          label={<Trans>What the citizen should do, in Lao</Trans>}
          lang="lo"
          value={value.action_lo}
          onChange={(e) => set({ action_lo: e.target.value })}
          rows={2}
          maxLength={300}
        />
        <div className={styles.wide}>
          <DialogActions>
            <Button variant="secondary" onPress={onClose} isDisabled={pending}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" pending={pending} pendingLabel={t`Saving...`}>
              <Trans>Save</Trans>
            </Button>
          </DialogActions>
        </div>
      </form>
    </Dialog>
  );
}
