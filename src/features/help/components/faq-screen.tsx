import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { AppHeader } from '../../../components/layout/app-header';
import { Card, Page } from '../../../components/layout/page';
import { TextField } from '../../../components/ui/field';
import { FAQ_ENTRIES } from './faq-entries';
import styles from './help.module.css';

const normalise = (s: string) => s.normalize('NFC').toLocaleLowerCase();

/** /faq: the 4 questions; the search box filters them as the citizen types (docs/decisions.md#faq-search-works). */
export function FaqScreen() {
  const { t, i18n } = useLingui();
  const [query, setQuery] = useState('');
  const entries = useMemo(
    () => FAQ_ENTRIES.map((e) => ({ id: e.id, question: i18n._(e.question), answer: e.answer.map((a) => i18n._(a)) })),
    [i18n],
  );
  const words = normalise(query).split(/\s+/).filter(Boolean);
  const shown = entries.filter((e) => {
    const text = normalise(`${e.question} ${e.answer.join(' ')}`);
    return words.every((w) => text.includes(w));
  });
  const count = shown.length;
  return (
    <Page header={<AppHeader title={t`FAQ`} bell />}>
      <search className={styles.search}>
        <TextField
          label={t`Search questions`}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          enterKeyHint="search"
          autoComplete="off"
        />
      </search>
      {/* With no match the card below says so on screen; the status line still tells screen readers. */}
      <p className={count > 0 ? styles.count : 'visually-hidden'} role="status">
        {words.length ? (
          <Plural value={count} _0="No question matches your search" one="# question found" other="# questions found" />
        ) : null}
      </p>
      {count > 0 ? (
        <ul className={styles.faq}>
          {shown.map((e) => (
            <li key={e.id}>
              <details className={styles.item} open={words.length > 0 || undefined}>
                <summary>{e.question}</summary>
                <div className={styles.answer}>
                  {e.answer.map((a, i) => (
                    <p key={i}>{a}</p>
                  ))}
                </div>
              </details>
            </li>
          ))}
        </ul>
      ) : (
        <Card className={styles.empty}>
          <p>
            <Trans>We could not find an answer to that. Try other words, or ask customer service.</Trans>
          </p>
          <p>
            <Link to="/customer-services">
              <Trans>Contact customer services</Trans>
            </Link>
          </p>
        </Card>
      )}
    </Page>
  );
}
