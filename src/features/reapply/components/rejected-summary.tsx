import { Trans, useLingui } from '@lingui/react/macro';
import type { ApplicationDetail } from '../../../../contract/application';
import { StatusBadge } from '../../../components/ui/status-badge';
import { applicationNotes } from '../../../lib/application-labels';
import { SummaryCard } from '../../../components/application/application-parts';

/** Ticket number, applied-on, status and the officer's notes (or '-') of the rejected application. */
export function RejectedSummary({ application: a }: { application: ApplicationDetail }) {
  const { i18n } = useLingui();
  return (
    <SummaryCard
      application={a}
      badges={<StatusBadge status={a.status} />}
      items={({ appliedOn }) => [
        appliedOn,
        {
          label: <Trans>Notes</Trans>,
          value: a.revocation ? a.revocation.reason : applicationNotes(a, (d) => i18n._(d)),
          wide: true,
        },
      ]}
    />
  );
}
