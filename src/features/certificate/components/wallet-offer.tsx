import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { WalletOffer } from '../../../../contract/wallet';
import { Card } from '../../../components/layout/page';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { formatDateTime } from '../../../lib/format';
import { createWalletOffer } from '../api/wallet-offer';
import styles from './wallet-offer.module.css';

/**
 * "Add to a wallet": an OpenID4VCI credential offer as a QR code and a link, and the PIN the wallet
 * asks for (docs/architecture.md#the-certificate-in-a-wallet). The QR generator is loaded only here,
 * when the citizen asks for an offer: no public screen carries it.
 */
export function WalletOfferCard({ id }: { id: number }) {
  const { t, i18n } = useLingui();
  const [offer, setOffer] = useState<WalletOffer | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!offer) return;
    let live = true;
    void import('qrcode').then(({ toDataURL }) =>
      toDataURL(offer.offer_url, { errorCorrectionLevel: 'L', margin: 2, width: 480 }).then((url) => {
        if (live) setQr(url);
      }),
    );
    return () => {
      live = false;
    };
  }, [offer]);

  async function make() {
    setPending(true);
    setFailed(false);
    setQr(null);
    try {
      setOffer(await createWalletOffer(id));
    } catch {
      setFailed(true);
    } finally {
      setPending(false);
    }
  }

  return (
    <Card as="section">
      <h3 id="wallet-title" className={styles.title}>
        <Trans>Add to a wallet</Trans>
      </h3>
      {!offer && (
        <>
          <p className={styles.muted}>
            <Trans>
              Keep your certificate in a digital wallet app on your phone. You choose what to show each time: for
              example only your name and village.
            </Trans>
          </p>
          {failed && (
            <Banner tone="error" onDismiss={() => setFailed(false)}>
              <Trans>The wallet offer could not be made. Please try again.</Trans>
            </Banner>
          )}
          <Button variant="secondary" onPress={make} pending={pending} pendingLabel={t`Preparing…`} wide>
            <Trans>Add to a wallet</Trans>
          </Button>
        </>
      )}
      {offer && (
        <div className={styles.offer} data-testid="wallet-offer">
          <p>
            <Trans>Scan this code with your wallet app, or open the link on this phone.</Trans>
          </p>
          <div className={styles.qr}>
            {qr ? (
              <img src={qr} width={240} height={240} alt={t`Wallet offer QR code`} />
            ) : (
              <span className={styles.qrPlaceholder} aria-busy="true" />
            )}
          </div>
          <a className={styles.link} href={offer.offer_url}>
            <Trans>Open in my wallet app</Trans>
          </a>
          <div className={styles.pinBox}>
            <p className={styles.pinLabel}>
              <Trans>PIN for your wallet</Trans>
            </p>
            <p className={styles.pin} data-testid="wallet-pin">
              {offer.tx_code}
            </p>
            <CopyButton value={offer.tx_code} what={t`PIN`} />
          </div>
          <p className={styles.muted}>
            <Trans>
              Type this PIN when your wallet asks for it. Do not share it. The offer works once, until{' '}
              {formatDateTime(offer.expires_at, i18n.locale)}.
            </Trans>
          </p>
          <Button variant="ghost" onPress={make} pending={pending} pendingLabel={t`Preparing…`} wide>
            <Trans>Make a new offer</Trans>
          </Button>
        </div>
      )}
    </Card>
  );
}
