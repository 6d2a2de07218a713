import { Trans } from '@lingui/react/macro';
import { createRootRoute, Outlet } from '@tanstack/react-router';
import { DocumentTitle } from '../components/layout/document-title';
import { NotFound } from '../components/layout/not-found';
import { UpdatePrompt } from '../components/layout/update-prompt';

export const Route = createRootRoute({
  component: () => (
    <>
      <DocumentTitle />
      <a href="#main" className="skip-link">
        <Trans>Skip to content</Trans>
      </a>
      <Outlet />
      <UpdatePrompt />
    </>
  ),
  notFoundComponent: NotFound,
});
