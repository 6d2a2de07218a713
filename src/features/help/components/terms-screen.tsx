import { useLingui } from '@lingui/react/macro';
import { AppHeader } from '../../../components/layout/app-header';
import { Card, Page } from '../../../components/layout/page';
import { SupportContacts } from '../../../components/layout/support-contacts';
import { TERMS_SECTIONS } from './terms-sections';
import styles from './help.module.css';

/** /term-conditions: the 8 sections; the contact section lists the configured support contacts. */
export function TermsScreen() {
  const { t, i18n } = useLingui();
  return (
    <Page header={<AppHeader title={t`Terms and conditions`} bell />}>
      <Card className={styles.terms}>
        {TERMS_SECTIONS.map((s) => (
          <section key={s.id} aria-labelledby={`terms-${s.id}`}>
            <h2 id={`terms-${s.id}`}>{i18n._(s.title)}</h2>
            {s.body.map((p, i) => (
              <p key={i}>{i18n._(p)}</p>
            ))}
          </section>
        ))}
      </Card>
      <SupportContacts title={t`Customer service`} />
    </Page>
  );
}
