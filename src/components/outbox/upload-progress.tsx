import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { DOCUMENT_LABELS } from '../../lib/application-labels';
import { formatFileSize } from '../../lib/format';
import type { SendProgress } from '../../lib/outbox/entry';
import { ProgressBar } from '../ui/progress-bar';
import styles from './upload-progress.module.css';

/** Seconds left at the measured rate, rounded the way a person reads it (no false precision). */
export function secondsLeft(p: SendProgress): number | null {
  if (!p.bytesPerSecond || p.bytesPerSecond <= 0 || p.paused) return null;
  const s = (p.total - p.sent) / p.bytesPerSecond;
  if (s < 60) return Math.max(5, Math.ceil(s / 5) * 5);
  return Math.ceil(s / 60) * 60;
}

function TimeLeft({ seconds }: { seconds: number }) {
  if (seconds < 60)
    return (
      <Trans>
        about <Plural value={seconds} one="# second" other="# seconds" /> left
      </Trans>
    );
  const minutes = seconds / 60;
  return (
    <Trans>
      about <Plural value={minutes} one="# minute" other="# minutes" /> left
    </Trans>
  );
}

/**
 * What a citizen on a weak line sees while documents travel: bytes the server holds of bytes to
 * send, per document and in all, an estimate of the time left from the rate measured, and — when
 * the link is cut — that it is paused and goes on by itself, never that it starts again.
 */
export function UploadProgress({ progress, label }: { progress: SendProgress | null; label: ReactNode }) {
  const { i18n } = useLingui();
  if (!progress) return <ProgressBar label={label} value={0} />;
  const sent = formatFileSize(progress.sent);
  const total = formatFileSize(progress.total);
  const left = secondsLeft(progress);
  const done = progress.total > 0 && progress.sent >= progress.total;
  return (
    <div className={styles.box}>
      <ProgressBar
        label={progress.paused ? <Trans>Paused — it will go on when the connection comes back</Trans> : label}
        value={progress.total ? progress.sent / progress.total : 0}
      />
      <p className={styles.summary} aria-live="polite">
        {done ? (
          <Trans>All documents sent ({total})</Trans>
        ) : (
          <Trans>
            {sent} of {total} sent
          </Trans>
        )}
        {left !== null && !done && (
          <>
            {' · '}
            <TimeLeft seconds={left} />
          </>
        )}
      </p>
      <ul className={styles.files}>
        {Object.entries(progress.files).map(([field, f]) => {
          const name =
            field in DOCUMENT_LABELS ? i18n._(DOCUMENT_LABELS[field as keyof typeof DOCUMENT_LABELS]) : field;
          const fileSent = formatFileSize(f.sent);
          const fileTotal = formatFileSize(f.total);
          return (
            <li key={field} className={styles.file}>
              <span className={styles.name}>{name}</span>
              <span className={styles.size}>
                {f.sent >= f.total ? (
                  <Trans>Sent</Trans>
                ) : (
                  <Trans>
                    {fileSent} of {fileTotal}
                  </Trans>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** A new application's documents on their way, then the server saving it once it holds every byte. */
export function ApplicationUploadProgress({ progress }: { progress: SendProgress | null }) {
  return (
    <UploadProgress
      progress={progress}
      label={
        progress && progress.sent >= progress.total ? (
          <Trans>Saving your application…</Trans>
        ) : (
          <Trans>Sending your application…</Trans>
        )
      }
    />
  );
}
