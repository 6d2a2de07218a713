import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { AppHeader } from '../../../components/layout/app-header';
import { Page } from '../../../components/layout/page';
import styles from './certificate-menu.module.css';
import { Chevron } from '../../../components/ui/chevron';

const icon = (d: string) => (
  <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
    <path d={d} fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

function Entry({
  to,
  title,
  text,
  glyph,
}: {
  to: '/application-resident-certificate' | '/history-applied-before' | '/application-history';
  title: ReactNode;
  text: ReactNode;
  glyph: ReactNode;
}) {
  return (
    <li>
      <Link to={to} className={styles.entry}>
        <span className={styles.icon}>{glyph}</span>
        <span className={styles.text}>
          <span className={styles.title}>{title}</span>
          <span className={styles.description}>{text}</span>
        </span>
        <Chevron className={styles.chevron} />
      </Link>
    </li>
  );
}

/** /resident-certificate: apply, apply again after a rejection, or follow past applications. */
export function CertificateMenu() {
  return (
    <Page header={<AppHeader title={<Trans>Resident certificate</Trans>} back="/home" bell />}>
      <p className={styles.lead}>
        <Trans>
          An official certificate of where you live. Apply online in 3 steps and pay the fee by bank transfer.
        </Trans>
      </p>
      <ul className={styles.list}>
        <Entry
          to="/application-resident-certificate"
          title={<Trans>New certificate</Trans>}
          text={<Trans>Fill in your data, attach 3 documents and pay the fee.</Trans>}
          glyph={icon('M12 5v14M5 12h14')}
        />
        <Entry
          to="/history-applied-before"
          title={<Trans>Applied before</Trans>}
          text={<Trans>Apply again after a rejected application.</Trans>}
          glyph={icon('M4 12a8 8 0 1 0 3-6.2M4 4v4h4')}
        />
        <Entry
          to="/application-history"
          title={<Trans>Application history</Trans>}
          text={<Trans>Follow the status of your applications.</Trans>}
          glyph={icon('M7 4h10v16H7zM10 8h4M10 12h4M10 16h2')}
        />
      </ul>
    </Page>
  );
}
