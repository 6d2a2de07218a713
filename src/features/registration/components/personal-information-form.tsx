import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import * as v from 'valibot';
import { newPasswordForm, personalInformation } from '../../../../contract/auth';
import { ErrorCode } from '../../../../contract/errors';
import { toApiPhone } from '../../../../contract/rules';
import { Controller } from 'react-hook-form';
import { DayFirstDateField } from '../../../components/forms/day-first-date-field';
import { LocationFields } from '../../../components/forms/location-fields';
import { NewPasswordFields } from '../../../components/forms/new-password-fields';
import { Card, Stack } from '../../../components/layout/page';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-messages';
import { applyServerErrors, errorOf, useSchemaForm } from '../../../lib/form';
import { register as registerAccount, toDataUrl } from '../api/register';
import { useRegistrationDraft, type PersonalDraft, type PrefilledField } from '../stores/registration-draft';
import styles from './registration.module.css';

/** After a reload the password is gone from memory (never stored): it is asked for again here. */
// Typed as the plain form: the two password fields are registered by name below.
const withPassword = v.pipe(
  v.object({ ...personalInformation.entries, ...newPasswordForm.pipe[0].entries }),
  newPasswordForm.pipe[1] as never,
) as unknown as typeof personalInformation;

type Values = PersonalDraft & { password?: string; password_confirmation?: string };
const EMPTY: PersonalDraft = {
  first_name: '',
  last_name: '',
  id_card: '',
  date_of_birth: '',
  address: '',
  house_number: '',
  province_id: '',
  district_id: '',
  village_id: '',
};

