import { useLingui } from '@lingui/react/macro';
import type { KeyboardEvent, ReactNode } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { ApplicantData, ApplicantDataInput } from '../../../contract/application';
import { APPLICANT_LABELS } from '../../lib/application-labels';
import { errorOf } from '../../lib/form';
import { Card } from '../layout/page';
import { TextAreaField, TextField } from '../ui/field';
import { DayFirstDateField } from './day-first-date-field';
import { LocationFields } from './location-fields';
import styles from './applicant-fields.module.css';

/** Applicant data as typed: every field a string (selects hold ids as strings until the schema turns them into numbers). */
export type ApplicantFormValues = { [K in keyof ApplicantDataInput]: string };

export const EMPTY_APPLICANT_VALUES: ApplicantFormValues = {
  first_name: '',
  last_name: '',
  date_of_birth: '',
  occupation: '',
  current_address: '',
  house_number: '',
  province_id: '',
  district_id: '',
  village_id: '',
  head_of_household: '',
  family_book_number: '',
  family_book_date: '',
  father_name: '',
  mother_name: '',
  parent_province_id: '',
  parent_district_id: '',
  parent_village_id: '',
  reason: '',
};

/** Family book number: digit keys only; editing and moving keys still work (docs/specification.md#validation-rules). */
const ALLOWED_KEYS = new Set([
  'Backspace',
  'Tab',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Delete',
  'Home',
  'End',
  'Enter',
]);
function digitKeysOnly(e: KeyboardEvent<HTMLInputElement>) {
  if (e.ctrlKey || e.metaKey || e.altKey || ALLOWED_KEYS.has(e.key) || /^\d$/.test(e.key)) return;
  e.preventDefault();
}

type ApplicantForm = UseFormReturn<ApplicantDataInput, unknown, ApplicantData>;
/** The fields typed as text (the places are chosen with LocationFields). */
export type ApplicantTextField = Exclude<
  keyof ApplicantDataInput,
  'province_id' | 'district_id' | 'village_id' | 'parent_province_id' | 'parent_district_id' | 'parent_village_id'
>;

/** The browser's autofill where it helps. */
const AUTOCOMPLETE: Partial<Record<ApplicantTextField, string>> = {
  first_name: 'given-name',
  last_name: 'family-name',
  occupation: 'organization-title',
  current_address: 'street-address',
};

/**
 * One applicant field, named by its label, with the input its rule needs: the whole form shows
 * them all, and an answer to an officer only the ones asked for.
 */
export function ApplicantField({ form, name }: { form: ApplicantForm; name: ApplicantTextField }) {
  const { t, i18n } = useLingui();
  const {
    register,
    formState: { errors },
  } = form;
  const label = i18n._(APPLICANT_LABELS[name]);
  const error = errorOf(errors, name);
  switch (name) {
    case 'date_of_birth':
      return (
        <Controller
          control={form.control}
          name="date_of_birth"
          render={({ field }) => <DayFirstDateField autoComplete="bday" label={label} error={error} {...field} />}
        />
      );
    case 'family_book_number':
      return (
        <TextField
          label={label}
          inputMode="numeric"
          pattern="[0-9]*"
          onKeyDown={digitKeysOnly}
          error={error}
          {...register('family_book_number', {
            // Pasted text keeps its digits only.
            onChange: (e) => {
              const digits = String(e.target.value).replace(/\D/g, '');
              if (digits !== e.target.value) form.setValue('family_book_number', digits);
            },
          })}
        />
      );
    case 'family_book_date':
      return (
        <Controller
          control={form.control}
          name="family_book_date"
          render={({ field }) => <DayFirstDateField label={label} error={error} {...field} />}
        />
      );
    case 'reason':
      return (
        <TextAreaField
          label={label}
          hint={t`What the certificate is used for, e.g. opening a bank account.`}
          error={error}
          {...register('reason')}
        />
      );
    default:
      return <TextField label={label} error={error} autoComplete={AUTOCOMPLETE[name]} {...register(name)} />;
  }
}

/**
 * The applicant-data fields of a resident-certificate application, grouped in cards. Shared by the
 * new application (step 1) and the re-apply form, which differ only in where the data is kept.
 */
export function ApplicantFields({ form }: { form: ApplicantForm }) {
  const { t, i18n } = useLingui();
  const label = (k: keyof ApplicantDataInput) => i18n._(APPLICANT_LABELS[k]);
  const field = (name: ApplicantTextField) => <ApplicantField form={form} name={name} />;
  return (
    <>
      <Section title={t`Personal information`}>
        {field('first_name')}
        {field('last_name')}
        {field('date_of_birth')}
        {field('occupation')}
      </Section>
      <Section title={t`Current address`}>
        {field('current_address')}
        {field('house_number')}
        <LocationFields
          form={form as never}
          names={{ province: 'province_id', district: 'district_id', village: 'village_id' }}
        />
      </Section>
      <Section title={t`Family book`}>
        {field('head_of_household')}
        {field('family_book_number')}
        {field('family_book_date')}
      </Section>
      <Section title={t`Parents`}>
        {field('father_name')}
        {field('mother_name')}
        <LocationFields
          form={form as never}
          names={{ province: 'parent_province_id', district: 'parent_district_id', village: 'parent_village_id' }}
          labels={{
            province: label('parent_province_id'),
            district: label('parent_district_id'),
            village: label('parent_village_id'),
          }}
        />
      </Section>
      <Section title={t`Purpose`}>{field('reason')}</Section>
    </>
  );
}

/** One card of the form under its heading. */
function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Card as="section">
      <h2 className={styles.heading}>{title}</h2>
      {children}
    </Card>
  );
}
