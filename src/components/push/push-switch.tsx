import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Card } from '../layout/page';
import { Banner } from '../ui/banner';
import { Switch } from '../ui/switch';
import { askAndTurnOn, hasBrowserSubscription, loadPush, pushSupported } from './push-support';
import styles from './push.module.css';

/** The switch of notifications on this phone (account screen): each device has its own. */
export function PushSwitch() {
  const supported = pushSupported();
  const [on, setOn] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<'blocked' | 'failed' | null>(
    supported && Notification.permission === 'denied' ? 'blocked' : null,
  );
  useEffect(() => {
    if (!supported) return;
    let live = true;
    // Only a device that holds a subscription asks the server whether it is still this citizen's.
    void hasBrowserSubscription()
      .then(async (has) => has && (await loadPush()).pushIsOn())
      .then((is) => live && setOn(is))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [supported]);
  const change = async (next: boolean) => {
    setBusy(true);
    setProblem(null);
    try {
      if (next) {
        const permission = await askAndTurnOn();
        if (permission !== 'granted') setProblem('blocked');
        setOn(permission === 'granted');
      } else {
        await (await loadPush()).turnPushOff();
        setOn(false);
      }
    } catch {
      setProblem('failed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card as="section">
      <h2 className={styles.title}>
        <Trans>Notifications on this phone</Trans>
      </h2>
      {!supported ? (
        <p className={styles.note}>
          <Trans>This browser cannot show notifications from the app.</Trans>
        </p>
      ) : (
        <>
          {problem === 'blocked' && (
            <Banner tone="warning">
              <Trans>Notifications are blocked for this app in the browser settings.</Trans>
            </Banner>
          )}
          {problem === 'failed' && (
            <Banner tone="error">
              <Trans>Notifications could not be changed. Please try again.</Trans>
            </Banner>
          )}
          <Switch isSelected={on} onChange={(next) => void change(next)} isDisabled={busy}>
            <Trans>Tell me on this phone when my application changes.</Trans>
          </Switch>
          <p className={styles.note}>
            <Trans>This setting is for this phone only. Emails still come as before.</Trans>
          </p>
        </>
      )}
    </Card>
  );
}
