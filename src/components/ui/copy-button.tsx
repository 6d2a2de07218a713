import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import styles from './copy-button.module.css';

/** Copies with the Clipboard API, or the older way where it is missing (non-secure pages, old WebViews). */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Permission refused: fall through to the textarea way.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}

/** A copy button whose label reads 'copied!' for 2 seconds after copying (docs/specification.md#payment-screens). */
export function CopyButton({
  value,
  what,
}: {
  value: string;
  /** Says what is copied, for screen readers: "VA number". */ what: string;
}) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      className={styles.button}
      data-copied={copied || undefined}
      aria-label={copied ? t`copied!` : t`Copy ${what}`}
      onClick={() =>
        copyText(value).then(
          () => setCopied(true),
          (err) => console.warn('copy failed', err),
        )
      }
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        {copied ? (
          <path
            d="M5 12l5 5 9-10"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        ) : (
          <path
            d="M9 9h10v11H9zM5 15V4h10"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        )}
      </svg>
      {/* Both labels share one cell, so the button keeps the width of the longer (Lao 'copied!' is
          wider) and the number beside it never jumps to a second line. */}
      <span className={styles.labels} aria-live="polite">
        <span data-shown={!copied || undefined}>
          <Trans>Copy</Trans>
        </span>
        <span data-shown={copied || undefined}>
          <Trans>copied!</Trans>
        </span>
      </span>
    </button>
  );
}
