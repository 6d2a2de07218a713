import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import { AppHeader } from '../../../components/layout/app-header';
import { Card, Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/error-messages';
import { fetchSupportContacts, type SupportContacts } from '../../../lib/master-data';
import styles from './help.module.css';

const icon = (d: string) => (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
    <path d={d} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);
const ICONS = {
  call: icon('M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2'),
  chat: icon('M4 5h16v11H8l-4 4zM8 9h8M8 12h5'),
  mail: icon('M3 6h18v12H3zM3 7l9 6 9-6'),
  faq: icon('M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14M12 17.5v.01'),
};

function Row({
  icon: i,
  title,
  detail,
  children,
}: {
  icon: ReactNode;
  title: ReactNode;
  detail?: ReactNode;
  children: (content: ReactNode) => ReactNode;
}) {
  return (
    <li>
      {children(
        <>
          <span className={styles.rowIcon}>{i}</span>
          <span className={styles.rowText}>
            <span className={styles.rowTitle}>{title}</span>
            {detail && <span className={styles.rowDetail}>{detail}</span>}
          </span>
        </>,
      )}
    </li>
  );
}

/** /customer-services: call, chat (messaging app), e-mail and the FAQ. Contacts come from configuration. */
export function CustomerServicesScreen() {
  const { t } = useLingui();
  const [contacts, setContacts] = useState<SupportContacts | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    fetchSupportContacts().then(
      (c) => live && setContacts(c),
      (err: unknown) => live && setFailure(err),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  return (
    <Page header={<AppHeader title={t`Customer services`} bell />}>
      <Card>
        <h2>
          <Trans>How can we help you?</Trans>
        </h2>
        <p>
          <Trans>
            Our officers answer questions about your account, your applications and payments. Call or chat with us, or
            read the answers to common questions.
          </Trans>
        </p>
      </Card>
      {contacts ? (
        <ul className={styles.rows}>
          <Row icon={ICONS.call} title={<Trans>Call us</Trans>} detail={<span dir="ltr">{contacts.phone}</span>}>
            {(c) => (
              <a className={styles.row} href={`tel:${contacts.phone.replace(/[^\d+]/g, '')}`}>
                {c}
              </a>
            )}
          </Row>
          <Row
            icon={ICONS.chat}
            title={<Trans>Chat with us on WhatsApp</Trans>}
            detail={<span dir="ltr">{contacts.whatsapp}</span>}
          >
            {(c) => (
              <a
                className={styles.row}
                href={`https://wa.me/${contacts.whatsapp.replace(/\D/g, '')}`}
                rel="noopener noreferrer"
                target="_blank"
              >
                {c}
                <span className="visually-hidden">
                  {' '}
                  <Trans>(opens WhatsApp)</Trans>
                </span>
              </a>
            )}
          </Row>
          <Row icon={ICONS.mail} title={<Trans>Email us</Trans>} detail={contacts.email}>
            {(c) => (
              <a className={styles.row} href={`mailto:${contacts.email}`}>
                {c}
              </a>
            )}
          </Row>
          <Row
            icon={ICONS.faq}
            title={<Trans>Frequently asked questions</Trans>}
            detail={<Trans>Answers to the most common questions</Trans>}
          >
            {(c) => (
              <Link className={styles.row} to="/faq">
                {c}
              </Link>
            )}
          </Row>
        </ul>
      ) : failure ? (
        <Card>
          <p role="alert">{errorMessage(failure)}</p>
          <Button
            variant="secondary"
            onPress={() => {
              setFailure(null);
              setAttempt((n) => n + 1);
            }}
          >
            <Trans>Try again</Trans>
          </Button>
        </Card>
      ) : (
        <div className={styles.rows} aria-busy="true">
          <p className="visually-hidden">
            <Trans>Loading…</Trans>
          </p>
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className={styles.row}>
              <Skeleton width={44} height={44} radius={22} />
              <Skeleton width="60%" />
            </div>
          ))}
        </div>
      )}
    </Page>
  );
}
