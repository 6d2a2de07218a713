import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { LocationOption } from '../../../../../contract/master-data';
import { Banner } from '../../../../components/ui/banner';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogActions } from '../../../../components/ui/dialog';
import { SelectField, TextField } from '../../../../components/ui/field';
import { errorMessage } from '../../../../lib/error-messages';
import { fetchDistricts, fetchProvinces } from '../../../../lib/master-data';
import { addDayOff, updateDayOff, type DayOffInput, type NonWorkingDay } from '../../api/calendar';
import { OFFICER_ERRORS } from '../../labels';
import styles from './admin.module.css';

/** A holiday or a closure: add one, or move it to another date and rename it. */
export function DayOffDialog({
  day,
  year,
  onClose,
  onSaved,
}: {
  day: NonWorkingDay | 'new';
  year: number;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useLingui();
  const isNew = day === 'new';
  const [value, setValue] = useState<DayOffInput>(
    isNew ? { date: `${year}-01-01`, kind: 'holiday', scope: 'national', name_en: '', name_lo: '' } : day,
  );
  // A closure is one office's: a province's, or a district's within it.
  const [place, setPlace] = useState(() => {
    const [, level, id] = /^(province|district):(\d+)$/.exec(value.scope) ?? [];
    return { province: level === 'province' ? Number(id) : 0, district: level === 'district' ? Number(id) : 0 };
  });
  const [provinces, setProvinces] = useState<LocationOption[]>([]);
  const [districts, setDistricts] = useState<LocationOption[]>([]);
  const closure = value.kind === 'closure';
  useEffect(() => {
    if (closure) void fetchProvinces().then(setProvinces, () => undefined);
  }, [closure]);
  useEffect(() => {
    if (closure && place.province) void fetchDistricts(place.province).then(setDistricts, () => undefined);
  }, [closure, place.province]);
  const scope = !closure
    ? 'national'
    : place.district
      ? `district:${place.district}`
      : place.province
        ? `province:${place.province}`
        : '';
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const set = (patch: Partial<DayOffInput>) => setValue((v) => ({ ...v, ...patch }));
  const save = async () => {
    setFailure(null);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value.date) || !value.name_en.trim() || !value.name_lo.trim() || !scope) {
      setFailure(t`Fill in the date, the office for a closure, and the name in both languages.`);
      return;
    }
    setPending(true);
    try {
      const body = {
        date: value.date,
        kind: value.kind,
        scope,
        name_en: value.name_en.trim(),
        name_lo: value.name_lo.trim(),
      };
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
        {closure && (
          <>
            <SelectField
              label={<Trans>Province</Trans>}
              placeholder={t`Choose a province`}
              options={provinces}
              value={place.province || ''}
              onChange={(e) => setPlace({ province: Number(e.target.value) || 0, district: 0 })}
            />
            <SelectField
              label={<Trans>District (optional)</Trans>}
              placeholder={t`The whole province`}
              options={districts}
              value={place.district || ''}
              onChange={(e) => setPlace((p) => ({ ...p, district: Number(e.target.value) || 0 }))}
              disabled={!place.province}
            />
          </>
        )}
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
