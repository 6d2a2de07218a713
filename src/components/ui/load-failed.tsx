import { Trans } from '@lingui/react/macro';
import { errorMessage } from '../../lib/error-messages';
import { Banner } from './banner';
import { Button } from './button';

/** What went wrong loading a screen's data, and the way on: try again (a lost connection never signs out). */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry(): void }) {
  return (
    <Banner tone="error">
      {errorMessage(error)}{' '}
      <Button variant="ghost" onPress={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </Banner>
  );
}
