import { Link, useNavigate } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { OfficerAction, OfficerTask } from '../../../../../contract/officer';
import { ApplicantDataList } from '../../../../components/application/application-parts';
import { Banner } from '../../../../components/ui/banner';
import { DataList } from '../../../../components/ui/data-list';
import { DocumentPane, FIT, turn, zoomBy, type DocumentView } from '../../../../components/ui/document-pane';
import { LoadFailed } from '../../../../components/ui/load-failed';
import { SkeletonCard } from '../../../../components/ui/skeleton';
import { applicationNotes } from '../../../../lib/application-labels';
import { errorMessage } from '../../../../lib/error-messages';
import { releaseCase } from '../../api/claims';
import { prefetchNextCase } from '../../api/next-case';
import { takeNext } from '../../api/tasks';
import { ACTIONS, MOVES_ON, OFFICER_ERRORS, TASKS } from '../../labels';
import { useDesk } from '../../stores/desk';
import { useFlash } from '../../stores/flash';
import { ConfirmDialog } from '../decisions/confirm-dialog';
import { EscalateDialog } from '../decisions/escalate-dialog';
import { RejectDialog } from '../decisions/reject-dialog';
import { RequestDialog } from '../decisions/request-dialog';
import { useKeys } from '../desk/use-keys';
import { StatusHistory } from '../status-history';
import { ACTION_KEY_HELP, ACTION_KEYS, CaseActions, PRIMARY_KEY, primaryAction } from './case-actions';
import { CaseHeader } from './case-header';
import { caseDocuments } from './case-documents';
import { ComparePanel } from './compare-panel';
import { InformationRequestPanel } from './information-request-panel';
import { InternalNotesPanel } from './internal-notes-panel';
import { AccountTab, PaymentTab } from './payment-account';
import { useCase } from './use-case';
import { useCaseDraft } from './use-case-draft';
import { useClaim } from './use-claim';
import styles from './review.module.css';

type Open =
  { kind: 'confirm'; action: OfficerAction } | { kind: 'reject' | 'request' | 'escalate' | 'hand-over' } | null;

/**
 * /officer/applications/{id}: one case, the applicant's data beside the documents that prove it,
 * the clock, the claim, the officers' notes and the history; one primary action for the state.
 * Every action has a key ("?" lists them). After a decision the next case of the queue opens at
 * once: it was fetched ahead, in memory only.
 */
