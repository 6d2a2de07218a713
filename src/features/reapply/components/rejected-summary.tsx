import { Trans, useLingui } from '@lingui/react/macro';
import type { ApplicationDetail } from '../../../../contract/application';
import { Card } from '../../../components/layout/page';
import { DataList } from '../../../components/ui/data-list';
import { StatusBadge } from '../../../components/ui/status-badge';
import { applicationNotes } from '../../../lib/application-labels';
import { formatDate } from '../../../lib/format';
import { SummaryTop } from '../../../components/application/application-parts';

/** Ticket number, applied-on, status and the officer's notes (or '-') of the rejected application. */
export function RejectedSummary({ application: a }: { application: ApplicationDetail }) {
  const { t, i18n } = useLingui();
  return (
    <Card as="section">
      <SummaryTop ticket={a.ticket_number}>
        <StatusBadge status={a.status} />
      </SummaryTop>
      <DataList
        items={[
          { label: t`Applied on`, value: formatDate(a.applied_on, i18n.locale) },
          {
            label: <Trans>Notes</Trans>,
            value: a.revocation ? a.revocation.reason : applicationNotes(a, (d) => i18n._(d)),
            wide: true,
          },
        ]}
      />
    </Card>
  );
}
