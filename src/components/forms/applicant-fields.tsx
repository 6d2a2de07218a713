import { useLingui } from '@lingui/react/macro';
import type { InputHTMLAttributes, KeyboardEvent, ReactNode } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { ApplicantData, ApplicantDataInput } from '../../../contract/application';
import { APPLICANT_LABELS } from '../../lib/application-labels';
import { errorOf } from '../../lib/form';
import { todayInVientiane } from '../../lib/format';
import { Card } from '../layout/page';
import { TextAreaField, TextField } from '../ui/field';
import { DateOfBirthField } from './date-of-birth-field';
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

/**
 * The applicant-data fields of a resident-certificate application, grouped in cards. Shared by the
 * new application (step 1) and the re-apply form, which differ only in where the data is kept.
 */
export function ApplicantFields({ form }: { form: UseFormReturn<ApplicantDataInput, unknown, ApplicantData> }) {
  const { t, i18n } = useLingui();
  const {
    register,
    formState: { errors },
  } = form;
  const label = (k: keyof ApplicantDataInput) => i18n._(APPLICANT_LABELS[k]);
  /** A plain text field of the application, named by its label (and the browser's autofill where it helps). */
  const text = (name: keyof ApplicantDataInput, input: InputHTMLAttributes<HTMLInputElement> = {}) => (
    <TextField label={label(name)} error={errorOf(errors, name)} {...input} {...register(name)} />
  );
  return (
    <>
      <Section title={t`Personal information`}>
        {text('first_name', { autoComplete: 'given-name' })}
        {text('last_name', { autoComplete: 'family-name' })}
        <Controller
          control={form.control}
          name="date_of_birth"
          render={({ field }) => (
            <DateOfBirthField label={label('date_of_birth')} error={errorOf(errors, 'date_of_birth')} {...field} />
          )}
        />
        {text('occupation', { autoComplete: 'organization-title' })}
      </Section>
      <Section title={t`Current address`}>
        {text('current_address', { autoComplete: 'street-address' })}
        {text('house_number')}
        <LocationFields
          form={form as never}
          names={{ province: 'province_id', district: 'district_id', village: 'village_id' }}
        />
      </Section>
      <Section title={t`Family book`}>
        {text('head_of_household')}
        <TextField
          label={label('family_book_number')}
          inputMode="numeric"
          pattern="[0-9]*"
          onKeyDown={digitKeysOnly}
          error={errorOf(errors, 'family_book_number')}
          {...register('family_book_number', {
            // Pasted text keeps its digits only.
            onChange: (e) => {
              const digits = String(e.target.value).replace(/\D/g, '');
              if (digits !== e.target.value) form.setValue('family_book_number', digits);
            },
          })}
        />
        {text('family_book_date', { type: 'date', max: todayInVientiane() })}
      </Section>
      <Section title={t`Parents`}>
        {text('father_name')}
        {text('mother_name')}
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
      <Section title={t`Purpose`}>
        <TextAreaField
          label={label('reason')}
          hint={t`What the certificate is used for, e.g. opening a bank account.`}
          error={errorOf(errors, 'reason')}
          {...register('reason')}
        />
      </Section>
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
