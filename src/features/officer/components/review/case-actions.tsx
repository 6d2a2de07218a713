import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OfficerAction } from '../../../../../contract/officer';
import { Button } from '../../../../components/ui/button';
import { formatDate } from '../../../../lib/format';
import type { OfficerCase } from '../../api/case-detail';
import { ACTIONS, PRIMARY_ORDER } from '../../labels';
import styles from './review.module.css';

/** The key of each action, shown on its button and in the "?" list. */
export const ACTION_KEYS: Partial<Record<OfficerAction, string>> = {
  reject: 'x',
  'request-information': 'i',
  'refuse-payment': 'f',
  'request-revocation': 'v',
};
export const PRIMARY_KEY = 'a';

/** The one action this state asks for first (none when only quieter ones are left). */
export function primaryAction(c: OfficerCase): OfficerAction | null {
  return PRIMARY_ORDER.find((a) => c.actions.includes(a)) ?? null;
}

export const ACTION_KEY_HELP: Record<'primary' | 'escalate' | 'release', MessageDescriptor> = {
  primary: msg`The main action of this case (approve, mark as reviewed…)`,
  escalate: msg`Escalate to a senior officer`,
  release: msg`Give the case back to the queue`,
};

function Key({ k }: { k: string }) {
  return (
    <kbd className={styles.kbd} aria-hidden="true">
      {k.toUpperCase()}
    </kbd>
  );
}

/**
 * What the officer can do now: one primary action for the state, the others quieter under it,
 * each with its key. Why nothing can be done is said instead when that is the case.
 */
export function CaseActions({
  c,
  heldByOther,
  onChoose,
  onEscalate,
  onRelease,
  onHandOver,
  isAdmin,
}: {
  c: OfficerCase;
  heldByOther: boolean;
  onChoose(action: OfficerAction): void;
  onEscalate(): void;
  onRelease(): void;
  onHandOver(): void;
  isAdmin: boolean;
}) {
  const { i18n } = useLingui();
  const primary = primaryAction(c);
  const others = c.actions.filter((a) => a !== primary);
  const revocation = c.revocation_request;
  return (
    <section className={styles.actionsCard} aria-labelledby="case-actions">
      <h2 id="case-actions" className={styles.sectionTitle}>
        <Trans>Decision</Trans>
      </h2>
      {c.revocation && (
        <p className={styles.notice}>
          <Trans>
            Certificate revoked on {formatDate(c.revocation.at, i18n.locale)}. Reason: {c.revocation.reason}
          </Trans>
        </p>
      )}
      {revocation && (
        <p className={styles.notice}>
          <Trans>
            Revocation asked for by {revocation.name || revocation.email} on {formatDate(revocation.at, i18n.locale)}:{' '}
            {revocation.reason}
          </Trans>
        </p>
      )}
      {c.reviewed_by && (
        <p className={styles.muted}>
          <Trans>Reviewed by {c.reviewed_by.name || c.reviewed_by.email}</Trans>
        </p>
      )}
      {c.reviewed_by && !c.may_approve && (c.officer_role === 'approver' || c.officer_role === 'admin') && (
        <p className={styles.notice}>
          <Trans>You reviewed this application: another officer approves it (four eyes).</Trans>
        </p>
      )}
      {c.own_application ? (
        <p className={styles.muted}>
          <Trans>This is your own application: another officer must handle it.</Trans>
        </p>
      ) : heldByOther ? (
        <p className={styles.muted}>
          <Trans>Another officer holds this case: you can read it, not decide on it.</Trans>
        </p>
      ) : c.actions.length === 0 ? (
        <p className={styles.muted}>
          <Trans>No action for your role is needed in this status.</Trans>
        </p>
      ) : (
        <div className={styles.actionList}>
          {primary && (
            <Button variant="primary" wide onPress={() => onChoose(primary)} aria-keyshortcuts={PRIMARY_KEY}>
              <span className={styles.actionLabel}>{i18n._(ACTIONS[primary].label)}</span>
              <Key k={PRIMARY_KEY} />
            </Button>
          )}
          {others.map((action) => (
            <Button
              key={action}
              variant={action === 'request-information' ? 'secondary' : 'ghost'}
              className={action === 'reject' || action === 'refuse-payment' ? styles.quietDanger : styles.quiet}
              wide
              onPress={() => onChoose(action)}
              aria-keyshortcuts={ACTION_KEYS[action]}
            >
              <span className={styles.actionLabel}>{i18n._(ACTIONS[action].label)}</span>
              {ACTION_KEYS[action] && <Key k={ACTION_KEYS[action]} />}
            </Button>
          ))}
        </div>
      )}
      {!c.own_application && !heldByOther && c.actions.length > 0 && (
        <div className={styles.smallActions}>
          <Button variant="ghost" onPress={onEscalate} aria-keyshortcuts="e">
            <Trans>Escalate</Trans>
            <Key k="e" />
          </Button>
          {c.claim?.mine && (
            <Button variant="ghost" onPress={onRelease} aria-keyshortcuts="u">
              <Trans>Give back</Trans>
              <Key k="u" />
            </Button>
          )}
        </div>
      )}
      {isAdmin && c.claim && !c.claim.mine && (
        <div className={styles.smallActions}>
          <Button variant="ghost" onPress={onRelease}>
            <Trans>Release the claim</Trans>
          </Button>
          <Button variant="ghost" onPress={onHandOver}>
            <Trans>Hand over</Trans>
          </Button>
        </div>
      )}
    </section>
  );
}
