import { Trans, useLingui } from '@lingui/react/macro';
import { updatePasswordBody } from '../../../../contract/auth';
import { ErrorCode } from '../../../../contract/errors';
import { NewPasswordFields } from '../../../components/forms/new-password-fields';
import { PasswordField } from '../../../components/forms/password-field';
import { AppHeader } from '../../../components/layout/app-header';
import { Page } from '../../../components/layout/page';
import { useConnectivity } from '../../../lib/connectivity';
import { errorOf, useSchemaForm } from '../../../lib/form';
import { updatePassword } from '../api/update-password';
import { SaveForm, useSave } from './save-form';

const EMPTY = { current_password: '', password: '', password_confirmation: '' };

/** /change-password: current, new and confirmation; x004 means the current one is wrong. */
export function ChangePasswordScreen() {
  const { t } = useLingui();
  const form = useSchemaForm(updatePasswordBody, {
    defaultValues: EMPTY,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const offline = useConnectivity((c) => c.status === 'offline');
  const { save, ...saving } = useSave(form, { [ErrorCode.wrongPassword]: t`Current password is wrong` });

  const submit = form.handleSubmit((values) =>
    save(async () => {
      await updatePassword(values);
      form.reset(EMPTY);
    }),
  );

  return (
    <Page header={<AppHeader title={t`Change password`} back="/account" bell />}>
      <SaveForm
        onSubmit={submit}
        {...saving}
        saved={<Trans>Password updated successfully. Your account has been logged out on every other device.</Trans>}
        pending={isSubmitting}
      >
        {offline && (
          // Said before the citizen types: the server checks the current password, so this cannot wait in the outbox.
          <p role="status">
            <Trans>
              Changing your password needs a connection: our server checks your current password first. Your password
              stays as it is until then.
            </Trans>
          </p>
        )}
        <PasswordField
          label={t`Current password`}
          autoComplete="current-password"
          error={errorOf(errors, 'current_password')}
          {...register('current_password')}
        />
        <NewPasswordFields
          labels={[t`New password`, t`Confirm new password`]}
          field={(name) => ({ error: errorOf(errors, name), ...register(name) })}
        />
      </SaveForm>
    </Page>
  );
}
