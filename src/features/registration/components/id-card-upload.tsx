import { useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { acceptAttribute } from '../../../../contract/documents';
import { Stack } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { formatFileSize } from '../../../lib/format';
import { checkIdCardImage } from '../image-file';
import { useRegistrationDraft } from '../stores/registration-draft';
import { ReadingStatus } from './reading-status';
import { useCardReader, useEarlierReading, useReaderWarmUp } from './use-card-reader';
import { useObjectUrl } from './use-object-url';
import styles from './id-card.module.css';

/** /register/upload-id: choose an image of the card, see it, and let the phone read it. */
export function IdCardUpload() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const image = useRegistrationDraft((s) => s.image);
  const earlier = useEarlierReading();
  const preview = useObjectUrl(image);
  const sentSize = image ? formatFileSize(image.size, i18n.locale) : '';
  const input = useRef<HTMLInputElement>(null);
  const reader = useCardReader();
  useReaderWarmUp();
  const [error, setError] = useState<string | null>(null);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const problem = await checkIdCardImage(file);
    if (problem) {
      setError(problem === 'size' ? t`Max file size is 10\u00a0MB` : t`The file must be a JPG or PNG image.`);
      return;
    }
    setError(null);
    void reader.read(file);
  };

  const next = () => {
    if (!image) {
      setError(t`Please select an image of your ID card`);
      input.current?.focus();
      return;
    }
    void navigate({ to: '/register/personal-information' });
  };

  return (
    <Stack gap={4}>
      <p className={styles.note}>
        <Trans>Choose a clear photo of the front of your ID card, with all four corners visible.</Trans>
      </p>
      <div className={`${styles.preview} ${preview ? '' : styles.empty}`}>
        {preview ? (
          <img src={preview} alt={t`Your ID card`} />
        ) : (
          <>
            <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
              <rect x="3" y="5" width="18" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
              <circle cx="8.5" cy="11" r="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
              <path d="M13 10h5M13 13h5M6 16h12" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
            </svg>
            <span>
              <Trans>No image chosen yet</Trans>
            </span>
          </>
        )}
      </div>
      {image && (
        <p className={styles.note}>
          <Trans>Image to send: {sentSize}</Trans>
        </p>
      )}
      <input
        ref={input}
        id="id-card-file"
        type="file"
        accept={acceptAttribute('id_card')}
        className={styles.fileInput}
        aria-label={t`ID card image`}
        aria-describedby={error ? 'id-card-error' : undefined}
        onChange={(e) => {
          void onFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <Button variant="secondary" wide onPress={() => input.current?.click()} isDisabled={reader.busy}>
        {image ? <Trans>Choose another image</Trans> : <Trans>Choose image</Trans>}
      </Button>
      {error && (
        <p id="id-card-error" role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <ReadingStatus state={reader.state.status === 'idle' ? earlier : reader.state} />
      <Button wide onPress={next} isDisabled={reader.busy}>
        <Trans>Next</Trans>
      </Button>
    </Stack>
  );
}
