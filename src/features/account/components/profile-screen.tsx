import { Trans, useLingui } from '@lingui/react/macro';
import { AppHeader } from '../../../components/layout/app-header';
import { CitizenBadge } from '../../../components/layout/citizen-badge';
import { Card, Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { SkeletonCard } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/error-messages';
import { useProfileOrSignOut } from '../../../lib/profile';
import { ProfileForm } from './profile-form';

/** /profile: loads the profile, then the form (skeleton meanwhile). */
export function ProfileScreen() {
  const { t } = useLingui();
  const state = useProfileOrSignOut();
  return (
    <Page header={<AppHeader title={t`Profile`} back="/account" bell />}>
      <div>
        <CitizenBadge />
      </div>
      {state.status === 'ready' ? (
        <ProfileForm profile={state.profile} />
      ) : state.status === 'failed' ? (
        <Card>
          <p role="alert">{errorMessage(state.error)}</p>
          <Button variant="secondary" onPress={state.reload}>
            <Trans>Try again</Trans>
          </Button>
        </Card>
      ) : (
        <div aria-busy="true">
          <p className="visually-hidden">
            <Trans>Loading your profile…</Trans>
          </p>
          <SkeletonCard lines={6} />
        </div>
      )}
    </Page>
  );
}
