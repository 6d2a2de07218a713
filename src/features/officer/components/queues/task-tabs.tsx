import { Link } from '@tanstack/react-router';
import { Plural, useLingui } from '@lingui/react/macro';
import type { OfficerTask, OfficerTaskCount } from '../../../../../contract/officer';
import { TASKS } from '../../labels';
import styles from './queues.module.css';

/**
 * The officer's queues, one link each with how many cases wait and how many of them are late:
 * the address says which queue is open, so going back from a case returns to it.
 */
export function TaskTabs({ counts, current }: { counts: OfficerTaskCount[]; current: OfficerTask }) {
  const { t, i18n } = useLingui();
  return (
    <nav aria-label={t`Queues`}>
      <ul className={styles.tabs}>
        {counts.map((c, index) => {
          const late = c.overdue + c.at_risk;
          return (
            <li key={c.task}>
              <Link
                to="/officer"
                search={{ task: c.task }}
                className={styles.tab}
                aria-current={c.task === current ? 'page' : undefined}
                aria-keyshortcuts={index < 9 ? String(index + 1) : undefined}
              >
                <span className={styles.tabName}>{i18n._(TASKS[c.task].label)}</span>
                <span className={styles.tabCount}>{c.total}</span>
                {late > 0 && (
                  <span className={styles.tabLate}>
                    {c.overdue > 0 ? (
                      <Plural value={c.overdue} one="# overdue" other="# overdue" />
                    ) : (
                      <Plural value={c.at_risk} one="# at risk" other="# at risk" />
                    )}
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
