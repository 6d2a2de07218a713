import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { DecisionReason } from '../../../../../contract/officer';
import { Card } from '../../../../components/layout/page';
import { Banner } from '../../../../components/ui/banner';
import { Button } from '../../../../components/ui/button';
import { LoadFailed } from '../../../../components/ui/load-failed';
import { SkeletonCard } from '../../../../components/ui/skeleton';
import { errorMessage } from '../../../../lib/error-messages';
import { useLoad } from '../../../../lib/use-load';
import { fetchReasons, updateReason } from '../../api/reasons';
import { OFFICER_ERRORS } from '../../labels';
import { forgetReasons } from '../decisions/use-reasons';
import { ReasonDialog } from './reason-dialog';
import styles from './admin.module.css';

/**
 * /officer/reasons (admins): the catalogue officers pick reasons from when they reject or ask the
 * citizen. A reason is retired rather than deleted: decisions made with it keep their words.
 */
export function ReasonsScreen() {
  const { t } = useLingui();
  const state = useLoad((signal) => fetchReasons(signal, true), []);
  const [reasons, setReasons] = useState<DecisionReason[] | null>(null);
  const [editing, setEditing] = useState<DecisionReason | 'new' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => setReasons(state.data), [state.data]);
  const saved = (reason: DecisionReason) => {
    forgetReasons();
    setReasons((list) =>
      list?.some((r) => r.id === reason.id)
        ? list.map((r) => (r.id === reason.id ? reason : r))
        : [...(list ?? []), reason],
    );
  };
  const setActive = async (reason: DecisionReason, active: boolean) => {
    setFailure(null);
    try {
      saved(await updateReason(reason.id, { active }));
    } catch (err) {
      setFailure(errorMessage(err, OFFICER_ERRORS));
    }
  };
  const usage = (r: DecisionReason) =>
    r.usage === 'reject' ? t`Rejecting` : r.usage === 'request' ? t`Asking the citizen` : t`Both`;
  return (
    <>
      <div className={styles.head}>
        <h1 className={styles.title}>
          <Trans>Reasons</Trans>
        </h1>
        <Button onPress={() => setEditing('new')}>
          <Trans>Add a reason</Trans>
        </Button>
      </div>
      <p className={styles.muted}>
        <Trans>
          Officers pick these when they reject an application or ask the citizen for something. The citizen reads the
          reason and what to do in their language.
        </Trans>
      </p>
      {failure && (
        <Banner tone="error" onDismiss={() => setFailure(null)}>
          {failure}
        </Banner>
      )}
      {state.status === 'loading' && (
        <div aria-busy="true">
          <SkeletonCard lines={6} />
        </div>
      )}
      {state.status === 'failed' && <LoadFailed error={state.error} onRetry={state.retry} />}
      {reasons && (
        <Card as="section">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Code</Trans>
                </th>
                <th scope="col">
                  <Trans>Used for</Trans>
                </th>
                <th scope="col">
                  <Trans>English</Trans>
                </th>
                <th scope="col">
                  <Trans>Lao</Trans>
                </th>
                <th scope="col">
                  <span className="visually-hidden">
                    <Trans>Change</Trans>
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {reasons.map((r) => (
                <tr key={r.id} data-retired={!r.active || undefined}>
                  <td>
                    <span className={styles.code}>{r.code}</span>
                    {!r.active && (
                      <>
                        {' '}
                        <span className={styles.tag}>
                          <Trans>Retired</Trans>
                        </span>
                      </>
                    )}
                  </td>
                  <td data-label={t`Used for`}>{usage(r)}</td>
                  <td data-label={t`English`}>
                    {r.text_en}
                    <br />
                    <span className={styles.muted}>{r.action_en}</span>
                  </td>
                  <td data-label={t`Lao`} lang="lo">
                    {r.text_lo}
                    <br />
                    <span className={styles.muted}>{r.action_lo}</span>
                  </td>
                  <td>
                    <div className={styles.rowActions}>
                      <Button variant="ghost" onPress={() => setEditing(r)} aria-label={t`Edit ${r.code}`}>
                        <Trans>Edit</Trans>
                      </Button>
                      <Button
                        variant="ghost"
                        onPress={() => void setActive(r, !r.active)}
                        aria-label={r.active ? t`Retire ${r.code}` : t`Use ${r.code} again`}
                      >
                        {r.active ? <Trans>Retire</Trans> : <Trans>Use again</Trans>}
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      {editing && (
        <ReasonDialog
          reason={editing}
          onClose={() => setEditing(null)}
          onSaved={(reason) => {
            saved(reason);
            setEditing(null);
          }}
        />
      )}
    </>
  );
}
