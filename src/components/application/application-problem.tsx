import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Banner } from '../ui/banner';
import { LoadFailed } from '../ui/load-failed';

/**
 * Why an application's screen shows no application: not found (a wrong or foreign id, with the way
 * back: the citizen's applications unless `back` says otherwise), or a failure "Try again" may fix.
 */
export function ApplicationProblem({
  state,
  back,
}: {
  state: { status: string; error: unknown; reload(): void };
  back?: ReactNode;
}) {
  if (state.status === 'failed') return <LoadFailed error={state.error} onRetry={state.reload} />;
  if (state.status !== 'not-found') return null;
  return (
    <Banner tone="error">
      <Trans>This application was not found.</Trans>{' '}
      {back ?? (
        <Link to="/application-history">
          <Trans>See your applications</Trans>
        </Link>
      )}
    </Banner>
  );
}
