import { useState, type ComponentPropsWithRef, type FormEventHandler, type ReactNode, type Ref } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Card, Stack } from '../layout/page';
import { Banner } from '../ui/banner';
import { TextField } from '../ui/field';
import { SubmitButton } from '../ui/native-button';
import { errorMessage } from '../../lib/error-messages';

interface PublicFormProps<V> {
  /** The screen's useLightForm (lib/light-form.ts). */
  form: {
    formProps: { ref: Ref<HTMLFormElement>; method: string; 'data-early-tap': string };
    handleSubmit(onValid: (values: V) => Promise<void>): FormEventHandler<HTMLFormElement>;
    isSubmitting: boolean;
  };
  /** What the submit does; what it throws is said above the fields until dismissed. */
  action(values: V): Promise<void>;
  /** Puts a refusal's field messages under the fields instead; true when it did. */
  placeFieldErrors?(err: unknown): boolean;
  /** The screen's own layout of the form. */
  className: string;
  /** The submit button's words. */
  submit: ReactNode;
  /** The fields, in one card. */
  children: ReactNode;
  /** Under the submit button, e.g. the way to the other public screen. */
  footer?: ReactNode;
}

/** A public screen's form: why its last submit failed, its fields in a card, and the submit button. */
export function PublicForm<V>({
  form,
  action,
  placeFieldErrors,
  className,
  submit,
  children,
  footer,
}: PublicFormProps<V>) {
  const { t } = useLingui();
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await action(values);
    } catch (err) {
      if (!placeFieldErrors?.(err)) setFailure(errorMessage(err));
    }
  });
  return (
    <form {...form.formProps} onSubmit={onSubmit} noValidate className={className}>
      {failure && (
        <Banner tone="error" onDismiss={() => setFailure(null)}>
          {failure}
        </Banner>
      )}
      <Card>
        <Stack gap={4}>{children}</Stack>
      </Card>
      <SubmitButton wide pending={form.isSubmitting} pendingLabel={t`Submitting...`}>
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
