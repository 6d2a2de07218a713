import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Banner } from '../ui/banner';
import { LoadFailed } from '../ui/load-failed';
import styles from './application-card.module.css';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ApplicationDetail, InformationRequestView } from '../../../contract/application';
import type { ClockView } from '../../../contract/working-days';
import { APPLICANT_LABELS, DOCUMENT_LABELS } from '../../lib/application-labels';
import { formatCalendarDate, formatDate, formatDay, formatSlotTime } from '../../lib/format';
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

/**
 * The 3-working-day clock in words, on the citizen's screens. An office that is late is the
 * office's doing: it is said plainly and calmly, never in red, and asks nothing of the citizen.
 */
export function DecisionClock({ clock }: { clock: ClockView }) {
  const { i18n } = useLingui();
  const day = clock.due_on ? formatDay(clock.due_on, i18n.locale) : '';
  let words: ReactNode;
  if (clock.tone === 'paused' || !clock.due_on)
    words = <Trans>The decision is paused while we wait for your answer.</Trans>;
  else if (clock.tone === 'overdue')
    words = (
      <Trans>
        A decision was due by {day}. It is taking us longer than it should; your application is still being worked on,
        and you do not need to do anything.
      </Trans>
    );
  else if (clock.working_days_left === 0) words = <Trans>A decision is due today, {day}.</Trans>;
  else words = <Trans>A decision is due by {day}.</Trans>;
  return (
    <p className={styles.clock} data-testid="decision-clock">
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path d="M12 7v5l3 2" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
      <span>{words}</span>
    </p>
  );
}

/**
 * What an officer asked of the citizen, in the citizen's language: until when, each reason with
 * what to do about it, the officer's own message, and (`lists`) which documents and fields.
 */
export function InformationRequestSummary({
  request,
  lists = false,
  headingLevel: Heading = 'h2',
}: {
  request: InformationRequestView;
  lists?: boolean;
  headingLevel?: 'h2' | 'h3';
}) {
  const { i18n } = useLingui();
  const by = formatDay(request.answer_by, i18n.locale);
  return (
    <div className={styles.request}>
      <Heading className={styles.requestHeading}>
        <Trans>What the office asks of you</Trans>
      </Heading>
      <p className={styles.answerBy}>
        <Trans>
          Please answer by {by}. Without an answer by then the application is rejected, and you would have to apply
          again.
        </Trans>
      </p>
      <ul className={styles.reasons}>
        {request.reasons.map((r) => (
          <li key={r.code}>
            <strong>{r.text}</strong>
            <span>{r.what_to_do}</span>
          </li>
        ))}
      </ul>
      {request.message && (
        <figure className={styles.message}>
          <figcaption>
            <Trans>Message from the officer</Trans>
          </figcaption>
          <blockquote>{request.message}</blockquote>
        </figure>
      )}
      {lists && request.documents.length > 0 && (
        <div>
          <Heading className={styles.requestSub}>
            <Trans>Documents to send again</Trans>
          </Heading>
          <ul className={styles.asked}>
            {request.documents.map((kind) => (
              <li key={kind}>{i18n._(DOCUMENT_LABELS[kind])}</li>
            ))}
          </ul>
        </div>
      )}
      {lists && request.fields.length > 0 && (
        <div>
          <Heading className={styles.requestSub}>
            <Trans>Details to correct</Trans>
          </Heading>
          <ul className={styles.asked}>
            {request.fields.map((field) => (
              <li key={field}>{i18n._(APPLICANT_LABELS[field])}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
