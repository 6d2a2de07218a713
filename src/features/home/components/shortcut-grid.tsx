import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ComingSoonDialog } from '../../../components/layout/coming-soon-dialog';
import { ShortcutIcon, type ShortcutIconName } from './shortcut-icons';
import styles from './shortcut-grid.module.css';

type Shortcut = { icon: ShortcutIconName; label: MessageDescriptor } & (
  { to: '/resident-certificate' | '/customer-services' } | { to?: undefined }
);

/** The 8 shortcuts of the home screen in the order of the specification; six are not available yet. */
const SHORTCUTS: Shortcut[] = [
  { icon: 'cv', label: msg`Biography CV` },
  { icon: 'guarantee', label: msg`Guarantee certificate` },
  { icon: 'general', label: msg`General application` },
  { icon: 'resident', label: msg`Resident certificate`, to: '/resident-certificate' },
  { icon: 'proposal', label: msg`Proposal form` },
  { icon: 'birth', label: msg`Birth certificate` },
  { icon: 'death', label: msg`Death certificate` },
  { icon: 'support', label: msg`Customer services`, to: '/customer-services' },
];

export function ShortcutGrid() {
  const { i18n } = useLingui();
  const [comingSoon, setComingSoon] = useState(false);
  return (
    <section aria-labelledby="services-title" className={styles.section}>
      <h2 id="services-title" className={styles.heading}>
        <Trans>Services</Trans>
      </h2>
      <ul className={styles.grid}>
        {SHORTCUTS.map((s) => {
          const body = (
            <>
              <span className={styles.icon}>
                <ShortcutIcon name={s.icon} />
              </span>
              <span className={styles.label}>{i18n._(s.label)}</span>
              {!s.to && (
                <span className={styles.soon}>
                  <Trans>Soon</Trans>
                </span>
              )}
            </>
          );
          return (
            <li key={s.icon}>
              {s.to ? (
                <Link to={s.to} className={`${styles.tile} ${styles.available}`}>
                  {body}
                </Link>
              ) : (
                <button type="button" className={styles.tile} onClick={() => setComingSoon(true)}>
                  {body}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <ComingSoonDialog isOpen={comingSoon} onClose={() => setComingSoon(false)} />
    </section>
  );
}
