import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { registerAccountForm } from '../../../../contract/auth';
import { ErrorCode } from '../../../../contract/errors';
import { toApiPhone } from '../../../../contract/rules';
import { PasswordField } from '../../../components/forms/password-field';
import { PhoneField } from '../../../components/forms/phone-field';
import { Card, Stack } from '../../../components/layout/page';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-messages';
import { applyServerErrors, errorOf, useSchemaForm } from '../../../lib/form';
import { registerCheck } from '../api/register-check';
import { useRegistrationDraft } from '../stores/registration-draft';
import { usePrefetchReader } from './use-card-reader';
import styles from './registration.module.css';

/** Server field names → this form's (the API says phone_number, the form says phone). */
const FORM_FIELD: Record<string, 'email' | 'phone' | 'password'> = { email: 'email', phone_number: 'phone', password: 'password' };

/** /register: e-mail, phone, password and confirmation; Next checks e-mail and phone are free. */
export function AccountForm({ taken }: { taken?: 'email' | 'phone' }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const draft = useRegistrationDraft();
  const [failure, setFailure] = useState<string | null>(null);
  // The card is read two screens on: its reader downloads while the citizen types.
  usePrefetchReader(true);
  const form = useSchemaForm(registerAccountForm, {
    defaultValues: { email: draft.email, phone: draft.phone, password: draft.password, password_confirmation: draft.password },
  });
  const { register, handleSubmit, formState: { errors, isSubmitting } } = form;

  // Sent back here because the last step found the e-mail or phone taken: say so on that field.
  useEffect(() => {
    if (taken === 'email') form.setError('email', { type: 'server', message: ErrorCode.emailTaken }, { shouldFocus: true });
    if (taken === 'phone') form.setError('phone', { type: 'server', message: ErrorCode.phoneTaken }, { shouldFocus: true });
  }, [taken, form]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await registerCheck({ email: values.email, phone_number: toApiPhone(values.phone), password: values.password });
      draft.update({ email: values.email, phone: values.phone, password: values.password });
      await navigate({ to: '/register/upload' });
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length) {
        const mapped = new ApiError(err.kind, err.status, err.code, err.message, Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [FORM_FIELD[k] ?? k, v])));
        if (applyServerErrors(form, mapped)) return;
      }
      setFailure(errorMessage(err));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className={styles.form}>
      {failure && <Banner tone="error" onDismiss={() => setFailure(null)}>{failure}</Banner>}
      <Card>
        <Stack gap={4}>
          <TextField label={t`Email`} type="email" inputMode="email" autoComplete="email" autoCapitalize="none" spellCheck={false} error={errorOf(errors, 'email')} {...register('email')} />
          <Controller
            control={form.control}
            name="phone"
            render={({ field }) => <PhoneField ref={field.ref} name={field.name} label={t`Phone number`} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errorOf(errors, 'phone')} />}
          />
          <PasswordField label={t`Password`} autoComplete="new-password" hint={t`At least 8 characters, with an uppercase letter and a number.`} error={errorOf(errors, 'password')} {...register('password')} />
          <PasswordField label={t`Confirm password`} autoComplete="new-password" error={errorOf(errors, 'password_confirmation')} {...register('password_confirmation')} />
        </Stack>
      </Card>
      <Button type="submit" wide pending={isSubmitting} pendingLabel={t`Submitting...`}>
        <Trans>Next</Trans>
      </Button>
      <p className={styles.center}>
        <Trans>Already have an account? <Link to="/login" className={styles.link}>Login</Link></Trans>
      </p>
    </form>
  );
}
