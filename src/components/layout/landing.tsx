import { Trans } from '@lingui/react/macro';
import { ButtonLink } from '../ui/native-button';
import { LanguageSwitcher } from './language-switcher';
import { OfflineIndicator } from './offline-indicator';
import styles from './landing.module.css';

const icon = (d: string) => (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
    <path d={d} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

/** The first screen an anonymous visitor sees: welcome, what the service does, then Login or Create account. */
export function Landing() {
  return (
    <div className={styles.screen}>
      <div className={styles.top}>
        <header className={styles.bar}>
          <span className={styles.brand}>
            <img src="/icons/favicon.svg" alt="" width="36" height="36" />
            <span>
              <Trans>Lao e-Government</Trans>
            </span>
          </span>
          <span className={styles.barEnd}>
            <OfflineIndicator tone="dark" />
            <LanguageSwitcher tone="dark" />
          </span>
        </header>
        <div className={styles.hero}>
          <p className={styles.welcome}>
            <Trans>Welcome to</Trans>
          </p>
          <h1 className={styles.title}>
            <Trans>Citizen services portal</Trans>
          </h1>
          <p className={styles.connect}>
            <Trans>
              Apply for your resident certificate online, pay by bank transfer and follow every step — from your phone,
              in Lao or English.
            </Trans>
          </p>
        </div>
      </div>
      <main id="main" className={styles.main} tabIndex={-1}>
        <ul className={styles.points}>
          <li>
            {icon('M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h4')}
            <span>
              <Trans>Apply for a resident certificate in three steps</Trans>
            </span>
          </li>
          <li>
            {icon('M3 7h18v10H3zM3 11h18M7 15h3')}
            <span>
              <Trans>Pay the fee by bank transfer to your own virtual account</Trans>
            </span>
          </li>
          <li>
            {icon('M12 8v5l3 2M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z')}
            <span>
              <Trans>Follow your application and download the certificate</Trans>
            </span>
          </li>
        </ul>
        <div className={styles.actions}>
          <ButtonLink to="/login" wide>
            <Trans>Login</Trans>
          </ButtonLink>
          <ButtonLink to="/register" variant="secondary" wide>
            <Trans>Create account</Trans>
          </ButtonLink>
        </div>
      </main>
      <footer className={styles.footer}>
        <Trans>Lao People's Democratic Republic · Peace Independence Democracy Unity Prosperity</Trans>
      </footer>
    </div>
  );
}
