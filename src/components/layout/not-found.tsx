import { Trans } from '@lingui/react/macro';
import { ButtonLink } from '../ui/native-button';
import { AppHeader } from './app-header';
import { Page, Stack } from './page';
import styles from './not-found.module.css';

/** Any unknown path: a 404 page with a way back home. */
export function NotFound() {
  return (
    <Page header={<AppHeader back={false} title={<Trans>Page not found</Trans>} />}>
      <Stack gap={5} className={styles.body}>
        <p className={styles.code} aria-hidden="true">
          404
        </p>
        <h2>
          <Trans>We could not find this page</Trans>
        </h2>
        <p>
          <Trans>The address may be mistyped, or the page has moved.</Trans>
        </p>
        <ButtonLink to="/home" wide>
          <Trans>Back to home</Trans>
        </ButtonLink>
      </Stack>
    </Page>
  );
}
