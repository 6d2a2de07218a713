import type { ComponentPropsWithRef, ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { PasswordField } from './password-field';

type Name = 'password' | 'password_confirmation';
type FieldProps = Omit<ComponentPropsWithRef<typeof PasswordField>, 'label' | 'hint'>;

interface NewPasswordProps {
  /** The new password's label and its confirmation's (each screen words them its own way). */
  labels: [ReactNode, ReactNode];
  /** What the form gives each field: its registration and its message, whichever form library it uses. */
  field(name: Name): FieldProps;
  /** Left out where the password was chosen before and is only typed again. */
  withRule?: boolean;
}

/** A new password and its confirmation, as registration, the reset link and the account ask for them. */
export function NewPasswordFields({ labels: [label, confirmLabel], field, withRule = true }: NewPasswordProps) {
  const { t } = useLingui();
  return (
    <>
      <PasswordField
        label={label}
        autoComplete="new-password"
        hint={withRule ? t`At least 8 characters, with an uppercase letter and a number.` : undefined}
        {...field('password')}
      />
      <PasswordField label={confirmLabel} autoComplete="new-password" {...field('password_confirmation')} />
    </>
  );
}
