import { Switch as AriaSwitch } from 'react-aria-components';
import type { ReactNode } from 'react';
import styles from './switch.module.css';

/** An on/off setting that takes effect at once (react-aria: a real switch for screen readers and keyboards). */
export function Switch({
  isSelected,
  onChange,
  isDisabled,
  children,
}: {
  isSelected: boolean;
  onChange(on: boolean): void;
  isDisabled?: boolean;
  children: ReactNode;
}) {
  return (
    <AriaSwitch className={styles.switch} isSelected={isSelected} onChange={onChange} isDisabled={isDisabled}>
      <span className={styles.track} aria-hidden="true">
        <span className={styles.thumb} />
      </span>
      <span className={styles.label}>{children}</span>
    </AriaSwitch>
  );
}
