import { Trans, useLingui } from '@lingui/react/macro';
import { Controller } from 'react-hook-form';
import { ErrorCode } from '../../../../contract/errors';
import { profileForm, type Profile } from '../../../../contract/profile';
import { toGroupedPhone } from '../../../../contract/rules';
import { LocationFields } from '../../../components/forms/location-fields';
import { DayFirstDateField } from '../../../components/forms/day-first-date-field';
import { PhoneField } from '../../../components/forms/phone-field';
import { TextField } from '../../../components/ui/field';
import { errorOf, useSchemaForm } from '../../../lib/form';
import { updateProfile } from '../api/update-profile';
import { SaveForm, useSave } from './save-form';

function valuesOf(p: Profile) {
  return {
    first_name: p.first_name,
    last_name: p.last_name,
    address: p.address,
    house_number: p.house_number,
    date_of_birth: p.date_of_birth,
    phone_number: toGroupedPhone(p.phone_number),
    province_id: p.province_id ? String(p.province_id) : '',
    district_id: p.district_id ? String(p.district_id) : '',
    village_id: p.village_id ? String(p.village_id) : '',
  };
}

/**
 * /profile: e-mail and ID card read-only; the rest editable with the rules of registration
 * (docs/specification.md#validation-rules).
 */
export function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useLingui();
  const form = useSchemaForm(profileForm, {
    defaultValues: valuesOf(profile),
    // Checked on Save, then as the citizen corrects: a message appearing on blur moves the Save
    // button under the finger, and the tap lands beside it.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const {
    register,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const { save, ...saving } = useSave(form, {
    [ErrorCode.phoneTaken]: t`This phone number is already registered. Log in, or use another number.`,
  });

  const submit = form.handleSubmit((values) =>
    save(async () => {
      const saved = await updateProfile(values, profile.id_card);
      form.reset(valuesOf(saved));
    }),
  );

  return (
    <SaveForm onSubmit={submit} {...saving} saved={<Trans>Profile updated successfully</Trans>} pending={isSubmitting}>
      <TextField
        label={t`Email`}
        value={profile.email}
        readOnly
        hint={t`Your email and ID card number cannot be changed.`}
        autoComplete="email"
      />
      <TextField label={t`ID card number`} value={profile.id_card} readOnly inputMode="numeric" />
      <Controller
        control={control}
        name="phone_number"
        render={({ field }) => (
          <PhoneField label={t`Phone number`} error={errorOf(errors, 'phone_number')} {...field} />
        )}
      />
      <TextField
        label={t`First name`}
        autoComplete="given-name"
        error={errorOf(errors, 'first_name')}
        {...register('first_name')}
      />
      <TextField
        label={t`Last name`}
        autoComplete="family-name"
        error={errorOf(errors, 'last_name')}
        {...register('last_name')}
      />
      <Controller
        control={control}
        name="date_of_birth"
        render={({ field }) => (
          <DayFirstDateField
            autoComplete="bday"
            label={t`Date of birth`}
            error={errorOf(errors, 'date_of_birth')}
            {...field}
          />
        )}
      />
      <TextField
        label={t`Current address`}
        autoComplete="street-address"
        error={errorOf(errors, 'address')}
        {...register('address')}
      />
      <TextField label={t`House number`} error={errorOf(errors, 'house_number')} {...register('house_number')} />
      <LocationFields
        form={form as never}
        names={{ province: 'province_id', district: 'district_id', village: 'village_id' }}
      />
    </SaveForm>
  );
}
