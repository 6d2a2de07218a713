import { Trans } from '@lingui/react/macro';
import { useAppUpdate } from '../../lib/service-worker';
import { Button } from '../ui/button';
import styles from './update-prompt.module.css';

/** Offered when a new version of the app has been downloaded in the background. */
export default function UpdateBanner() {
  const { deferred, apply } = useAppUpdate();
  return (
    <div className={styles.prompt} role="status">
      {deferred ? (
        <span>
          <Trans>The app updates as soon as your request is sent.</Trans>
        </span>
      ) : (
        <>
          <span>
            <Trans>A new version of the app is ready.</Trans>
          </span>
          <Button variant="secondary" onPress={apply}>
            <Trans>Update</Trans>
          </Button>
        </>
      )}
    </div>
  );
}
