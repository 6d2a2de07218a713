import { createLink, type LinkComponent } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes, type ReactNode } from 'react';
import styles from './button.module.css';

/**
 * The button look without react-aria (links styled as buttons, the public forms' submit): what a
 * visitor's first screens use, so they stay small. Button (button.tsx) adds react-aria's press
 * handling for everything else.
 */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'success';

export interface Look {
  variant?: ButtonVariant;
  wide?: boolean;
}

export function classes({ variant = 'primary', wide }: Look, extra?: string) {
  return [styles.button, styles[variant], wide ? styles.wide : '', extra ?? ''].filter(Boolean).join(' ');
}

/**
 * The submit button of the public forms (login, registration, password reset): a native button
 * with the same look and the same pending behaviour as `Button`, without react-aria's press
 * handling — a visitor's first screen must stay small, and a form's submit needs nothing more.
 */
export function SubmitButton({
  variant,
  wide,
  pending,
  pendingLabel,
  children,
}: Look & { pending?: boolean; pendingLabel?: string; children: ReactNode }) {
  // A submit button from the first paint: on a screen painted from prerendered HTML, a press before
  // the app has started is kept by the page's start script and sent by the form once it is live
  // (contract/start-app-script.ts), never lost and never posted to the server.
  return (
    <>
      <button
        // While pending it stays focused but refuses presses and implicit submission (as Button does).
        type={pending ? 'button' : 'submit'}
        aria-disabled={pending || undefined}
        className={classes({ variant, wide }, pending ? styles.pending : '')}
      >
        {pending && <span className={styles.spinner} aria-hidden="true" />}
        {pending && pendingLabel ? pendingLabel : children}
      </button>
      {pendingLabel && (
        <span role="status" className="visually-hidden">
          {pending ? pendingLabel : ''}
        </span>
      )}
    </>
  );
}

/** A plain action button (Try again) with the shared look, for screens that carry no react-aria. */
export function PlainButton({ variant, wide, onClick, children }: Look & { onClick(): void; children: ReactNode }) {
  return (
    <button type="button" className={classes({ variant, wide })} onClick={onClick}>
      {children}
    </button>
  );
}

type AnchorProps = AnchorHTMLAttributes<HTMLAnchorElement> & Look;
const StyledAnchor = forwardRef<HTMLAnchorElement, AnchorProps>(({ variant, wide, className, ...rest }, ref) => (
  <a ref={ref} {...rest} className={classes({ variant, wide }, className)} />
));

const CreatedButtonLink = createLink(StyledAnchor);
/** A router link that looks like a button (e.g. Login, Create account). */
export const ButtonLink: LinkComponent<typeof StyledAnchor> = (props) => (
  <CreatedButtonLink preload="intent" {...props} />
);