export function ReviewScreen({ id, task }: { id: number; task?: OfficerTask }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const state = useCase(id);
  const c = state.data;
  const role = useDesk((s) => s.role);
  const flash = useFlash();
  const claimProblem = useClaim(c, state.reload);
  const drafts = useCaseDraft(id);
  const [open, setOpen] = useState<Open>(null);
  const [docIndex, setDocIndex] = useState(0);
  const [view, setView] = useState<DocumentView>(FIT);
  const [failure, setFailure] = useState<string | null>(null);
  const noteBox = useRef<HTMLTextAreaElement>(null);
  const documents = useMemo(() => (c ? caseDocuments(c, i18n) : []), [c, i18n]);
  const idCardIndex = c?.id_card_image_path ? documents.length - 1 : -1;

  // The next case is fetched once this one is on screen, so it can show the moment this one is decided.
  useEffect(() => {
    if (c && task) prefetchNextCase(task, c.id);
  }, [c, task]);

  const heldByOther = !!c?.claim && !c.claim.mine;
  const canAct = !!c && !c.own_application && !heldByOther && c.actions.length > 0;
  const primary = c ? primaryAction(c) : null;
  const has = (action: OfficerAction) => canAct && !!c?.actions.includes(action);

  const choose = (action: OfficerAction) => {
    setFailure(null);
    useFlash.setState({ text: null });
    if (action === 'reject') setOpen({ kind: 'reject' });
    else if (action === 'request-information') setOpen({ kind: 'request' });
    else setOpen({ kind: 'confirm', action });
  };
  const showDoc = (index: number) => {
    setDocIndex(Math.max(0, Math.min(documents.length - 1, index)));
    setView(FIT);
  };

  const decided = async (action: OfficerAction) => {
    setOpen(null);
    const parts =
      action === 'reject' ? (['reject'] as const) : action === 'request-information' ? (['request'] as const) : [];
    if (parts.length) void drafts.clear([...parts]);
    const done = i18n._(ACTIONS[action].done);
    void useDesk.getState().refresh();
    if (!task || !MOVES_ON.includes(action)) {
      useFlash.setState({ text: done, tone: 'success' });
      state.reload();
      return;
    }
    try {
      const next = await takeNext(task);
      useFlash.setState({ text: done, tone: 'success' });
      if (next !== null && next !== id)
        await navigate({ to: '/officer/applications/$id', params: { id: String(next) }, search: { task } });
      else {
        useFlash.setState({ text: `${done} ${i18n._(TASKS[task].empty)}`, tone: 'success' });
        await navigate({ to: '/officer', search: { task } });
      }
    } catch (err) {
      useFlash.setState({ text: done, tone: 'success' });
      setFailure(errorMessage(err, OFFICER_ERRORS));
      state.reload();
    }
  };

  const release = async () => {
    if (!c) return;
    try {
      await releaseCase(c.id);
      useFlash.setState({ text: t`The case is back in the queue.`, tone: 'info' });
      await navigate({ to: '/officer', search: { task } });
    } catch (err) {
      setFailure(errorMessage(err, OFFICER_ERRORS));
    }
  };

  useKeys([
    {
      keys: [PRIMARY_KEY],
      label: ACTION_KEY_HELP.primary,
      run: () => primary && choose(primary),
      off: !canAct || !primary,
    },
    ...(['reject', 'request-information', 'refuse-payment', 'request-revocation'] as const).map((action) => ({
      keys: [ACTION_KEYS[action]!],
      label: ACTIONS[action].label,
      run: () => choose(action),
      off: !has(action) || action === primary,
    })),
    { keys: ['e'], label: ACTION_KEY_HELP.escalate, run: () => setOpen({ kind: 'escalate' }), off: !canAct },
    { keys: ['u'], label: ACTION_KEY_HELP.release, run: () => void release(), off: !c?.claim?.mine },
    { keys: [']'], label: msg`Next document`, run: () => showDoc(docIndex + 1), off: documents.length < 2 },
    { keys: ['['], label: msg`Previous document`, run: () => showDoc(docIndex - 1), off: documents.length < 2 },
    { keys: ['+', '='], label: msg`Zoom in`, run: () => setView((v) => zoomBy(v, 1)), off: !documents.length },
    { keys: ['-'], label: msg`Zoom out`, run: () => setView((v) => zoomBy(v, -1)), off: !documents.length },
    { keys: ['0'], label: msg`Fit the document to the pane`, run: () => setView(FIT), off: !documents.length },
    { keys: ['r'], label: msg`Rotate the document`, run: () => setView((v) => turn(v)), off: !documents.length },
    { keys: ['c'], label: msg`Write an internal note`, run: () => noteBox.current?.focus(), off: !c },
    { keys: ['q'], label: msg`Back to the queue`, run: () => void navigate({ to: '/officer', search: { task } }) },
  ]);

  if (state.status === 'loading')
    return (
      <div aria-busy="true" className={styles.loading}>
        <SkeletonCard lines={2} />
        <div className={styles.layout}>
          <SkeletonCard lines={10} />
          <SkeletonCard lines={14} />
          <SkeletonCard lines={6} />
        </div>
      </div>
    );
  if (state.status === 'not-found')
    return (
      <Banner tone="error">
        <Trans>This application was not found.</Trans>{' '}
        <Link to="/officer" search={{ task }}>
          <Trans>Back to the queue</Trans>
        </Link>
      </Banner>
    );
  if (state.status === 'failed') return <LoadFailed error={state.error} onRetry={state.reload} />;
  if (!c) return null;

  const notes = applicationNotes(c, (d) => i18n._(d));
  return (
    <>
      <CaseHeader
        c={c}
        task={task}
        claimHolder={claimProblem?.holder ?? (c.claim && !c.claim.mine ? c.claim.name || c.claim.email : null)}
      />
      {flash.text && (
        <Banner tone={flash.tone} onDismiss={() => useFlash.setState({ text: null })}>
          {flash.text}
        </Banner>
      )}
      {failure && (
        <Banner tone="error" onDismiss={() => setFailure(null)}>
          {failure}
        </Banner>
      )}
      {claimProblem && (
        <Banner tone="warning" focusOnShow={false}>
          {claimProblem.holder ? (
            <Trans>{claimProblem.holder} holds this case. You can read it; they decide on it.</Trans>
          ) : (
            <Trans>Another officer holds this case. You can read it; they decide on it.</Trans>
          )}
        </Banner>
      )}
      <div className={styles.layout}>
        <div className={styles.dataColumn}>
          <ComparePanel c={c} onShowIdCard={idCardIndex >= 0 ? () => showDoc(idCardIndex) : undefined} />
          {c.information_requests.length > 0 && (
            <InformationRequestPanel request={c.information_requests[c.information_requests.length - 1]!} />
          )}
          <section className={styles.panel} aria-labelledby="applicant-title">
            <h2 id="applicant-title" className={styles.sectionTitle}>
              <Trans>Applicant data</Trans>
            </h2>
            <ApplicantDataList data={c.applicant_data} />
            {notes !== '-' && <DataList items={[{ label: t`Notes`, value: notes, wide: true }]} />}
          </section>
          <section className={styles.panel} aria-labelledby="payment-title">
            <h2 id="payment-title" className={styles.sectionTitle}>
              <Trans>Payment</Trans>
            </h2>
            <PaymentTab application={c} />
          </section>
          <section className={styles.panel} aria-labelledby="account-title">
            <h2 id="account-title" className={styles.sectionTitle}>
              <Trans>Account</Trans>
            </h2>
            <AccountTab account={c.account} />
          </section>
        </div>
        <div className={styles.documentColumn}>
          {documents.length ? (
            <DocumentPane
              documents={documents}
              index={Math.min(docIndex, documents.length - 1)}
              onIndex={showDoc}
              view={view}
              onView={setView}
              label={t`Documents`}
            />
          ) : (
            <p className={styles.muted}>
              <Trans>No document was uploaded.</Trans>
            </p>
          )}
        </div>
        <div className={styles.sideColumn}>
          <CaseActions
            c={c}
            heldByOther={heldByOther}
            isAdmin={role === 'admin'}
            onChoose={choose}
            onEscalate={() => setOpen({ kind: 'escalate' })}
            onRelease={() => void release()}
            onHandOver={() => setOpen({ kind: 'hand-over' })}
          />
          <InternalNotesPanel
            caseId={c.id}
            notes={c.internal_notes}
            draft={drafts.draft.note ?? ''}
            onDraft={(note) => drafts.update({ note })}
            onAdded={state.reload}
            boxRef={noteBox}
            saving={
              drafts.saving === 'saving'
                ? t`Saving…`
                : drafts.saving === 'saved'
                  ? t`Saved`
                  : drafts.saving === 'failed'
                    ? t`Not saved yet: check the connection.`
                    : null
            }
          />
          <section className={styles.panel} aria-labelledby="history-title">
            <h2 id="history-title" className={styles.sectionTitle}>
              <Trans>Status history</Trans>
            </h2>
            <StatusHistory history={c.history} />
          </section>
        </div>
      </div>
      <ConfirmDialog
        caseId={c.id}
        ticket={c.ticket_number}
        action={open?.kind === 'confirm' ? open.action : null}
        onClose={() => setOpen(null)}
        onDone={(action) => void decided(action)}
        onStale={state.reload}
      />
      <RejectDialog
        caseId={c.id}
        ticket={c.ticket_number}
        isOpen={open?.kind === 'reject'}
        draft={drafts.draft.reject}
        onDraft={(reject) => drafts.update({ reject })}
        onClose={() => setOpen(null)}
        onDone={() => void decided('reject')}
        onStale={state.reload}
      />
      <RequestDialog
        caseId={c.id}
        ticket={c.ticket_number}
        isOpen={open?.kind === 'request'}
        draft={drafts.draft.request}
        onDraft={(request) => drafts.update({ request })}
        onClose={() => setOpen(null)}
        onDone={() => void decided('request-information')}
        onStale={state.reload}
      />
      <EscalateDialog
        caseId={c.id}
        ticket={c.ticket_number}
        isOpen={open?.kind === 'escalate' || open?.kind === 'hand-over'}
        handOver={open?.kind === 'hand-over'}
        draft={open?.kind === 'escalate' ? drafts.draft.escalate : undefined}
        onDraft={open?.kind === 'escalate' ? (escalate) => drafts.update({ escalate }) : undefined}
        onClose={() => setOpen(null)}
        onDone={() => {
          setOpen(null);
          if (open?.kind === 'escalate') void drafts.clear(['escalate']);
          useFlash.setState({ text: t`Done. The officer sees it among their cases.`, tone: 'success' });
          state.reload();
        }}
      />
    </>
  );
}
