import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Banner } from '../../../../components/ui/banner';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogActions } from '../../../../components/ui/dialog';
import { SelectField, TextField } from '../../../../components/ui/field';
import { errorMessage } from '../../../../lib/error-messages';
import { addDayOff, updateDayOff, type DayOff, type DayOffInput } from '../../api/calendar';
import { OFFICER_ERRORS } from '../../labels';
import styles from './admin.module.css';

/** A holiday or a closure: add one, or move it to another date and rename it. */
export function DayOffDialog({
  day,
  year,
  onClose,
  onSaved,
}: {
  day: DayOff | 'new';
  year: number;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useLingui();
  const isNew = day === 'new';
  const [value, setValue] = useState<DayOffInput>(
    isNew ? { date: `${year}-01-01`, kind: 'holiday', name_en: '', name_lo: '' } : day,
  );
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const set = (patch: Partial<DayOffInput>) => setValue((v) => ({ ...v, ...patch }));
  const save = async () => {
    setFailure(null);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value.date) || !value.name_en.trim() || !value.name_lo.trim()) {
      setFailure(t`Fill in the date and the name in both languages.`);
      return;
    }
    setPending(true);
    try {
      const body = { date: value.date, kind: value.kind, name_en: value.name_en.trim(), name_lo: value.name_lo.trim() };
      if (isNew) await addDayOff(body);
      else await updateDayOff(day.id, body);
      onSaved();
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
      title={isNew ? <Trans>Add a day off</Trans> : <Trans>Move or rename a day off</Trans>}
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
          label={<Trans>Date</Trans>}
          type="date"
          value={value.date}
          onChange={(e) => set({ date: e.target.value })}
          autoFocus
        />
        <SelectField
          label={<Trans>Kind</Trans>}
          placeholder={t`Choose`}
          options={[
            { id: 'holiday', name: t`Public holiday` },
            { id: 'closure', name: t`Office closure` },
          ]}
          value={value.kind}
          onChange={(e) => set({ kind: (e.target.value || 'holiday') as DayOffInput['kind'] })}
        />
        <TextField
          label={<Trans>Name in English</Trans>}
          value={value.name_en}
          onChange={(e) => set({ name_en: e.target.value })}
          maxLength={120}
        />
        <TextField
          label={<Trans>Name in Lao</Trans>}
          lang="lo"
          value={value.name_lo}
          onChange={(e) => set({ name_lo: e.target.value })}
          maxLength={120}
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
