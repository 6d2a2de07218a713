import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { Stack } from '../../../components/layout/page';
import { usePrefetchReader } from './use-card-reader';
import styles from './upload-choice.module.css';

/** /register/upload: take a photo of the ID card, or choose an image file. */
export function UploadChoice() {
  usePrefetchReader();
  return (
    <Stack gap={4}>
      <p className={styles.intro}>
        <Trans>
          We read your name, ID number and date of birth from your ID card, on this phone. You check them on the next
          screen.
        </Trans>
      </p>
      <Link to="/register/foto" className={styles.option}>
        <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
          <path
            d="M4 8h3l2-3h6l2 3h3v11H4z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
          <circle cx="12" cy="13" r="3.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
        <span className={styles.text}>
          <span className={styles.title}>
            <Trans>Take a photo</Trans>
          </span>
          <span className={styles.hint}>
            <Trans>Use the camera of this phone</Trans>
          </span>
        </span>
      </Link>
      <Link to="/register/upload-id" className={styles.option}>
        <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
          <path
            d="M12 16V4m0 0L7 9m5-5l5 5M4 15v5h16v-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span className={styles.text}>
          <span className={styles.title}>
            <Trans>Upload a file</Trans>
          </span>
          <span className={styles.hint}>
            <Trans>A JPG or PNG image of the front of your card, up to 10 MB</Trans>
          </span>
        </span>
      </Link>
      <p className={styles.privacy}>
        <Trans>
          The image leaves your phone only when you create the account, and is kept by the Ministry with your
          registration.
        </Trans>
      </p>
    </Stack>
  );
}
