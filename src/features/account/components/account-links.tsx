import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import styles from './account-links.module.css';
import { Chevron } from '../../../components/ui/chevron';

const LINKS: {
  to: '/profile' | '/change-password' | '/customer-services' | '/term-conditions';
  label: MessageDescriptor;
  icon: string;
}[] = [
  { to: '/profile', label: msg`Profile`, icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0' },
  { to: '/change-password', label: msg`Change password`, icon: 'M6 11h12v10H6zM9 11V8a3 3 0 0 1 6 0v3M12 15v2' },
  {
    to: '/customer-services',
    label: msg`Customer services`,
    icon: 'M4 13v-1a8 8 0 0 1 16 0v1M4 13h3v5H5a1 1 0 0 1-1-1zM20 13h-3v5h2a1 1 0 0 0 1-1z',
  },
  { to: '/term-conditions', label: msg`Terms and conditions`, icon: 'M6 3h9l4 4v14H6zM15 3v4h4M9 12h6M9 16h6' },
];

/** The account links, each a full-width row (large touch target). */
export function AccountLinks() {
  const { t, i18n } = useLingui();
  return (
    <nav aria-label={t`Account settings`}>
      <ul className={styles.list}>
        {LINKS.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className={styles.row}>
              <svg className={styles.icon} viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <path
                  d={l.icon}
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              <span className={styles.label}>{i18n._(l.label)}</span>
              <Chevron size={18} />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
