import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, type ReactNode } from 'react';
import { formatFileSize } from '../../lib/format';
import { FieldChrome, useField } from './field';
import styles from './file-input.module.css';

export interface ChosenFile {
  name: string;
  /** Bytes that will be sent. */
  size: number;
  type: string;
  /** The chosen file's bytes, when the photo was made smaller before it was kept. */
  originalSize?: number;
}

interface FileInputProps {
  label: ReactNode;
  /** The accepted formats, shown under the field (spec: each input has a format hint). */
  hint?: ReactNode;
  /** The native picker's filter (what the rule accepts, no more). */
  accept: string;
  file: ChosenFile | null;
  error?: string;
  /** Called with the one file chosen (spec: exactly one file each). */
  onSelect(file: File): void;
  onView?(): void;
  onRemove?(): void;
  /** While a chosen file is being checked or saved. */
  busy?: boolean;
  /** The icon before a file is chosen: a picture for photos, a page for documents. */
  expects?: 'image' | 'document';
}

/**
 * One file, chosen with the system picker (camera or files on a phone). The native input stays in
 * the page, visually hidden, so keyboards, screen readers and tests reach it; the visible button
 * is its label. Shows the chosen file with View / Replace / Remove. "Choose file" is always drawn
 * outlined: the screen's one solid button is its own next step (Next, Upload proof of payment).
 */
export function FileInput({
  label,
  hint,
  accept,
  file,
  error,
  onSelect,
  onView,
  onRemove,
  busy,
  expects = 'document',
}: FileInputProps) {
  const { t, i18n } = useLingui();
  const [chrome, tie] = useField({ label, error, hint });
  const { id } = chrome;
  const input = useRef<HTMLInputElement>(null);
  const isImage = file ? file.type.startsWith('image/') : expects === 'image';
  return (
    <FieldChrome {...chrome} labelId={`${id}-label`}>
      <div className={styles.box} data-filled={file ? true : undefined}>
        <input
          ref={input}
          {...tie}
          type="file"
          accept={accept}
          className={`visually-hidden ${styles.native}`}
          aria-labelledby={`${id}-label`}
          disabled={busy}
          onChange={(e) => {
            const chosen = e.currentTarget.files?.[0];
            // Cleared so that choosing the same file again (after fixing it) fires a change.
            e.currentTarget.value = '';
            if (chosen) onSelect(chosen);
          }}
        />
        <span className={styles.icon} aria-hidden="true">
          {isImage ? (
            <svg viewBox="0 0 24 24" width="28" height="28">
              <rect x="3" y="4" width="18" height="16" rx="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
              <circle cx="9" cy="10" r="2" fill="currentColor" />
              <path
                d="M4 18l5-5 4 4 3-3 4 4"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinejoin="round"
              />
            </svg>
          ) : (
            <svg viewBox="0 0 24 24" width="28" height="28">
              <path
                d="M6 3h8l5 5v13H6z M14 3v5h5"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinejoin="round"
              />
              <path d="M9 13h7M9 16h7" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
            </svg>
          )}
        </span>
        <div className={styles.summary} aria-live="polite">
          {busy ? (
            <span className={styles.muted}>
              <Trans>Checking the file…</Trans>
            </span>
          ) : file ? (
            <>
              <span className={styles.name}>{file.name}</span>
              <span className={styles.muted}>
                <SentSize file={file} locale={i18n.locale} />
              </span>
            </>
          ) : (
            <span className={styles.muted}>
              <Trans>No file chosen</Trans>
            </span>
          )}
        </div>
        <div className={styles.actions}>
          {file && onView && (
            <button type="button" className={styles.action} onClick={onView} aria-label={t`View ${file.name}`}>
              <Trans>View</Trans>
            </button>
          )}
          <label htmlFor={id} className={styles.action} data-disabled={busy || undefined}>
            {file ? <Trans>Replace</Trans> : <Trans>Choose file</Trans>}
          </label>
          {file && onRemove && (
            <button type="button" className={styles.action} onClick={onRemove} aria-label={t`Remove ${file.name}`}>
              <Trans>Remove</Trans>
            </button>
          )}
        </div>
      </div>
    </FieldChrome>
  );
}

/** The size that will be sent, and what it was when the photo was made smaller. */
function SentSize({ file, locale }: { file: ChosenFile; locale: string }) {
  const sent = formatFileSize(file.size, locale);
  if (!file.originalSize || file.originalSize <= file.size) return sent;
  const original = formatFileSize(file.originalSize, locale);
  return (
    <Trans>
      {sent} (made smaller from {original})
    </Trans>
  );
}
