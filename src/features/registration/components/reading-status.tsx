import { Trans, useLingui } from '@lingui/react/macro';
import { Banner } from '../../../components/ui/banner';
import type { ReaderState } from './use-card-reader';
import styles from './id-card.module.css';

/** Progress while the card is read, then what came of it. */
export function ReadingStatus({ state }: { state: ReaderState }) {
  const { t } = useLingui();
  if (state.status === 'reading') {
    const percent = Math.round(state.progress * 100);
    return (
      <div className={styles.progress}>
        <div className={styles.progressLabel}>
          <span><Trans>Reading your ID card…</Trans></span>
          <span>{percent}%</span>
        </div>
        <div role="progressbar" aria-label={t`Reading your ID card`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className={styles.track}>
          <div className={styles.bar} style={{ width: `${percent}%` }} />
        </div>
        <p className={styles.note}><Trans>The first time, this phone downloads the reader (about 10 MB); next time it starts at once.</Trans></p>
      </div>
    );
  }
  if (state.status === 'done' && state.found > 0) {
    return <Banner tone="success" focusOnShow={false}><Trans>We read {state.found} details from your card. Please check them on the next screen.</Trans></Banner>;
  }
  if (state.status === 'done' || state.status === 'failed') {
    return <Banner tone="warning" focusOnShow={false}><Trans>We could not read the card. You can type your details on the next screen, or try a sharper photo.</Trans></Banner>;
  }
  return null;
}
