import { Trans, useLingui } from '@lingui/react/macro';
import { useRouterState } from '@tanstack/react-router';
import { useConnectivity } from '../../lib/connectivity';
import { formatDateTime } from '../../lib/format';
import { oldestCopyShown, useOfflineCopies } from '../../lib/offline-copies';
import { Banner } from './banner';
import { Button } from './button';

/**
 * Above a screen that shows data kept on the device instead of fresh data: how old it is. Once the
 * connection is back, one press loads the screen afresh. Drawn by Page, so every screen has it.
 */
export function OfflineNotice() {
  const { i18n } = useLingui();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const savedAt = useOfflineCopies((s) => oldestCopyShown(s.shown, pathname));
  const online = useConnectivity((s) => s.status === 'online');
  if (savedAt === null) return null;
  const time = formatDateTime(new Date(savedAt).toISOString(), i18n.locale);
  return (
    <Banner tone="info" focusOnShow={false}>
      {online ? (
        <>
          <Trans>Back online — showing data from {time}</Trans>{' '}
          <Button variant="ghost" onPress={() => window.location.reload()}>
            <Trans>Refresh</Trans>
          </Button>
        </>
      ) : (
        <Trans>Offline — showing data from {time}</Trans>
      )}
    </Banner>
  );
}