/** /register/personal-information: the card's data to check and complete; Submit creates the account and mails the code. */
export function PersonalInformationForm() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const draft = useRegistrationDraft();
  const needsPassword = useMemo(() => !useRegistrationDraft.getState().password, []);
  const [failure, setFailure] = useState<{ text: string; fixImage?: boolean } | null>(null);
  const form = useSchemaForm(needsPassword ? withPassword : personalInformation, {
    defaultValues: { ...EMPTY, ...draft.personal } as never,
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;

  // Every change is kept on the device (a reload or a dropped connection loses nothing but the password).
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const sub = form.watch((values) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const { password: _p, password_confirmation: _c, ...personal } = values as Values;
        useRegistrationDraft.getState().update({ personal: personal as Partial<PersonalDraft> });
      }, 300);
    });
    return () => {
      clearTimeout(timer);
      sub.unsubscribe();
    };
  }, [form]);

  const hint = (field: PrefilledField) => {
    const read = draft.prefilled[field];
    if (read === 'check')
      return (
        <span
          className={styles.unsure}
        >{t`Read from your ID card, but part of it was unclear. Please check it carefully.`}</span>
      );
    if (read === 'ok') return t`Read from your ID card. Please check it.`;
    // A name the reader was not sure of is left empty rather than filled wrong: the citizen types it.
    if (draft.reading === 'read' && (field === 'first_name' || field === 'last_name'))
      return t`We could not read this on your ID card. Please type it as printed on the card.`;
    return undefined;
  };

  const idCard = form.watch('id_card' as never) as unknown as string | undefined;
  // A place chosen from the card's address is shown as such until the citizen changes it.
  const [province, district, village] = form.watch([
    'province_id',
    'district_id',
    'village_id',
  ] as never) as unknown as string[];
  const placeHint = (field: 'province_id' | 'district_id' | 'village_id') => {
    const current = { province_id: province, district_id: district, village_id: village }[field];
    const chosen = draft.placeCandidates?.[field.replace('_id', '') as 'province' | 'district' | 'village'][0];
    return draft.prefilled[field] && current && current === String(chosen)
      ? t`Chosen from the address on your ID card. Please check it.`
      : undefined;
  };

  const onSubmit = handleSubmit(async (raw) => {
    const values = raw as v.InferOutput<typeof personalInformation> & { password?: string };
    setFailure(null);
    const current = useRegistrationDraft.getState();
    if (!current.image) {
      setFailure({ text: t`Please select an image of your ID card`, fixImage: true });
      return;
    }
    const pass = values.password ?? current.password;
    try {
      const sent = await registerAccount({
        email: current.email,
        username: current.email,
        password: pass,
        phone_number: toApiPhone(current.phone),
        id_card_file: await toDataUrl(current.image),
        first_name: values.first_name,
        last_name: values.last_name,
        id_card: values.id_card,
        date_of_birth: values.date_of_birth,
        address: values.address,
        house_number: values.house_number,
        province_id: values.province_id,
        district_id: values.district_id,
        village_id: values.village_id,
      });
      current.update({ password: pass, otpSentAt: Date.now(), email: sent.data.email });
      await navigate({ to: '/register/otp' });
    } catch (err) {
      if (err instanceof ApiError) {
        // Taken e-mail or phone: back to the first screen, with the field focused and explained.
        if (err.code === ErrorCode.emailTaken || err.code === ErrorCode.phoneTaken) {
          await navigate({ to: '/register', search: { taken: err.code === ErrorCode.emailTaken ? 'email' : 'phone' } });
          return;
        }
        if (
          err.fields.id_card_file ||
          err.code === ErrorCode.fileTooLarge ||
          err.code === ErrorCode.fileTypeNotAllowed ||
          err.code === ErrorCode.payloadTooLarge
        ) {
          setFailure({ text: errorMessage(err), fixImage: true });
          return;
        }
        if (applyServerErrors(form, err)) return;
      }
      setFailure({ text: errorMessage(err) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className={styles.form}>
      {failure && (
        <Banner tone="error" onDismiss={() => setFailure(null)}>
          {failure.text}
          {failure.fixImage && (
            <>
              {' '}
              <Link to="/register/upload" className={styles.link}>
                <Trans>Choose the ID card image again</Trans>
              </Link>
            </>
          )}
        </Banner>
      )}
      <Card>
        <Stack gap={4}>
          <TextField
            label={t`First name`}
            autoComplete="given-name"
            hint={hint('first_name')}
            error={errorOf(errors, 'first_name')}
            {...register('first_name')}
          />
          <TextField
            label={t`Last name`}
            autoComplete="family-name"
            hint={hint('last_name')}
            error={errorOf(errors, 'last_name')}
            {...register('last_name')}
          />
          <TextField
            label={t`ID card number`}
            // The ID card's digits; a passport's number (read from the passport) starts with a letter.
            inputMode={/^[A-Z]/.test(idCard ?? '') ? 'text' : 'numeric'}
            autoComplete="off"
            hint={hint('id_card')}
            error={errorOf(errors, 'id_card')}
            {...register('id_card', {
              onChange: (e) => {
                e.target.value = e.target.value.toUpperCase().replace(/[^A-Z0-9]/g, '');
              },
            })}
          />
          <Controller
            control={form.control}
            name={'date_of_birth' as never}
            render={({ field }) => (
              <DayFirstDateField
                autoComplete="bday"
                label={t`Date of birth`}
                hint={hint('date_of_birth')}
                error={errorOf(errors, 'date_of_birth')}
                {...field}
              />
            )}
          />
        </Stack>
      </Card>
      <Card>
        <Stack gap={4}>
          <TextAreaField
            label={t`Address`}
            rows={2}
            autoComplete="street-address"
            hint={hint('address')}
            error={errorOf(errors, 'address')}
            {...register('address')}
          />
          <TextField label={t`House number`} error={errorOf(errors, 'house_number')} {...register('house_number')} />
          <LocationFields
            form={form as never}
            names={{ province: 'province_id', district: 'district_id', village: 'village_id' } as never}
            suggested={draft.placeCandidates ?? undefined}
            hints={{
              province: placeHint('province_id'),
              district: placeHint('district_id'),
              village: placeHint('village_id'),
            }}
          />
        </Stack>
      </Card>
      {needsPassword && (
        <Card>
          <Stack gap={4}>
            <p className={styles.intro}>
              <Trans>For your security the password is never stored on this phone. Please type it again.</Trans>
            </p>
            <NewPasswordFields
              labels={[t`Password`, t`Confirm password`]}
              field={(name) => ({ error: errorOf(errors, name as never), ...register(name as never) })}
              withRule={false}
            />
          </Stack>
        </Card>
      )}
      <Button type="submit" wide pending={isSubmitting} pendingLabel={t`Submitting...`}>
        <Trans>Submit</Trans>
      </Button>
    </form>
  );
}
