import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Card } from '../layout/page';
import { Tabs, type TabItem } from '../ui/tabs';
import { ApplicantDataList, type ApplicantDataView } from './application-parts';

/**
 * The file of one application as tabs, each in a card: the applicant data, the documents, the
 * payment, then the tab only this screen has (who saw the data; the citizen's account). In a
 * module of its own so that only the two detail screens download the tabs.
 */
export function ApplicationTabs({
  applicant,
  documents,
  payment,
  last,
}: {
  applicant: ApplicantDataView;
  documents: ReactNode;
  payment: ReactNode;
  last: TabItem;
}) {
  const { t } = useLingui();
  const tabs: TabItem[] = [
    { id: 'applicant', label: <Trans>Applicant data</Trans>, content: <ApplicantDataList data={applicant} /> },
    { id: 'documents', label: <Trans>Documents</Trans>, content: documents },
    { id: 'payment', label: <Trans>Payment</Trans>, content: payment },
    last,
  ];
  return (
    <Tabs label={t`Application detail`} items={tabs.map((tab) => ({ ...tab, content: <Card>{tab.content}</Card> }))} />
  );
}
