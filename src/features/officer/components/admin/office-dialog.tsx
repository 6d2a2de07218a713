import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { LocationOption } from '../../../../../contract/master-data';
import type { OfficeAssignment, OfficerAccount } from '../../../../../contract/offices';
import { Banner } from '../../../../components/ui/banner';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogActions } from '../../../../components/ui/dialog';
import { SelectField } from '../../../../components/ui/field';
import { errorMessage } from '../../../../lib/error-messages';
import { fetchDistricts, fetchProvinces } from '../../../../lib/master-data';
import { assignOffice } from '../../api/officer-api';

type Level = OfficeAssignment['level'];

/** Choose an officer's office: the whole country, a province, a district, or none. */
export function OfficeDialog({
  account,
  onClose,
  onSaved,
}: {
  account: OfficerAccount;
  onClose(): void;
  onSaved(account: OfficerAccount): void;
}) {
  const { t } = useLingui();
  const office = account.office;
  const [level, setLevel] = useState<Level>(office?.level ?? 'none');
  const [provinceId, setProvinceId] = useState(office && office.level !== 'national' ? office.province_id : 0);
  const [districtId, setDistrictId] = useState(office?.level === 'district' ? office.district_id : 0);
  const [provinces, setProvinces] = useState<LocationOption[]>([]);
  const [districts, setDistricts] = useState<LocationOption[]>([]);
  const [failure, setFailure] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => void fetchProvinces().then(setProvinces, setFailure), []);
  useEffect(() => {
    if (provinceId) void fetchDistricts(provinceId).then(setDistricts, setFailure);
    else setDistricts([]);
  }, [provinceId]);

  const assignment = (): OfficeAssignment | null => {
    if (level === 'none' || level === 'national') return { level };
    if (level === 'province') return provinceId ? { level, province_id: provinceId } : null;
    return districtId ? { level, district_id: districtId } : null;
  };
  const chosen = assignment();

  const save = async () => {
    if (!chosen) return;
    setFailure(null);
    setSaving(true);
    try {
      onSaved(await assignOffice(account.id, chosen));
    } catch (err) {
      setFailure(err);
    } finally {
      setSaving(false);
    }
  };

  const levels: { id: Level; name: string }[] = [
    { id: 'national', name: t`Whole country` },
    { id: 'province', name: t`A province` },
    { id: 'district', name: t`A district` },
    { id: 'none', name: t`No office (sees no application)` },
  ];

  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && !saving && onClose()}
      title={<Trans>Office of {account.email}</Trans>}
    >
      {failure !== null && <Banner tone="error">{errorMessage(failure)}</Banner>}
      <SelectField
        label={<Trans>Office</Trans>}
        placeholder={t`Choose`}
        options={levels}
        value={level}
        onChange={(e) => setLevel(e.target.value as Level)}
      />
      {(level === 'province' || level === 'district') && (
        <SelectField
          label={<Trans>Province</Trans>}
          placeholder={t`Choose a province`}
          options={provinces}
          value={provinceId || ''}
          onChange={(e) => {
            setProvinceId(Number(e.target.value));
            setDistrictId(0);
          }}
        />
      )}
      {level === 'district' && provinceId > 0 && (
        <SelectField
          label={<Trans>District</Trans>}
          placeholder={t`Choose a district`}
          options={districts}
          value={districtId || ''}
          onChange={(e) => setDistrictId(Number(e.target.value))}
        />
      )}
      <DialogActions>
        <Button variant="secondary" onPress={onClose} isDisabled={saving}>
          <Trans>Cancel</Trans>
        </Button>
        <Button onPress={() => void save()} pending={saving} isDisabled={!chosen}>
          <Trans>Save</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}
