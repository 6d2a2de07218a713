import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import styles from './banner.module.css';

interface BannerProps {
  tone: 'error' | 'success' | 'info' | 'warning';
  children: React.ReactNode;
  /** Shows a close mark (spec: banners are dismissible). */
  onDismiss?: () => void;
  /** Move focus here when it appears, so keyboard and screen-reader users hear it (errors on submit). */
  focusOnShow?: boolean;
}

/** The red (error) and green (success) banners of every screen. */
export function Banner({ tone, children, onDismiss, focusOnShow = tone === 'error' }: BannerProps) {
  const { t } = useLingui();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusOnShow) ref.current?.focus();
  }, [focusOnShow, children]);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={tone === 'error' ? 'alert' : 'status'}
      className={`${styles.banner} ${styles[tone]}`}
    >
      <div className={styles.text}>{children}</div>
      {onDismiss && (
        <button type="button" className={styles.close} onClick={onDismiss} aria-label={t`Close`}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
      )}
    </div>
  );
}
