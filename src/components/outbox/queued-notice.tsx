import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Banner } from '../ui/banner';

/**
 * Said plainly, not as an error: the request is safe on the phone. `confirming`: it may already
 * have reached the server and the answer was lost — the outbox settles it with the same key.
 */
export function QueuedNotice({ confirming, outboxLink = true }: { confirming: boolean; outboxLink?: boolean }) {
  return (
    <Banner tone="info" focusOnShow>
      <p>
        {confirming ? (
          <Trans>
            Being confirmed — the connection dropped before the answer came back. It will be checked automatically; you
            do not need to send it again.
          </Trans>
        ) : (
          <Trans>Saved on this phone — it will be sent when you are back online.</Trans>
        )}
      </p>
      {outboxLink && (
        <Link to="/outbox">
          <Trans>See the outbox</Trans>
        </Link>
      )}
    </Banner>
  );
}
