import { useNavigate } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { OfficerTask } from '../../../../../contract/officer';
import { Card } from '../../../../components/layout/page';
import { Banner } from '../../../../components/ui/banner';
import { Button } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/empty-state';
import { LoadFailed } from '../../../../components/ui/load-failed';
import { SkeletonCard } from '../../../../components/ui/skeleton';
import { currentLanguage } from '../../../../lib/i18n';
import { errorMessage } from '../../../../lib/error-messages';
import { useLoad } from '../../../../lib/use-load';
import { fetchTaskQueue, takeNext, type QueueSearch, type TaskFilter } from '../../api/tasks';
import { TASKS } from '../../labels';
import { useDesk } from '../../stores/desk';
import { useFlash } from '../../stores/flash';
import { useKeys } from '../desk/use-keys';
import { QueueFilters } from './queue-filters';
import { TaskTable } from './task-table';
import { TaskTabs } from './task-tabs';
import styles from './queues.module.css';

/** The key of "Take next", on its button and in the "?" list. */
const TAKE_NEXT_KEY = 'n';

/** Queues whose cases an officer takes one after the other ("Take next"); the others are to follow. */
const TAKES_NEXT: readonly OfficerTask[] = ['payments', 'review', 'approval', 'issue', 'pickups'];

/**
 * /officer: the signed-in officer's own work, one queue per task of their role, each sorted by the
 * least working time left, with "Take next" (n) to claim and open the most urgent case.
 */
