import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { OfficerAction, OfficerApplicationDetail } from '../../../../contract/officer';
import { ApplicationProblem, SummaryCard } from '../../../components/application/application-parts';
import { ApplicationTabs } from '../../../components/application/application-tabs';
import { AppHeader } from '../../../components/layout/app-header';
import { Card, Page } from '../../../components/layout/page';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { DocumentViewer, type ShownDocument } from '../../../components/ui/document-viewer';
import { SkeletonCard } from '../../../components/ui/skeleton';
import { PaymentStatusBadge, StatusBadge } from '../../../components/ui/status-badge';
import { useRecord } from '../../../lib/application-detail';
import { formatDate, formatDateTime } from '../../../lib/format';
import { fetchOfficerApplication } from '../api/officer-api';
import { ACTIONS, ROLES } from '../labels';
import { ActionDialog } from './action-dialog';
import { AccountTab, DocumentsTab, PaymentTab } from './detail-tabs';
import { StatusHistory } from './status-history';
import { OfficerToolbar } from './officer-toolbar';
import styles from './officer.module.css';

function Summary({ application: a }: { application: OfficerApplicationDetail }) {
  const { t, i18n } = useLingui();
  const name = `${a.applicant_data.first_name} ${a.applicant_data.last_name}`;
  return (
    <SummaryCard
      application={a}
      detailOf="/officer/applications/$id"
      badges={
        <span className={styles.badges}>
          <StatusBadge status={a.status} />
          <PaymentStatusBadge status={a.payment.payment_status} />
        </span>
      }
      items={(rows) => [
        { label: t`Applicant`, value: name },
        rows.appliedOn,
        ...(a.payment.payment_status === 'unpaid'
          ? [{ label: t`Payment deadline`, value: formatDateTime(a.payment.deadline, i18n.locale) }]
          : []),
        ...rows.pickup,
        ...(a.certificate_code
          ? [
              {
                label: t`Certificate code`,
                value: <span className={styles.code}>{a.certificate_code}</span>,
                wide: true,
              },
            ]
          : []),
        ...(a.notes ? [{ label: t`Notes`, value: a.notes, wide: true }] : []),
      ]}
    >
      {a.reapplied_from && (
        <Link to="/officer/applications/$id" params={{ id: String(a.reapplied_from) }}>
          <Trans>See the rejected application this one replaces</Trans>
        </Link>
      )}
    </SummaryCard>
  );
}

function ActionsCard({
  application: a,
  onChoose,
}: {
  application: OfficerApplicationDetail;
  onChoose(action: OfficerAction): void;
}) {
  const { i18n } = useLingui();
  const actions = a.actions;
  const role = i18n._(ROLES[a.officer_role]);
  return (
    <Card as="section">
      <h3 className={styles.sectionTitle}>
        <Trans>Actions</Trans>
      </h3>
      <p className={styles.muted} data-testid="officer-role">
        <Trans>Your role: {role}</Trans>
      </p>
      {a.revocation && (
        <Banner tone="warning" focusOnShow={false}>
          <Trans>
            Certificate revoked on {formatDate(a.revocation.at, i18n.locale)}. Reason: {a.revocation.reason}
          </Trans>
        </Banner>
      )}
      {a.own_application ? (
        <p className={styles.muted}>
          <Trans>This is your own application: another officer must handle it.</Trans>
        </p>
      ) : actions.length === 0 ? (
        <p className={styles.muted}>
          <Trans>No action for your role is needed in this status.</Trans>
        </p>
      ) : (
        <div className={styles.actions}>
          {actions.map((action) => (
            <Button key={action} variant={ACTIONS[action].variant} wide onPress={() => onChoose(action)}>
              {i18n._(ACTIONS[action].label)}
            </Button>
          ))}
        </div>
      )}
    </Card>
  );
}

/** /officer/applications/{id}: summary, what the officer can do now, the file, and every change so far. */
export function OfficerDetailScreen({ id }: { id: number }) {
  const { i18n } = useLingui();
  const state = useRecord(id, fetchOfficerApplication);
  const [choosing, setChoosing] = useState<OfficerAction | null>(null);
  const [banner, setBanner] = useState<{ tone: 'success' | 'warning'; text: string } | null>(null);
  const [viewing, setViewing] = useState<ShownDocument | null>(null);
  const a = state.application;

  return (
    <Page wide header={<AppHeader title={<Trans>Application detail</Trans>} back="/officer" />}>
      <div className={styles.desk}>
        <OfficerToolbar>
          <Link to="/officer">
            <Trans>All applications</Trans>
          </Link>
        </OfficerToolbar>
        {banner && (
          <Banner tone={banner.tone} focusOnShow onDismiss={() => setBanner(null)}>
            {banner.text}
          </Banner>
        )}
        {state.status === 'loading' && (
          <div aria-busy="true">
            <SkeletonCard lines={4} />
            <br />
            <SkeletonCard lines={8} />
          </div>
        )}
        <ApplicationProblem
          state={state}
          back={
            <Link to="/officer">
              <Trans>All applications</Trans>
            </Link>
          }
        />
        {a && (
          <div className={styles.columns}>
            <div className={styles.summaryArea}>
              <Summary application={a} />
            </div>
            <div className={styles.actionsArea}>
              <ActionsCard
                application={a}
                onChoose={(action) => {
                  setBanner(null);
                  setChoosing(action);
                }}
              />
            </div>
            <div className={styles.fileArea}>
              <ApplicationTabs
                applicant={a.applicant_data}
                documents={
                  <DocumentsTab
                    application={a}
                    onView={(title, path, name) =>
                      // Another person's document: shown, never kept on the officer's machine.
                      setViewing({ title, source: { path, name, keep: false } })
                    }
                  />
                }
                payment={<PaymentTab application={a} />}
                last={{ id: 'account', label: <Trans>Account</Trans>, content: <AccountTab account={a.account} /> }}
              />
            </div>
            <div className={styles.historyArea}>
              <Card as="section">
                <h3 className={styles.sectionTitle}>
                  <Trans>Status history</Trans>
                </h3>
                <StatusHistory history={a.history} />
              </Card>
            </div>
          </div>
        )}
      </div>
      {a && (
        <ActionDialog
          applicationId={a.id}
          ticket={a.ticket_number}
          action={choosing}
          onClose={() => setChoosing(null)}
          onDone={(action) => {
            setChoosing(null);
            setBanner({ tone: 'success', text: i18n._(ACTIONS[action].done) });
            state.reload();
          }}
          onStale={(message) => {
            setChoosing(null);
            setBanner({ tone: 'warning', text: message });
            state.reload();
          }}
        />
      )}
      <DocumentViewer shown={viewing} onClose={() => setViewing(null)} />
    </Page>
  );
}
