import { Trans } from '@lingui/react/macro';
import { AppHeader } from '../../components/layout/app-header';
import { Card, Page, Stack } from '../../components/layout/page';
import { Banner } from '../../components/ui/banner';
import type { ReactNode } from 'react';
import styles from './sign-in.module.css';

/**
 * /officer-enrol#token: the one-time link `npm run officer:create` prints. The password comes
 * first; the next screen then creates the passkey with the link's token.
 */
export function EnrolScreen({ hasToken, loginForm }: { hasToken: boolean; loginForm: ReactNode }) {
  return (
    <Page header={<AppHeader title={<Trans>Set up your passkey</Trans>} back={false} />}>
      <Stack gap={4}>
        {hasToken ? (
          <Card>
            <p className={styles.intro}>
              <Trans>
                Welcome. To open the back office you need your password and a passkey on this device. First log in with
                your email and password.
              </Trans>
            </p>
          </Card>
        ) : (
          <Banner tone="error">
            <Trans>This enrolment link is invalid, used or expired. Ask an administrator for a new one.</Trans>
          </Banner>
        )}
        {hasToken && loginForm}
      </Stack>
    </Page>
  );
}
