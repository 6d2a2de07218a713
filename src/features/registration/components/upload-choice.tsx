import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { Stack } from '../../../components/layout/page';
import { usePrefetchReader } from './use-prefetch-reader';
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
      <Choice
        to="/register/foto"
        title={<Trans>Take a photo</Trans>}
        hint={<Trans>Use the camera of this phone</Trans>}
        icon={
          <>
            <path d="M4 8h3l2-3h6l2 3h3v11H4z" strokeLinejoin="round" />
            <circle cx="12" cy="13" r="3.5" />
          </>
        }
      />
      <Choice
        to="/register/upload-id"
        title={<Trans>Upload a file</Trans>}
        hint={<Trans>A JPG or PNG image of the front of your card, up to 10{'\u00a0'}MB</Trans>}
        icon={<path d="M12 16V4m0 0L7 9m5-5l5 5M4 15v5h16v-5" strokeLinecap="round" strokeLinejoin="round" />}
      />
      <p className={styles.privacy}>
        <Trans>
          The image leaves your phone only when you create the account, and is kept by the Ministry with your
          registration.
        </Trans>
      </p>
    </Stack>
  );
}

/** One way to give the card: its line drawing (outlines only), what it is and what it takes. */
function Choice({
  to,
  title,
  hint,
  icon,
}: {
  to: '/register/foto' | '/register/upload-id';
  title: ReactNode;
  hint: ReactNode;
  icon: ReactNode;
}) {
  return (
    <Link to={to} className={styles.option}>
      <svg
        viewBox="0 0 24 24"
        width="32"
        height="32"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      >
        {icon}
      </svg>
      <span className={styles.text}>
        <span className={styles.title}>{title}</span>
        <span className={styles.hint}>{hint}</span>
      </span>
    </Link>
  );
}