export function QueueScreen({ search }: { search: QueueSearch }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const counts = useDesk((s) => s.counts);
  const countsFailed = useDesk((s) => s.failed);
  const searchRef = useRef<HTMLInputElement>(null);
  const [taking, setTaking] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  const flash = useFlash();
  const language = currentLanguage();

  // The tasks the server counts are this officer's; a task of another role in the address is ignored.
  const mine = counts?.map((c) => c.task) ?? [];
  const task = search.task && mine.includes(search.task) ? search.task : mine[0];
  const filter: TaskFilter = {
    q: search.q,
    mine: search.mine,
    tone: search.tone,
    date: search.date,
    page: search.page,
  };

  useEffect(() => {
    void useDesk.getState().refresh();
  }, [task]);
  const state = useLoad(
    task ? (signal) => fetchTaskQueue(task, filter, signal) : null,
    [task, filter.q, filter.mine, filter.tone, filter.date, filter.page, language],
    { keep: true },
  );

  const go = (next: QueueSearch) =>
    navigate({
      to: '/officer',
      search: {
        task: next.task,
        q: next.q?.trim() || undefined,
        mine: next.mine || undefined,
        tone: next.tone,
        date: next.date,
        page: next.page && next.page > 1 ? next.page : undefined,
      },
    });

  const takeNextCase = async () => {
    if (!task || taking) return;
    setTaking(true);
    setNotice(null);
    useFlash.setState({ text: null });
    try {
      const id = await takeNext(task);
      if (id === null) {
        setNotice({ tone: 'info', text: i18n._(TASKS[task].empty) });
        state.retry();
      } else await navigate({ to: '/officer/applications/$id', params: { id: String(id) }, search: { task } });
    } catch (err) {
      setNotice({ tone: 'error', text: errorMessage(err) });
    } finally {
      setTaking(false);
    }
  };

  const canTake = !!task && TAKES_NEXT.includes(task);
  useKeys([
    {
      keys: [TAKE_NEXT_KEY],
      label: msg`Take the next case (least time left)`,
      run: () => void takeNextCase(),
      off: !canTake,
    },
    { keys: ['/'], label: msg`Search this queue`, run: () => searchRef.current?.focus() },
    {
      keys: ['m'],
      label: msg`Only the cases I hold, or all`,
      run: () => void go({ ...search, task, mine: !search.mine, page: 1 }),
    },
    ...(counts ?? []).slice(0, 9).map((c, i) => ({
      keys: [String(i + 1)],
      label: TASKS[c.task].label,
      run: () => void go({ task: c.task }),
    })),
  ]);

  if (!counts) {
    return countsFailed ? (
      <LoadFailed error={countsFailed} onRetry={() => void useDesk.getState().refresh()} />
    ) : (
      <div aria-busy="true" className={styles.loading}>
        <SkeletonCard lines={2} />
        <SkeletonCard lines={8} />
      </div>
    );
  }
  if (!task) return null;
  const queue = state.data?.task === task ? state.data : null;
  const pages = queue ? Math.max(1, Math.ceil(queue.total / queue.page_size)) : 1;
  const filtered = !!(filter.q || filter.mine || filter.tone);

  return (
    <>
      <div className={styles.head}>
        <h1 className={styles.title}>{i18n._(TASKS[task].label)}</h1>
        {canTake && (
          <Button
            onPress={() => void takeNextCase()}
            pending={taking}
            pendingLabel={i18n._(msg`Taking the next case…`)}
            aria-keyshortcuts={TAKE_NEXT_KEY}
          >
            <Trans>Take next</Trans>
            <kbd className={styles.kbdHint} aria-hidden="true">
              {TAKE_NEXT_KEY.toUpperCase()}
            </kbd>
          </Button>
        )}
      </div>
      <TaskTabs counts={counts} current={task} />
      {flash.text && (
        <Banner tone={flash.tone} onDismiss={() => useFlash.setState({ text: null })}>
          {flash.text}
        </Banner>
      )}
      {notice && (
        <Banner tone={notice.tone} onDismiss={() => setNotice(null)} focusOnShow>
          {notice.text}
        </Banner>
      )}
      <Card as="section">
        <QueueFilters
          key={task}
          task={task}
          filter={filter}
          searchRef={searchRef}
          onChange={(next) => void go({ ...next, task })}
        />
      </Card>
      {state.status === 'failed' && <LoadFailed error={state.error} onRetry={state.retry} />}
      {!queue && state.status !== 'failed' && (
        <div aria-busy="true">
          <SkeletonCard lines={8} />
        </div>
      )}
      {queue && queue.total === 0 && (
        <EmptyState title={filtered ? <Trans>No case matches.</Trans> : <Trans>Nothing waits here.</Trans>}>
          {filtered ? (
            <Trans>Clear the search or the filters to see the whole queue.</Trans>
          ) : (
            i18n._(TASKS[task].empty)
          )}
        </EmptyState>
      )}
      {queue && queue.total > 0 && (
        <Card as="section">
          <p className={styles.muted} role="status">
            {queue.total_capped ? (
              <>
                <Plural value={queue.total} one="more than # case" other="more than # cases" />
                {', '}
                <Trans>
                  page {queue.page}. Search with the whole name, the ticket or the ID card number to narrow it.
                </Trans>
              </>
            ) : (
              <>
                <Plural value={queue.total} one="# case" other="# cases" />
                {pages > 1 && (
                  <>
                    {', '}
                    <Trans>
                      page {queue.page} of {pages}
                    </Trans>
                  </>
                )}
              </>
            )}
          </p>
          <TaskTable task={task} items={queue.items} />
          {pages > 1 && (
            <nav className={styles.pager} aria-label={i18n._(msg`Pages`)}>
              <Button
                variant="secondary"
                isDisabled={queue.page <= 1}
                onPress={() => void go({ ...search, task, page: queue.page - 1 })}
              >
                <Trans>Previous page</Trans>
              </Button>
              <Button
                variant="secondary"
                isDisabled={queue.total_capped ? queue.items.length < queue.page_size : queue.page >= pages}
                onPress={() => void go({ ...search, task, page: queue.page + 1 })}
              >
                <Trans>Next page</Trans>
              </Button>
            </nav>
          )}
        </Card>
      )}
    </>
  );
}
