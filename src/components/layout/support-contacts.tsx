import { useEffect, useId, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { fetchSupportContacts, type SupportContacts as Contacts } from '../../lib/master-data';
import { Skeleton } from '../ui/skeleton';
import styles from './support-contacts.module.css';

/** Customer-service lines (phone, e-mail, messaging app) from the server's configuration. */
export function SupportContacts({ title }: { title?: React.ReactNode }) {
  const titleId = useId();
  const [contacts, setContacts] = useState<Contacts | null>(null);
  useEffect(() => {
    fetchSupportContacts().then(setContacts, () => undefined);
  }, []);
  const whatsappLink = contacts ? `https://wa.me/${contacts.whatsapp.replace(/\D/g, '')}` : '';
  return (
    <section className={styles.box} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {title ?? <Trans>Need help? Contact customer service</Trans>}
      </h2>
      {contacts ? (
        <ul className={styles.list}>
          <li>
            <span className={styles.label}>
              <Trans>Phone</Trans>
            </span>{' '}
            <a href={`tel:${contacts.phone.replace(/\s/g, '')}`}>{contacts.phone}</a>
          </li>
          <li>
            <span className={styles.label}>
              <Trans>Email</Trans>
            </span>{' '}
            <a href={`mailto:${contacts.email}`}>{contacts.email}</a>
          </li>
          <li>
            <span className={styles.label}>WhatsApp</span>{' '}
            <a href={whatsappLink} rel="noopener noreferrer">
              {contacts.whatsapp}
            </a>
          </li>
        </ul>
      ) : (
        <div className={styles.list} aria-hidden="true">
          <Skeleton width="70%" />
          <Skeleton width="60%" />
          <Skeleton width="65%" />
        </div>
      )}
    </section>
  );
}
