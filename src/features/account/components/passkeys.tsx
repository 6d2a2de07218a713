import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { ErrorCode } from '../../../../contract/errors';
import type { Passkey } from '../../../../contract/passkeys';
import { Card } from '../../../components/layout/page';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/forms/password-field';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-messages';
import { formatDate } from '../../../lib/format';
import { addPasskey, listPasskeys, removePasskey } from '../api/passkeys';
import styles from './account-screen.module.css';

const PASSKEY_ERRORS = { [ErrorCode.passkeyFailed]: msg`The passkey could not be added. Try again.` };

/**
 * Passkeys of this account: a citizen may add one (the phone's fingerprint, face or screen lock)
 * and then log in without the password; each can be removed. The password keeps working, and is
 * asked again before a passkey is added or removed (a session left open is not enough).
 */
export function Passkeys() {
  const { t } = useLingui();
  const [keys, setKeys] = useState<Passkey[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  useEffect(() => {
    listPasskeys().then(
      ({ data }) => setKeys(data),
      (err: unknown) => setFailure(errorMessage(err)),
    );
  }, []);

  async function run(action: () => Promise<Passkey[]>) {
    setFailure(null);
    setPasswordError(undefined);
    if (!password) {
      setPasswordError(t`Type your password first.`);
      return;
    }
    setBusy(true);
    try {
      setKeys(await action());
      setPassword('');
    } catch (err) {
      // The device's own refusal (cancelled, timed out) is not the server's.
      if (!(err instanceof ApiError) && err instanceof Error && ['NotAllowedError', 'AbortError'].includes(err.name))
        setFailure(t`The passkey was not created.`);
      else if (!(err instanceof ApiError) && err instanceof Error)
        setFailure(t`This device could not create a passkey.`);
      else if (err instanceof ApiError && err.code === ErrorCode.wrongPassword)
        setPasswordError(t`The password is wrong.`);
      else setFailure(errorMessage(err, PASSKEY_ERRORS));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card as="section">
      <h2 className={styles.settingTitle}>
        <Trans>Passkeys</Trans>
      </h2>
      <p className={styles.settingNote}>
        <Trans>
          With a passkey you log in with this phone&apos;s fingerprint, face or screen lock instead of your password.
          Your password keeps working.
        </Trans>
      </p>
      {failure && (
        <Banner tone="error" onDismiss={() => setFailure(null)}>
          {failure}
        </Banner>
      )}
      {keys && keys.length > 0 && (
        <ul className={styles.passkeys}>
          {keys.map((key, i) => (
            <li key={key.id} className={styles.passkey}>
              <span>
                <Trans>Passkey {i + 1}</Trans>
                <br />
                <small className={styles.settingNote}>
                  {key.last_used_at ? (
                    <Trans>
                      Added {formatDate(key.created_at)}, last used {formatDate(key.last_used_at)}
                    </Trans>
                  ) : (
                    <Trans>Added {formatDate(key.created_at)}, not used yet</Trans>
                  )}
                </small>
              </span>
              <Button
                variant="ghost"
                isDisabled={busy}
                aria-label={t`Remove passkey ${i + 1}`}
                onPress={() =>
                  void run(async () => {
                    await removePasskey(key.id, password);
                    return (await listPasskeys()).data;
                  })
                }
              >
                <Trans>Remove</Trans>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <PasswordField
        label={t`Your password (asked to add or remove a passkey)`}
        autoComplete="current-password"
        value={password}
        error={passwordError}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Button
        variant="secondary"
        wide
        isDisabled={busy}
        onPress={() => void run(async () => (await addPasskey(password)).data)}
      >
        {busy ? <Trans>Waiting for the device...</Trans> : <Trans>Add a passkey</Trans>}
      </Button>
    </Card>
  );
}
