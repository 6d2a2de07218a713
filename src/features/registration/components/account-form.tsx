import { useEffect } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { ErrorCode } from '../../../../contract/errors';
import { toApiPhone } from '../../../../contract/phone';
import { NewPasswordFields } from '../../../components/forms/new-password-fields';
import { EmailField, PublicForm } from '../../../components/forms/public-form';
import { PhoneField } from '../../../components/forms/phone-field';
import { useLightForm } from '../../../lib/light-form';
import { registerCheck } from '../api/register-check';
import { useRegistrationDraft } from '../stores/registration-draft';
import { usePrefetchReader } from './use-prefetch-reader';
import styles from './registration.module.css';

/**
 * The form's check, fetched when a field is first used (lib/light-form.ts): valibot is not evaluated
 * while the screen starts.
 */
const accountSchema = () => import('../../../../contract/auth').then((m) => m.registerAccountForm);

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
  // The card is read two screens on: its reader downloads while the citizen types.
  usePrefetchReader(true);
  const form = useLightForm(accountSchema, {
    email: draft.email,
    phone: draft.phone,
    password: draft.password,
    password_confirmation: draft.password,
  });
  const { register, errorOf, setError } = form;

  // Sent back here because the last step found the e-mail or phone taken: say so on that field.
  useEffect(() => {
    if (taken === 'email') setError('email', ErrorCode.emailTaken, true);
    if (taken === 'phone') setError('phone', ErrorCode.phoneTaken, true);
    // Once per arrival with ?taken= (setError is a new function every render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [taken]);

  return (
    <PublicForm
      form={form}
      action={async (values) => {
        await registerCheck({ email: values.email, phone_number: toApiPhone(values.phone), password: values.password });
        draft.update({ email: values.email, phone: values.phone, password: values.password });
        await navigate({ to: '/register/upload' });
      }}
      placeFieldErrors={(err) => form.applyServerErrors(err, FORM_FIELD)}
      className={styles.form}
      submit={<Trans>Next</Trans>}
      footer={
        <p className={styles.center}>
          <Trans>
            Already have an account?{' '}
            <Link to="/login" className={styles.link}>
              Login
            </Link>
          </Trans>
        </p>
      }
    >
      <EmailField error={errorOf('email')} {...register('email')} />
      <PhoneField label={t`Phone number`} error={errorOf('phone')} {...register('phone')} />
      <NewPasswordFields
        labels={[t`Password`, t`Confirm password`]}
        field={(name) => ({ error: errorOf(name), ...register(name) })}
      />
    </PublicForm>
  );
}
