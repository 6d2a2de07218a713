import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { Fee } from '../../../../contract/application';
import { formatMoney } from '../../../lib/format';
import styles from './fee-summary.module.css';

const LINE_LABELS = { payment: msg`Payment`, processing_fee: msg`Processing fee` } as const;

/** The fee lines and the total, as the server charges them. */
export function FeeSummary({ fee }: { fee: Fee }) {
  const { i18n } = useLingui();
  return (
    <dl className={styles.fee}>
      {fee.lines.map((line) => (
        <div key={line.key} className={styles.line}>
          <dt>{i18n._(LINE_LABELS[line.key])}</dt>
          <dd>{formatMoney(line.amount, i18n.locale, fee.currency)}</dd>
        </div>
      ))}
      <div className={`${styles.line} ${styles.total}`}>
        <dt>
          <Trans>Total</Trans>
        </dt>
        <dd>{formatMoney(fee.total, i18n.locale, fee.currency)}</dd>
      </div>
    </dl>
  );
}
