import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { AppHeader } from './app-header';
import { Card, Page } from './page';

/** A screen whose feature is still being built: the route and its guard already work. */
export function PlaceholderScreen({ title }: { title: ReactNode }) {
  return (
    <Page header={<AppHeader title={title} bell />}>
      <Card>
        <p><Trans>This screen is being prepared.</Trans></p>
      </Card>
    </Page>
  );
}
