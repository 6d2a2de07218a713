import { useLingui } from '@lingui/react/macro';
import { DataList } from '../../../components/ui/data-list';
import { APPLICANT_LABELS } from '../../../lib/application-labels';
import { formatCalendarDate } from '../../../lib/format';
import type { ApplicantValues } from '../stores/applicant-draft';
import { usePlaceNames } from './use-place-names';

/** The applicant data of the draft, read-only, with place names instead of ids (preview). */
export function ApplicantSummary({ values }: { values: Partial<ApplicantValues> }) {
  const { i18n } = useLingui();
  const home = usePlaceNames(values.province_id, values.district_id, values.village_id);
  const parents = usePlaceNames(values.parent_province_id, values.parent_district_id, values.parent_village_id);
  const label = (k: keyof ApplicantValues) => i18n._(APPLICANT_LABELS[k]);
  const date = (iso?: string) => (iso ? formatCalendarDate(iso, i18n.locale) : '');
  return (
    <DataList
      items={[
        { label: label('first_name'), value: values.first_name },
        { label: label('last_name'), value: values.last_name },
        { label: label('date_of_birth'), value: date(values.date_of_birth) },
        { label: label('occupation'), value: values.occupation },
        { label: label('current_address'), value: values.current_address, wide: true },
        { label: label('house_number'), value: values.house_number },
        { label: label('province_id'), value: home.province },
        { label: label('district_id'), value: home.district },
        { label: label('village_id'), value: home.village },
        { label: label('family_book_number'), value: values.family_book_number },
        { label: label('family_book_date'), value: date(values.family_book_date) },
        { label: label('head_of_household'), value: values.head_of_household, wide: true },
        { label: label('father_name'), value: values.father_name },
        { label: label('mother_name'), value: values.mother_name },
        { label: label('parent_province_id'), value: parents.province },
        { label: label('parent_district_id'), value: parents.district },
        { label: label('parent_village_id'), value: parents.village },
        { label: label('reason'), value: values.reason, wide: true },
      ]}
    />
  );
}
