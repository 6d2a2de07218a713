import { ApplicantDataList } from '../../../components/application/application-parts';
import type { ApplicantValues } from '../stores/applicant-draft';
import { usePlaceNames } from './use-place-names';

/** The applicant data of the draft, read-only, with place names instead of ids (preview). */
export function ApplicantSummary({ values }: { values: Partial<ApplicantValues> }) {
  const home = usePlaceNames(values.province_id, values.district_id, values.village_id);
  const parents = usePlaceNames(values.parent_province_id, values.parent_district_id, values.parent_village_id);
  return (
    <ApplicantDataList
      data={{
        ...values,
        province: home.province,
        district: home.district,
        village: home.village,
        parent_province: parents.province,
        parent_district: parents.district,
        parent_village: parents.village,
      }}
    />
  );
}
