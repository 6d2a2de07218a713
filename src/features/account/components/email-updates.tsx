import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { Profile } from '../../../../contract/profile';
import { Card } from '../../../components/layout/page';
import { Banner } from '../../../components/ui/banner';
import { Switch } from '../../../components/ui/switch';
import { api } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-messages';
import { rememberProfile } from '../../../lib/profile';
import styles from './account-screen.module.css';

/**
 * The switch for optional e-mails. Mails that need the citizen (a refused proof, a rejection, a
 * revoked certificate) always go; the in-app notifications stay either way.
 */
export function EmailUpdates({ profile }: { profile: Profile }) {
  const [on, setOn] = useState(profile.email_updates);
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => setOn(profile.email_updates), [profile.email_updates]);
  const change = async (next: boolean) => {
    setOn(next);
    setError(null);
    setSaving(true);
    try {
      await api('/v1/citizen/user/email-updates', { body: { email_updates: next } });
      rememberProfile({ ...profile, email_updates: next });
    } catch (err) {
      setOn(!next);
      setError(err);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card as="section">
      <h2 className={styles.settingTitle}>
        <Trans>Email updates</Trans>
      </h2>
      {error !== null && <Banner tone="error">{errorMessage(error)}</Banner>}
      <Switch isSelected={on} onChange={(next) => void change(next)} isDisabled={saving}>
        <Trans>
          Also send me emails when my payment is confirmed, when my certificate is ready and the day before my pick-up.
        </Trans>
      </Switch>
      <p className={styles.settingNote}>
        <Trans>
          Emails that need you — a refused proof of payment, a rejected application, a revoked certificate — are always
          sent.
        </Trans>
      </p>
    </Card>
  );
}
