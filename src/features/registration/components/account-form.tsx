import { useEffect, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { registerAccountForm } from '../../../../contract/auth';
import { ErrorCode } from '../../../../contract/errors';
import { toApiPhone } from '../../../../contract/rules';
import { PasswordField } from '../../../components/forms/password-field';
import { PhoneField } from '../../../components/forms/phone-field';
import { Card, Stack } from '../../../components/layout/page';
import { Banner } from '../../../components/ui/banner';
import { SubmitButton } from '../../../components/ui/native-button';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/error-messages';
import { useLightForm } from '../../../lib/light-form';
import { registerCheck } from '../api/register-check';
import { useRegistrationDraft } from '../stores/registration-draft';
import { usePrefetchReader } from './use-card-reader';
import styles from './registration.module.css';

/** Server field names → this form's (the API says phone_number, the form says phone). */
const FORM_FIELD: Record<string, 'email' | 'phone' | 'password'> = {
  email: 'email',
  phone_number: 'phone',
  password: 'password',
};

/** /register: e-mail, phone, password and confirmation; Next checks e-mail and phone are free. */
export function AccountForm({ taken }: { taken?: 'email' | 'phone' }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const draft = useRegistrationDraft();
  const [failure, setFailure] = useState<string | null>(null);
  // The card is read two screens on: its reader downloads while the citizen types.
  usePrefetchReader(true);
  const { formProps, register, handleSubmit, errorOf, setError, applyServerErrors, isSubmitting } = useLightForm(
    registerAccountForm,
    {
      email: draft.email,
      phone: draft.phone,
      password: draft.password,
      password_confirmation: draft.password,
    },
  );

  // Sent back here because the last step found the e-mail or phone taken: say so on that field.
  useEffect(() => {
    if (taken === 'email') setError('email', ErrorCode.emailTaken, true);
    if (taken === 'phone') setError('phone', ErrorCode.phoneTaken, true);
    // Once per arrival with ?taken= (setError is a new function every render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [taken]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await registerCheck({ email: values.email, phone_number: toApiPhone(values.phone), password: values.password });
      draft.update({ email: values.email, phone: values.phone, password: values.password });
      await navigate({ to: '/register/upload' });
    } catch (err) {
      if (applyServerErrors(err, FORM_FIELD)) return;
      setFailure(errorMessage(err));
    }
  });

  return (
    <form {...formProps} onSubmit={onSubmit} noValidate className={styles.form}>
      {failure && (
        <Banner tone="error" onDismiss={() => setFailure(null)}>
          {failure}
        </Banner>
      )}
      <Card>
        <Stack gap={4}>
          <TextField
            label={t`Email`}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            error={errorOf('email')}
            {...register('email')}
          />
          <PhoneField label={t`Phone number`} error={errorOf('phone')} {...register('phone')} />
          <PasswordField
            label={t`Password`}
            autoComplete="new-password"
            hint={t`At least 8 characters, with an uppercase letter and a number.`}
            error={errorOf('password')}
            {...register('password')}
          />
          <PasswordField
            label={t`Confirm password`}
            autoComplete="new-password"
            error={errorOf('password_confirmation')}
            {...register('password_confirmation')}
          />
        </Stack>
      </Card>
      <SubmitButton wide pending={isSubmitting} pendingLabel={t`Submitting...`}>
        <Trans>Next</Trans>
      </SubmitButton>
      <p className={styles.center}>
        <Trans>
          Already have an account?{' '}
          <Link to="/login" className={styles.link}>
            Login
          </Link>
        </Trans>
      </p>
    </form>
  );
}
