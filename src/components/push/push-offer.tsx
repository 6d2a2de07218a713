import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Card, Stack } from '../layout/page';
import { Banner } from '../ui/banner';
import { Button } from '../ui/button';
import { askAndTurnOn, hasBrowserSubscription, pushSupported } from './push-support';
import styles from './push.module.css';

const DISMISSED_KEY = 'push-offer-dismissed';

/**
 * The offer of notifications on this phone, shown once an application was sent (never on a first
 * screen, never asking by itself): the permission prompt comes only from the citizen's press.
 */
export function PushOffer() {
  const [state, setState] = useState<'hidden' | 'offer' | 'busy' | 'on' | 'blocked' | 'failed'>('hidden');
  useEffect(() => {
    if (!pushSupported() || Notification.permission === 'denied' || localStorage.getItem(DISMISSED_KEY)) return;
    let live = true;
    void hasBrowserSubscription()
      .catch(() => false)
      .then((has) => live && !has && setState('offer'));
    return () => {
      live = false;
    };
  }, []);
  if (state === 'hidden') return null;
  const turnOn = async () => {
    setState('busy');
    try {
      const permission = await askAndTurnOn();
      setState(permission === 'granted' ? 'on' : 'blocked');
    } catch {
      setState('failed');
    }
  };
  const notNow = () => {
    localStorage.setItem(DISMISSED_KEY, '1');
    setState('hidden');
  };
  return (
    <Card as="section">
      <Stack gap={3}>
        <h2 className={styles.title}>
          <Trans>Get a notification on this phone when your application changes</Trans>
        </h2>
        {state === 'on' ? (
          <Banner tone="success">
            <Trans>Notifications are on for this phone. You can turn them off in your account.</Trans>
          </Banner>
        ) : state === 'blocked' ? (
          <Banner tone="warning">
            <Trans>Notifications are blocked for this app in the browser settings.</Trans>
          </Banner>
        ) : (
          <>
            <p className={styles.note}>
              <Trans>
                We will tell you when your payment is confirmed, when an officer needs more information, when your
                application is approved and when your certificate is ready. Emails still come as before.
              </Trans>
            </p>
            {state === 'failed' && (
              <Banner tone="error">
                <Trans>Notifications could not be turned on. Please try again.</Trans>
              </Banner>
            )}
            <Button variant="secondary" wide pending={state === 'busy'} onPress={() => void turnOn()}>
              <Trans>Turn on notifications</Trans>
            </Button>
            <Button variant="ghost" wide onPress={notNow}>
              <Trans>Not now</Trans>
            </Button>
          </>
        )}
      </Stack>
    </Card>
  );
}
