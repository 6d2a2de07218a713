import { lazy, Suspense, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { currentLanguage } from '../../lib/i18n';
import { LANGUAGE_OPTIONS } from './language-options';
import styles from './language-switcher.module.css';

// The menu (react-aria overlay and collection code) loads on first use: it is on every screen,
// but most visits never open it, and the first screen must stay small for weak connections.
const LanguageMenu = lazy(() => import('./language-menu'));

/** The EN / LA dropdown of every header: choosing saves the language, switches the interface and closes. */
export function LanguageSwitcher({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const { t } = useLingui();
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const current = LANGUAGE_OPTIONS.find((o) => o.id === currentLanguage()) ?? LANGUAGE_OPTIONS[0];
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className={`${styles.trigger} ${styles[tone]}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t`Language: ${current.name}. Change language`}
        onPointerEnter={() => setWanted(true)}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <current.Flag />
        <span>{current.label}</span>
        <svg viewBox="0 0 12 12" width="10" height="10" aria-hidden="true">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <LanguageMenu
            triggerRef={trigger}
            isOpen={open}
            onOpenChange={(o) => {
              setOpen(o);
              if (!o) trigger.current?.focus();
            }}
            current={current.id}
          />
        </Suspense>
      )}
    </>
  );
}
