import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { toGroupedPhone } from '../../../../contract/rules';
import { AppHeader } from '../../../components/layout/app-header';
import { BottomNav } from '../../../components/layout/bottom-nav';
import { CitizenBadge } from '../../../components/layout/citizen-badge';
import { Card, Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/error-messages';
import { useProfileOrSignOut } from '../../../lib/profile';
import { AccountLinks } from './account-links';
import { EmailUpdates } from './email-updates';
import { PushSwitch } from '../../../components/push/push-switch';
import { LogoutDialog } from './logout-dialog';
import { Passkeys } from './passkeys';
import styles from './account-screen.module.css';

/** /account: greeting with name, phone and badge; links; logout with a yes/no confirmation. */
export function AccountScreen() {
  const { t } = useLingui();
  const state = useProfileOrSignOut();
  const [confirming, setConfirming] = useState(false);
  const p = state.profile;
  const firstName = p?.first_name;
  const lastName = p?.last_name;
  return (
    <Page header={<AppHeader title={t`Account`} back="/home" bell />} bottomBar={<BottomNav />}>
      <Card className={styles.greeting}>
        {p ? (
          <>
            <span className={styles.avatar} aria-hidden="true">
              {(p.first_name[0] ?? '') + (p.last_name[0] ?? '')}
            </span>
            <div className={styles.who}>
              <h2 className={styles.name}>
                <Trans>
                  Hello, {firstName} {lastName}
                </Trans>
              </h2>
              {p.phone_number && <p className={styles.phone}>+856 {toGroupedPhone(p.phone_number)}</p>}
              <CitizenBadge />
            </div>
          </>
        ) : state.status === 'failed' ? (
          <div className={styles.who} role="alert">
            <p>{errorMessage(state.error)}</p>
            <Button variant="secondary" onPress={state.reload}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        ) : (
          <div className={styles.who} aria-busy="true">
            <p className="visually-hidden">
              <Trans>Loading your profile…</Trans>
            </p>
            <Skeleton width="60%" height={22} />
            <Skeleton width="45%" height={14} />
            <Skeleton width={80} height={20} radius={999} />
          </div>
        )}
      </Card>
      <AccountLinks />
      {p && <EmailUpdates profile={p} />}
      {p && <PushSwitch />}
      {p && <Passkeys />}
      <Button variant="secondary" wide onPress={() => setConfirming(true)}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            d="M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <Trans>Log out</Trans>
      </Button>
      <LogoutDialog isOpen={confirming} onClose={() => setConfirming(false)} />
      <p className={styles.more}>
        <Link to="/faq">
          <Trans>Frequently asked questions</Trans>
        </Link>
      </p>
    </Page>
  );
}
