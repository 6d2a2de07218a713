import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { AppHeader } from '../../../components/layout/app-header';
import { BottomNav } from '../../../components/layout/bottom-nav';
import { ComingSoonDialog } from '../../../components/layout/coming-soon-dialog';
import { Card, Page } from '../../../components/layout/page';

/** /news is only a bottom-bar target: it opens the coming-soon notice; Close goes home. */
export function NewsScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  return (
    <Page header={<AppHeader title={t`News`} back="/home" bell />} bottomBar={<BottomNav />}>
      <Card>
        <p>
          <Trans>This service is not available yet. We are working on it and will let you know when it opens.</Trans>
        </p>
      </Card>
      <ComingSoonDialog isOpen onClose={() => void navigate({ to: '/home', replace: true })} />
    </Page>
  );
}
