import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { AppHeader } from '../../components/layout/app-header';
import { Card, Page, Stack } from '../../components/layout/page';
import { Banner } from '../../components/ui/banner';
import { ButtonLink } from '../../components/ui/native-button';
import { enrolToken, holdEnrolToken } from './pending';
import styles from '../../components/forms/public-form.module.css';

/**
 * /officer-enrol#token: the one-time link `npm run officer:create` prints. The token rides in the
 * address's fragment (#…), which is never sent to the server nor written in its logs; it is taken
 * into this tab's storage and wiped from the address bar. The password comes next (on /login),
 * then the second step creates the passkey with the token.
 */
export function OfficerEnrol() {
  const navigate = useNavigate();
  const { hash } = useLocation();
  const [hasToken] = useState(() => {
    const token = hash.replace(/^#/, '');
    if (/^[A-Za-z0-9_-]{43}$/.test(token)) holdEnrolToken(token);
    return !!enrolToken();
  });
  useEffect(() => {
    if (hash) void navigate({ to: '/officer-enrol', hash: '', replace: true });
  }, [hash, navigate]);

  return (
    <Page header={<AppHeader title={<Trans>Set up your passkey</Trans>} back={false} />}>
      <Stack gap={4}>
        {hasToken ? (
          <>
            <Card>
              <p className={styles.intro}>
                <Trans>
                  Welcome. To open the back office you need your password and a passkey on this device. First log in
                  with your email and password.
                </Trans>
              </p>
            </Card>
            <ButtonLink to="/login" wide>
              <Trans>Continue to login</Trans>
            </ButtonLink>
          </>
        ) : (
          <Banner tone="error">
            <Trans>This enrolment link is invalid, used or expired. Ask an administrator for a new one.</Trans>
          </Banner>
        )}
      </Stack>
    </Page>
  );
}
