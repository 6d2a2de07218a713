import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Figure } from '../../../../contract/office-figures';
import { AppHeader } from '../../../components/layout/app-header';
import { Card, Page } from '../../../components/layout/page';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { LoadFailed } from '../../../components/ui/load-failed';
import { SkeletonCard } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/error-messages';
import { formatCalendarDate, todayInVientiane } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useLoad } from '../../../lib/use-load';
import { downloadFiguresCsv, fetchFigures, type FiguresFilter } from '../api/figures';
import { FIGURE_LABELS } from '../labels';
import { Bars, Sparkline } from './sparkline';
import styles from './figures.module.css';

export type FiguresSearch = Partial<FiguresFilter>;

const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A figure's value in the reader's language: counts whole, shares in per cent, days and minutes to one decimal. */
function useShow() {
  const { i18n } = useLingui();
  const locale = i18n.locale === 'lo' ? 'lo-LA' : 'en-GB';
  return (f: Pick<Figure, 'unit' | 'value'>) => {
    if (f.value === null) return '—';
    if (f.unit === 'share')
      return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(f.value);
    const digits = f.unit === 'count' ? 0 : 1;
    return new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(f.value);
  };
}

/**
 * /officer/figures: the figures a ministry steers by, for the officer's office and what lies
 * inside it, over a chosen period; each a number and a small chart; as CSV too.
 */
export function FiguresScreen({ search }: { search: FiguresSearch }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const language = currentLanguage();
  const today = todayInVientiane();
  const filter: FiguresFilter = {
    scope: search.scope,
    from: search.from ?? `${today.slice(0, 7)}-01`,
    to: search.to ?? today,
  };
  const [from, setFrom] = useState(filter.from);
  const [to, setTo] = useState(filter.to);
  const [failure, setFailure] = useState<string | null>(null);
  const state = useLoad((signal) => fetchFigures(filter, signal), [filter.scope, filter.from, filter.to, language], {
    keep: true,
  });
  const show = useShow();
  const go = (next: FiguresSearch) => void navigate({ to: '/officer/figures', search: { ...filter, ...next } });
  const data = state.data;
  const name = (p: { name_en: string; name_lo: string }) => (language === 'lo' ? p.name_lo : p.name_en);
  const csv = async () => {
    setFailure(null);
    try {
      await downloadFiguresCsv(filter, language);
    } catch (err) {
      setFailure(errorMessage(err));
    }
  };

  return (
    <Page wide header={<AppHeader title={<Trans>Office figures</Trans>} back={false} />}>
      <div className={styles.page}>
        <p>
          <Link to="/officer">
            <Trans>Back to the applications</Trans>
          </Link>
        </p>
        <Card as="section">
          <form
            className={styles.controls}
            onSubmit={(e) => {
              e.preventDefault();
              go({ from, to });
            }}
          >
            {data && (
              <SelectField
                label={<Trans>Office</Trans>}
                placeholder={t`Choose an office`}
                options={data.scopes.map((s) => ({ id: s.scope, name: name(s) }))}
                value={data.scope.scope}
                onChange={(e) => go({ scope: e.target.value })}
              />
            )}
            <TextField label={<Trans>From</Trans>} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
            <TextField label={<Trans>To</Trans>} type="date" value={to} onChange={(e) => setTo(e.target.value)} />
            <Button type="submit">
              <Trans>Show</Trans>
            </Button>
          </form>
          <div className={styles.quick}>
            <Button variant="ghost" onPress={() => go({ from: `${today.slice(0, 7)}-01`, to: today })}>
              <Trans>This month</Trans>
            </Button>
            <Button variant="ghost" onPress={() => go({ from: shift(today, -29), to: today })}>
              <Trans>Last 30 days</Trans>
            </Button>
            <Button variant="ghost" onPress={() => go({ from: `${today.slice(0, 4)}-01-01`, to: today })}>
              <Trans>This year</Trans>
            </Button>
            <Button variant="secondary" onPress={() => void csv()}>
              <Trans>Download CSV</Trans>
            </Button>
          </div>
          {failure && <Banner tone="error">{failure}</Banner>}
        </Card>

        {state.status === 'loading' && (
          <div aria-busy="true">
            <SkeletonCard lines={8} />
          </div>
        )}
        {state.status === 'failed' && <LoadFailed error={state.error} onRetry={state.retry} />}
        {data && (
          <>
            <h2>
              <Trans>
                {name(data.scope)}, {formatCalendarDate(data.from, i18n.locale)} –{' '}
                {formatCalendarDate(data.to, i18n.locale)}
              </Trans>
            </h2>
            <ul className={styles.grid} data-testid="figures">
              {data.figures.map((f) => (
                <li key={f.key} className={styles.figure} data-figure={f.key}>
                  <span className={styles.name}>{i18n._(FIGURE_LABELS[f.key].name)}</span>
                  <span className={styles.value}>{show(f)}</span>
                  {f.of && f.unit === 'share' && (
                    <span className={styles.of}>
                      <Trans>
                        {f.of.numerator} of {f.of.denominator}
                      </Trans>
                    </span>
                  )}
                  {f.series.length > 0 && (
                    <Sparkline values={f.series.map((p) => p.value)} label={i18n._(FIGURE_LABELS[f.key].name)} />
                  )}
                  <span className={styles.about}>{i18n._(FIGURE_LABELS[f.key].about)}</span>
                </li>
              ))}
              <li className={styles.figure}>
                <span className={styles.name}>
                  <Trans>Cost per transaction</Trans>
                </span>
                <span className={styles.value}>—</span>
                <span className={styles.about}>
                  <Trans>Not measured here: the service does not hold its costs.</Trans>
                </span>
              </li>
            </ul>
            <div className={styles.two}>
              <Card as="section">
                <h3>
                  <Trans>Top rejection reasons</Trans>
                </h3>
                {data.reasons.length ? (
                  <Bars
                    items={data.reasons.map((r) => ({
                      label: language === 'lo' ? r.text_lo : r.text_en,
                      value: r.count,
                    }))}
                  />
                ) : (
                  <p className={styles.muted}>
                    <Trans>No rejection in the period.</Trans>
                  </p>
                )}
              </Card>
              <Card as="section">
                <h3>
                  <Trans>Overdue and at risk now, by place</Trans>
                </h3>
                {data.areas.length ? (
                  <Bars
                    items={data.areas.slice(0, 10).flatMap((a) => [
                      { label: `${name(a)} · ${t`Overdue`}`, value: a.overdue, tone: 'bad' as const },
                      { label: `${name(a)} · ${t`At risk`}`, value: a.at_risk, tone: 'warn' as const },
                    ])}
                  />
                ) : (
                  <p className={styles.muted}>
                    <Trans>Nothing is overdue or at risk.</Trans>
                  </p>
                )}
              </Card>
            </div>
          </>
        )}
      </div>
    </Page>
  );
}
