import styles from './step-progress.module.css';

/** A row of named steps with a bar each: the ones done and the current one are filled. */
export function StepProgress({ steps, current, label }: { steps: string[]; current: number; label?: string }) {
  const list = (
    <ol className={styles.list}>
      {steps.map((name, i) => (
        <li
          key={name}
          className={styles.item}
          data-state={i + 1 < current ? 'done' : i + 1 === current ? 'current' : 'todo'}
          aria-current={i + 1 === current ? 'step' : undefined}
        >
          <span className={styles.bar} aria-hidden="true" />
          <span className={styles.name}>{name}</span>
        </li>
      ))}
    </ol>
  );
  return label ? <nav aria-label={label}>{list}</nav> : list;
}
