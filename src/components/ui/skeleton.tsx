import styles from './skeleton.module.css';

/** Grey placeholders while data loads (never a blank screen or a lone spinner). */
export function Skeleton({
  width = '100%',
  height = 16,
  radius = 8,
}: {
  width?: number | string;
  height?: number | string;
  radius?: number;
}) {
  return <span className={styles.skeleton} style={{ width, height, borderRadius: radius }} aria-hidden="true" />;
}

export function SkeletonCard({ lines = 3 }: { lines?: number }) {
  return (
    <div className={styles.card} aria-hidden="true">
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} width={i === 0 ? '60%' : i % 2 ? '90%' : '75%'} height={i === 0 ? 20 : 14} />
      ))}
    </div>
  );
}
