import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Stack } from '../../../components/layout/page';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { useRegistrationDraft } from '../stores/registration-draft';
import { ReadingStatus } from './reading-status';
import { useCardReader, useEarlierReading, useReaderWarmUp } from './use-card-reader';
import { useObjectUrl } from './use-object-url';
import styles from './id-card.module.css';

/** Rear camera at 1080x1920 (as the specification asks); the browser gives the closest it has. */
const CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: { facingMode: { ideal: 'environment' }, width: { ideal: 1080 }, height: { ideal: 1920 } },
};

type Camera = 'starting' | 'live' | 'captured' | 'unavailable';

/** /register/foto: capture the card with the rear camera, retake if needed, and read it. */
export function IdCardCamera() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const image = useRegistrationDraft((s) => s.image);
  const preview = useObjectUrl(image);
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [camera, setCamera] = useState<Camera>(image ? 'captured' : 'starting');
  const reader = useCardReader();
  useReaderWarmUp();
  const earlier = useEarlierReading();

  const stop = useCallback(() => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
  }, []);

  const start = useCallback(async () => {
    setCamera('starting');
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera API');
      const media = await navigator.mediaDevices.getUserMedia(CONSTRAINTS);
      stream.current = media;
      if (video.current) {
        video.current.srcObject = media;
        await video.current.play().catch(() => undefined);
      }
      setCamera('live');
    } catch {
      setCamera('unavailable');
    }
  }, []);

  useEffect(() => {
    if (!useRegistrationDraft.getState().image) void start();
    return stop; // the camera light goes off when the screen is left
  }, [start, stop]);

  const capture = () => {
    const v = video.current;
    if (!v || !v.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    canvas.getContext('2d')?.drawImage(v, 0, 0);
    canvas.toBlob(
      (blob) => {
        if (!blob) return;
        stop();
        setCamera('captured');
        void reader.read(blob);
      },
      'image/jpeg',
      0.92,
    );
  };

  const retake = () => void start();

  return (
    <Stack gap={4}>
      <div className={styles.camera}>
        {camera === 'captured' && preview ? (
          <img src={preview} alt={t`Your ID card`} />
        ) : (
          <>
            <video ref={video} playsInline muted aria-label={t`Camera view`} />
            {camera === 'live' && (
              <div className={styles.guide} aria-hidden="true">
                <div className={styles.frame} />
                <p className={styles.guideText}>
                  <Trans>Fill the frame with the card</Trans>
                </p>
              </div>
            )}
          </>
        )}
      </div>
      {camera === 'unavailable' && (
        <Banner tone="warning">
          <Trans>
            The camera could not be opened. Allow camera access in your browser settings, or{' '}
            <Link to="/register/upload-id">upload an image instead</Link>.
          </Trans>
        </Banner>
      )}
      {camera === 'captured' ? (
        <Button variant="secondary" wide onPress={retake} isDisabled={reader.busy}>
          <Trans>Retake</Trans>
        </Button>
      ) : (
        <Button variant="secondary" wide onPress={capture} isDisabled={camera !== 'live'}>
          <Trans>Capture</Trans>
        </Button>
      )}
      <ReadingStatus state={reader.state.status === 'idle' ? earlier : reader.state} />
      <Button
        wide
        onPress={() => void navigate({ to: '/register/personal-information' })}
        isDisabled={reader.busy || !image || camera !== 'captured'}
      >
        <Trans>Next</Trans>
      </Button>
    </Stack>
  );
}
