import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Card } from '../../../components/layout/page';
import { useLoad } from '../../../lib/use-load';
import { fetchFeedback, sendFeedback } from '../api/feedback';
import styles from './satisfaction-question.module.css';

const ANSWERS = [
  { rating: 1, label: msg`Very dissatisfied` },
  { rating: 2, label: msg`Dissatisfied` },
  { rating: 3, label: msg`Neither` },
  { rating: 4, label: msg`Satisfied` },
  { rating: 5, label: msg`Very satisfied` },
];

/**
 * One optional question after the certificate (the service's satisfaction figure): asked once,
 * never in the way — an answer already given, or no connection, shows nothing.
 */
export function SatisfactionQuestion({ id }: { id: number }) {
  const { i18n } = useLingui();
  const answered = useLoad((signal) => fetchFeedback(id, signal), [id]);
  const [given, setGiven] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  if (answered.status !== 'ready' || (answered.data !== null && given === null)) return null;
  const answer = async (rating: number) => {
    setSending(true);
    try {
      await sendFeedback(id, rating);
      setGiven(rating);
    } finally {
      setSending(false);
    }
  };
  return (
    <Card as="section">
      {given !== null ? (
        <p className={styles.thanks} role="status">
          <Trans>Thank you for your answer.</Trans>
        </p>
      ) : (
        <fieldset className={styles.question} disabled={sending}>
          <legend className={styles.legend}>
            <Trans>How satisfied are you with this service? (optional)</Trans>
          </legend>
          <div className={styles.answers}>
            {ANSWERS.map((a) => (
              <button key={a.rating} type="button" className={styles.answer} onClick={() => void answer(a.rating)}>
                <span aria-hidden="true" className={styles.number}>
                  {a.rating}
                </span>
                <span>{i18n._(a.label)}</span>
              </button>
            ))}
          </div>
        </fieldset>
      )}
    </Card>
  );
}
