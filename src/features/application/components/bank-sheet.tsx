import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { Bank } from '../../../../contract/master-data';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { fetchBanks } from '../../../lib/master-data';
import type { ChosenBank } from '../stores/applicant-draft';
import styles from './bank-sheet.module.css';

/** The bottom sheet 'select payment method': group 'bank transfer', banks with logo and name. */
export function BankSheet({
  isOpen,
  onOpenChange,
  chosen,
  onChoose,
}: {
  isOpen: boolean;
  onOpenChange(open: boolean): void;
  chosen: number | null;
  onChoose(bank: ChosenBank): void;
}) {
  const { t } = useLingui();
  const [banks, setBanks] = useState<Bank[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!isOpen) return;
    let live = true;
    setFailed(false);
    fetchBanks().then(
      (list) => live && setBanks(list),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [isOpen, attempt]);

  return (
    <Dialog isOpen={isOpen} onOpenChange={onOpenChange} title={<Trans>Select payment method</Trans>} placement="sheet">
      <section aria-labelledby="bank-transfer-heading" className={styles.group}>
        <h3 id="bank-transfer-heading" className={styles.groupTitle}>
          <Trans>Bank transfer</Trans>
        </h3>
        {failed ? (
          <div className={styles.failed} role="alert">
            <p>
              <Trans>The list of banks could not be loaded. Check your connection and try again.</Trans>
            </p>
            <Button variant="secondary" onPress={() => setAttempt((n) => n + 1)}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        ) : !banks ? (
          <div className={styles.list} aria-hidden="true">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={56} radius={12} />
            ))}
          </div>
        ) : (
          <ul className={styles.list}>
            {banks.map((bank) => (
              <li key={bank.id}>
                <button
                  type="button"
                  className={styles.bank}
                  aria-pressed={chosen === bank.id}
                  onClick={() => {
                    onChoose({ id: bank.id, name: bank.bank_name, icon: bank.bank_logo });
                    onOpenChange(false);
                  }}
                >
                  <img src={bank.bank_logo} alt="" width={40} height={40} className={styles.logo} />
                  <span className={styles.name}>{bank.bank_name}</span>
                  {chosen === bank.id && (
                    <svg
                      viewBox="0 0 24 24"
                      width="22"
                      height="22"
                      aria-label={t`Selected`}
                      role="img"
                      className={styles.check}
                    >
                      <path
                        d="M5 12l5 5 9-10"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="2.4"
                        strokeLinecap="round"
                        strokeLinejoin="round"
                      />
                    </svg>
                  )}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Dialog>
  );
}
