import { Trans } from '@lingui/react/macro';
import type { Profile } from '../../../../contract/profile';
import { CitizenBadge } from '../../../components/layout/citizen-badge';
import styles from './home-hero.module.css';

/** Wide screens: the banner with the headline and the 'all in one place' tagline. */
export function HomeHero({ profile }: { profile: Profile | null }) {
  const firstName = profile?.first_name;
  const lastName = profile?.last_name;
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={styles.inner}>
        {profile && (
          <p className={styles.greeting}>
            <span>
              <Trans>
                Welcome back, {firstName} {lastName}
              </Trans>
            </span>
            <CitizenBadge />
          </p>
        )}
        <h2 id="hero-title" className={styles.title}>
          <Trans>Government services for every citizen of Laos</Trans>
        </h2>
        <p className={styles.tagline}>
          <Trans>Certificates, applications and payments — all in one place.</Trans>
        </p>
      </div>
    </section>
  );
}
