import { Trans, useLingui } from '@lingui/react/macro';
import { Banner } from '../../../components/ui/banner';
import { NO_ROOM } from '../../../lib/application-labels';
import { formatMegabytes } from '../../../lib/format';
import { useReaderDownload, type ReaderState } from './use-card-reader';
import styles from './id-card.module.css';

function ProgressBar({ label, percent, text }: { label: string; percent: number; text: string }) {
  return (
    <>
      <div className={styles.progressLabel}>
        <span>{label}</span>
        <span>{text}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className={styles.track}
      >
        <div className={styles.bar} style={{ width: `${percent}%` }} />
      </div>
    </>
  );
}

/** Progress while the reader downloads (in bytes) and the card is read, then what came of it. */
export function ReadingStatus({ state }: { state: ReaderState }) {
  const { t, i18n } = useLingui();
  const download = useReaderDownload();
  if (state.status === 'reading') {
    if (download.status === 'downloading' && download.total > 0) {
      const loaded = formatMegabytes(download.loaded, i18n.locale);
      const total = formatMegabytes(download.total, i18n.locale);
      return (
        <div className={styles.progress}>
          <ProgressBar
            label={t`Downloading the card reader`}
            percent={Math.floor((100 * download.loaded) / download.total)}
            text={t`${loaded} of ${total} MB`}
          />
          <p className={styles.note}>
            <Trans>
              Only the first time: this phone keeps the reader, and next time it starts at once, offline too.
            </Trans>
          </p>
        </div>
      );
    }
    const percent = Math.round(state.progress * 100);
    return (
      <div className={styles.progress}>
        <ProgressBar label={t`Reading your ID card`} percent={percent} text={`${percent}%`} />
      </div>
    );
  }
  // The card small in the photo: a closer photo reads what this one could not.
  const closer = state.status === 'done' && state.small && (
    <p className={styles.closer}>
      <Trans>
        The card is small in this photo, so some of its details could not be read. Take the photo again closer, so that
        the card fills the frame.
      </Trans>
    </p>
  );
  if (state.status === 'done' && state.found > 0) {
    return (
      <Banner tone={closer ? 'warning' : 'success'} focusOnShow={false}>
        <p>
          <Trans>We read {state.found} details from your card. Please check them on the next screen.</Trans>
        </p>
        {closer}
      </Banner>
    );
  }
  if (state.status === 'no-room') {
    return (
      <Banner tone="error" focusOnShow={false}>
        {i18n._(NO_ROOM)}
      </Banner>
    );
  }
  if (state.status === 'done' || state.status === 'failed') {
    return (
      <Banner tone="warning" focusOnShow={false}>
        {closer || (
          <Trans>
            We could not read the card. You can type your details on the next screen, or try a sharper photo.
          </Trans>
        )}
      </Banner>
    );
  }
  return null;
}
