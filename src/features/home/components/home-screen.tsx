import { Trans } from '@lingui/react/macro';
import { useEffect } from 'react';
import { AppHeader } from '../../../components/layout/app-header';
import { BottomNav } from '../../../components/layout/bottom-nav';
import { Page } from '../../../components/layout/page';
import { saveAccountLanguage } from '../../../lib/account-language';
import { currentLanguage } from '../../../lib/i18n';
import { useProfileOrSignOut } from '../../../lib/profile';
import { HomeHero } from './home-hero';
import { PromoCarousel } from './promo-carousel';
import { ShortcutGrid } from './shortcut-grid';
import { WelcomeCard } from './welcome-card';
import styles from './home-screen.module.css';

/** /home: hero (wide) or welcome card (small), the 8 shortcuts, the promo cards and the bottom bar. */
export function HomeScreen() {
  const profile = useProfileOrSignOut();
  // The server writes notifications and e-mails in the language the citizen actually uses.
  const serverLanguage = profile.profile?.language;
  useEffect(() => {
    if (serverLanguage && serverLanguage !== currentLanguage()) void saveAccountLanguage(currentLanguage());
  }, [serverLanguage]);
  return (
    <Page
      wide
      header={<AppHeader back={false} title={<Trans>Lao e-Government</Trans>} bell />}
      bottomBar={<BottomNav />}
    >
      <HomeHero profile={profile.profile} />
      <div className={styles.column}>
        <WelcomeCard state={profile} onRetry={profile.reload} />
        <ShortcutGrid />
        <PromoCarousel />
      </div>
    </Page>
  );
}
