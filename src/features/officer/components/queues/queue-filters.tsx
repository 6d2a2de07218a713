import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { OfficerTask } from '../../../../../contract/officer';
import { Button } from '../../../../components/ui/button';
import { SelectField, TextField } from '../../../../components/ui/field';
import { Switch } from '../../../../components/ui/switch';
import type { TaskFilter } from '../../api/tasks';
import styles from './queues.module.css';

/**
 * Search and filters inside the queue: ticket, name or ID card; late cases only (at risk or
 * overdue); the cases I hold; for the pick-up desk, the day. Every field has its label above it,
 * and the row's controls share one baseline.
 */
export function QueueFilters({
  task,
  filter,
  onChange,
  searchRef,
}: {
  task: OfficerTask;
  filter: TaskFilter;
  onChange(next: TaskFilter): void;
  searchRef: React.RefObject<HTMLInputElement | null>;
}) {
  const { t } = useLingui();
  const hintId = useId();
  const [q, setQ] = useState(filter.q ?? '');
  const submitted = useRef(filter.q);
  useEffect(() => {
    if (filter.q !== submitted.current) setQ(filter.q ?? '');
    submitted.current = filter.q;
  }, [filter.q]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange({ ...filter, q, page: 1 });
  };
  return (
    <form className={styles.filters} onSubmit={submit} role="search">
      <div className={styles.searchField}>
        <TextField
          ref={searchRef}
          label={<Trans>Search</Trans>}
          aria-describedby={hintId}
          aria-keyshortcuts="/"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          type="search"
          maxLength={100}
        />
      </div>
      {task === 'pickups' ? (
        <TextField
          label={<Trans>Day</Trans>}
          type="date"
          value={filter.date ?? ''}
          onChange={(e) => onChange({ ...filter, date: e.target.value || undefined, page: 1 })}
        />
      ) : task !== 'waiting' ? (
        <SelectField
          label={<Trans>Time left</Trans>}
          placeholder={t`All cases`}
          options={[
            { id: 'at-risk', name: t`At risk` },
            { id: 'overdue', name: t`Overdue` },
          ]}
          value={filter.tone ?? ''}
          onChange={(e) => onChange({ ...filter, tone: (e.target.value || undefined) as TaskFilter['tone'], page: 1 })}
        />
      ) : null}
      <div className={styles.mine}>
        <Switch isSelected={!!filter.mine} onChange={(mine) => onChange({ ...filter, mine, page: 1 })}>
          <Trans>Only cases I hold</Trans>
        </Switch>
      </div>
      <Button type="submit" variant="secondary">
        <Trans>Search</Trans>
      </Button>
      <p id={hintId} className={styles.hint}>
        <Trans>Ticket number, name or ID card number</Trans>
      </p>
    </form>
  );
}
