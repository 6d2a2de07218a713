import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { useEffect, useRef } from 'react';
import { classes, type Look } from './native-button';
import styles from './button.module.css';

// Screens that need no react-aria press handling import these from native-button.tsx directly.
export { ButtonLink } from './native-button';

export interface ButtonProps extends Omit<AriaButtonProps, 'className'>, Look {
  className?: string;
  /** While true the button is disabled and shows `pendingLabel` (spec: 'loading', 'Submitting...'). */
  pending?: boolean;
  pendingLabel?: string;
}

/**
 * Pending is handled here rather than with react-aria's `isPending`: that one announces through a
 * live region pointing at the button, and when the press navigates away the reference dangles
 * (a broken live region for screen readers, an axe violation). Here the button keeps its focus,
 * refuses presses and implicit form submission, is marked aria-disabled, and a polite status
 * message says what is happening.
 */
export function Button({
  variant,
  wide,
  className,
  pending,
  pendingLabel,
  children,
  isDisabled,
  onPress,
  type,
  ...rest
}: ButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // react-aria does not pass aria-disabled through to a native button; set it on the element.
    if (pending) ref.current?.setAttribute('aria-disabled', 'true');
    else ref.current?.removeAttribute('aria-disabled');
  }, [pending]);
  return (
    <>
      <AriaButton
        {...rest}
        ref={ref}
        type={pending && type === 'submit' ? 'button' : type}
        onPress={pending ? undefined : onPress}
        isDisabled={isDisabled}
        className={classes({ variant, wide }, `${className ?? ''} ${pending ? styles.pending : ''}`)}
      >
        {(renderProps) => (
          <>
            {pending && <span className={styles.spinner} aria-hidden="true" />}
            {pending && pendingLabel ? pendingLabel : typeof children === 'function' ? children(renderProps) : children}
          </>
        )}
      </AriaButton>
      {pendingLabel && (
        <span role="status" className="visually-hidden">
          {pending ? pendingLabel : ''}
        </span>
      )}
    </>
  );
}
