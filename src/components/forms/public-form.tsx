import type { ComponentPropsWithRef, FormEventHandler, ReactNode, Ref } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Card, Stack } from '../layout/page';
import { Banner } from '../ui/banner';
import { TextField } from '../ui/field';
import { SubmitButton } from '../ui/native-button';

interface PublicFormProps {
  /** The form element's own attributes from useLightForm (lib/light-form.ts). */
  formProps: { ref: Ref<HTMLFormElement>; method: string; 'data-early-tap': string };
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The screen's own layout of the form. */
  className: string;
  /** Why the last submit failed, above the fields until dismissed. */
  failure: string | null;
  onDismiss(): void;
  pending: boolean;
  /** The submit button's words. */
  submit: ReactNode;
  /** The fields, in one card. */
  children: ReactNode;
  /** Under the submit button, e.g. the way to the other public screen. */
  footer?: ReactNode;
}

/** A public screen's form: why it failed, its fields in a card, and the submit button. */
export function PublicForm({
  formProps,
  onSubmit,
  className,
  failure,
  onDismiss,
  pending,
  submit,
  children,
  footer,
}: PublicFormProps) {
  const { t } = useLingui();
  return (
    <form {...formProps} onSubmit={onSubmit} noValidate className={className}>
      {failure && (
        <Banner tone="error" onDismiss={onDismiss}>
          {failure}
        </Banner>
      )}
      <Card>
        <Stack gap={4}>{children}</Stack>
      </Card>
      <SubmitButton wide pending={pending} pendingLabel={t`Submitting...`}>
        {submit}
      </SubmitButton>
      {footer}
    </form>
  );
}

/** The account's e-mail as typed on a phone: the e-mail keyboard, no capital letter, no spelling fixes. */
export function EmailField(props: Omit<ComponentPropsWithRef<typeof TextField>, 'label'>) {
  const { t } = useLingui();
  return (
    <TextField
      label={t`Email`}
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
    />
  );
}
