import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Banner } from '../ui/banner';
import { LoadFailed } from '../ui/load-failed';
import styles from './application-card.module.css';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ApplicationDetail } from '../../../contract/application';
import { APPLICANT_LABELS } from '../../lib/application-labels';
import { formatCalendarDate, formatDate, formatSlotTime } from '../../lib/format';
import { Card } from '../layout/page';
import { DataList, type DataItem } from '../ui/data-list';

/*
 * Parts of the screens that show one application, in one module so that these screens share one
 * chunk (each new shared chunk adds to the map every first load downloads). The document list's
 * classes are exported as `fileList` for the screens that draw it themselves.
 */
export { default as fileList } from './application-card.module.css';

/**
 * The rows the citizen's and the officer's summaries word alike: the day the application was sent,
 * and the booked pick-up day and time (no row before one is booked).
 */
interface SummaryRows {
  appliedOn: DataItem;
  pickup: DataItem[];
}

/**
 * The summary card of one application: its ticket number as the heading with its status badges
 * beside it, its rows, then what the screen adds under them (links, banners).
 */
export function SummaryCard({
  application: a,
  badges,
  items,
  children,
  detailOf,
}: {
  application: Pick<ApplicationDetail, 'ticket_number' | 'applied_on' | 'pickup_date' | 'pickup_time' | 'reapplied_by'>;
  badges: ReactNode;
  /** The card's rows: the screen's own, with the shared ones placed among them. */
  items(rows: SummaryRows): DataItem[];
  children?: ReactNode;
  /** This viewer's screen of an application: the card links to the one submitted again in its place. */
  detailOf?: '/detail-application/$id' | '/officer/applications/$id';
}) {
  const { t, i18n } = useLingui();
  const rows: SummaryRows = {
    appliedOn: { label: t`Applied on`, value: formatDate(a.applied_on, i18n.locale) },
    pickup: a.pickup_date
      ? [
          {
            label: t`Pick-up`,
            value: `${formatCalendarDate(a.pickup_date, i18n.locale)}, ${formatSlotTime(a.pickup_time ?? '', i18n.locale)}`,
          },
        ]
      : [],
  };
  return (
    <Card as="section">
      <div className={styles.summaryTop}>
        <h2 className={styles.summaryTicket}>{a.ticket_number}</h2>
        {badges}
      </div>
      <DataList items={items(rows)} />
      {children}
      {detailOf && a.reapplied_by && (
        <Link to={detailOf} params={{ id: String(a.reapplied_by) }}>
          <Trans>See the new application</Trans>
        </Link>
      )}
    </Card>
  );
}

/**
 * Why an application's screen shows no application: not found (a wrong or foreign id, with the way
 * back: the citizen's applications unless `back` says otherwise), or a failure "Try again" may fix.
 */
export function ApplicationProblem({
  state,
  back,
}: {
  state: { status: string; error: unknown; reload(): void };
  back?: ReactNode;
}) {
  if (state.status === 'failed') return <LoadFailed error={state.error} onRetry={state.reload} />;
  if (state.status !== 'not-found') return null;
  return (
    <Banner tone="error">
      <Trans>This application was not found.</Trans>{' '}
      {back ?? (
        <Link to="/application-history">
          <Trans>See your applications</Trans>
        </Link>
      )}
    </Banner>
  );
}

type Shown =
  | 'first_name'
  | 'last_name'
  | 'date_of_birth'
  | 'occupation'
  | 'current_address'
  | 'house_number'
  | 'province'
  | 'district'
  | 'village'
  | 'family_book_number'
  | 'family_book_date'
  | 'head_of_household'
  | 'father_name'
  | 'mother_name'
  | 'parent_province'
  | 'parent_district'
  | 'parent_village'
  | 'reason';

/** Applicant data with place names instead of ids; a field not filled in yet may be missing. */
export type ApplicantDataView = Partial<Record<Shown, string>>;

/**
 * The applicant data read-only, in the order of the form: the preview, the citizen's detail and
 * the officer's detail all show it this way.
 */
export function ApplicantDataList({ data }: { data: ApplicantDataView }) {
  const { i18n } = useLingui();
  const label = (k: keyof typeof APPLICANT_LABELS) => i18n._(APPLICANT_LABELS[k]);
  const date = (iso?: string) => (iso ? formatCalendarDate(iso, i18n.locale) : '');
  return (
    <DataList
      items={[
        { label: label('first_name'), value: data.first_name },
        { label: label('last_name'), value: data.last_name },
        { label: label('date_of_birth'), value: date(data.date_of_birth) },
        { label: label('occupation'), value: data.occupation },
        { label: label('current_address'), value: data.current_address, wide: true },
        { label: label('house_number'), value: data.house_number },
        { label: label('province_id'), value: data.province },
        { label: label('district_id'), value: data.district },
        { label: label('village_id'), value: data.village },
        { label: label('family_book_number'), value: data.family_book_number },
        { label: label('family_book_date'), value: date(data.family_book_date) },
        { label: label('head_of_household'), value: data.head_of_household, wide: true },
        { label: label('father_name'), value: data.father_name },
        { label: label('mother_name'), value: data.mother_name },
        { label: label('parent_province_id'), value: data.parent_province },
        { label: label('parent_district_id'), value: data.parent_district },
        { label: label('parent_village_id'), value: data.parent_village },
        { label: label('reason'), value: data.reason, wide: true },
      ]}
    />
  );
}
