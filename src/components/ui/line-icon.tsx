/** The chevrons of the app: back (the header, "previous") and forward (a row that opens a screen, "next"). */
export const BACK = 'M15 5l-7 7 7 7';
export const FORWARD = 'M9 5l7 7-7 7';

/**
 * An icon drawn as rounded lines in the text's colour on a 24-unit grid, at `size` pixels. It is
 * hidden from screen readers: the link or button around it carries the words.
 */
export function LineIcon({
  d,
  size = 24,
  weight = 2,
  className,
}: {
  /** The SVG path of the lines. */
  d: string;
  size?: number;
  /** Line width in grid units. */
  weight?: number;
  className?: string;
}) {
  return (
    <svg className={className} viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <path d={d} fill="none" stroke="currentColor" strokeWidth={weight} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
