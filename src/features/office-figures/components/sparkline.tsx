import styles from './figures.module.css';

/**
 * A figure's series as a small bar chart (SVG, no library): one bar per day, week or month, the
 * highest bar full height; a bucket with nothing measured has no bar.
 */
export function Sparkline({ values, label }: { values: (number | null)[]; label: string }) {
  const width = 160;
  const height = 36;
  const max = Math.max(0, ...values.map((v) => v ?? 0));
  const step = values.length ? width / values.length : width;
  const bar = Math.max(1, step - (values.length > 40 ? 0.5 : 2));
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      height={height}
      role="img"
      aria-label={label}
      preserveAspectRatio="none"
    >
      <line x1="0" y1={height - 0.5} x2={width} y2={height - 0.5} stroke="var(--border)" />
      {values.map((v, i) =>
        !v || max === 0 ? null : (
          <rect
            key={i}
            x={i * step}
            y={height - Math.max(1, (v / max) * (height - 2))}
            width={bar}
            height={Math.max(1, (v / max) * (height - 2))}
            fill="var(--blue-700)"
            rx="1"
          />
        ),
      )}
    </svg>
  );
}

/** Horizontal bars for a short ranked list (reasons, places). */
export function Bars({ items }: { items: { label: string; value: number; tone?: 'warn' | 'bad' }[] }) {
  const max = Math.max(1, ...items.map((i) => i.value));
  return (
    <ul className={styles.bars}>
      {items.map((i) => (
        <li key={i.label} className={styles.barRow}>
          <span className={styles.barLabel}>
            <span>{i.label}</span>
            <span
              aria-hidden="true"
              className={`${styles.bar} ${i.tone ? styles[i.tone] : ''}`}
              style={{ width: `${(i.value / max) * 100}%` }}
            />
          </span>
          <span className={styles.barValue}>{i.value}</span>
        </li>
      ))}
    </ul>
  );
}
