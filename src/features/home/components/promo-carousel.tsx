import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import styles from './promo-carousel.module.css';

/** 5 promo cards; a mouse drag scrolls at double speed. */
const CARDS = 5;
const DRAG_SPEED = 2;
/** Movement (px) below which a press is a click, not a drag. */
const DRAG_THRESHOLD = 4;

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Distance between the starts of two cards. */
function stepOf(el: HTMLElement): number {
  const card = el.firstElementChild as HTMLElement | null;
  return card ? card.offsetWidth + (parseFloat(getComputedStyle(el).columnGap) || 0) : el.clientWidth;
}

/**
 * The 'Sign Online' cards. Touch uses the browser's own scrolling (with momentum and snapping);
 * a mouse drags at double speed; the keyboard scrolls the focused strip with the arrow keys or
 * uses the previous / next buttons. Smooth scrolling is dropped when reduced motion is asked for.
 */
export function PromoCarousel() {
  const { t } = useLingui();
  const strip = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; left: number; moved: boolean } | null>(null);
  const [dragging, setDragging] = useState(false);
  const [pos, setPos] = useState({ current: 0, atStart: true, atEnd: false });
  const { current } = pos;

  useEffect(() => {
    const el = strip.current;
    if (!el) return;
    const onScroll = () => {
      const atEnd = el.scrollLeft + el.clientWidth >= el.scrollWidth - 2;
      // Wide screens show three cards: at the end of the strip the last one is the current one.
      const current = atEnd ? CARDS - 1 : Math.min(CARDS - 1, Math.max(0, Math.round(el.scrollLeft / stepOf(el))));
      setPos({ current, atStart: el.scrollLeft <= 2, atEnd });
    };
    onScroll();
    el.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      el.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, []);

  const show = (index: number) => {
    const el = strip.current;
    if (!el) return;
    const target = Math.min(CARDS - 1, Math.max(0, index));
    el.scrollTo({ left: target * stepOf(el), behavior: reducedMotion() ? 'auto' : 'smooth' });
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.pointerType !== 'mouse' || e.button !== 0) return;
    drag.current = { x: e.clientX, left: e.currentTarget.scrollLeft, moved: false };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    const dx = e.clientX - d.x;
    if (!d.moved && Math.abs(dx) < DRAG_THRESHOLD) return;
    if (!d.moved) {
      d.moved = true;
      e.currentTarget.setPointerCapture(e.pointerId);
      setDragging(true);
    }
    e.currentTarget.scrollLeft = d.left - dx * DRAG_SPEED;
  };
  const endDrag = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const moved = drag.current.moved;
    drag.current = null;
    if (!moved) return;
    if (e.currentTarget.hasPointerCapture(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
    setDragging(false);
    // Settle on the nearest card, as touch scrolling does with snapping.
    show(Math.round(e.currentTarget.scrollLeft / stepOf(e.currentTarget)));
  };

  return (
    <section className={styles.section} aria-roledescription={t`carousel`} aria-labelledby="promo-title">
      <h2 id="promo-title" className="visually-hidden">
        <Trans>News and tips</Trans>
      </h2>
      <div
        ref={strip}
        className={`${styles.strip} ${dragging ? styles.dragging : ''}`}
        tabIndex={0}
        role="group"
        aria-label={t`Promotions, scroll sideways`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onDragStart={(e) => e.preventDefault()}
      >
        {Array.from({ length: CARDS }, (_, i) => {
          const number = i + 1;
          return (
            <div
              key={i}
              className={styles.card}
              role="group"
              aria-roledescription={t`slide`}
              aria-label={t`${number} of ${CARDS}`}
            >
              <svg
                className={styles.art}
                viewBox="0 0 48 48"
                width="48"
                height="48"
                aria-hidden="true"
                focusable="false"
              >
                <path
                  d="M10 38h28M14 32l18-18 4 4-18 18h-4zM28 18l4 4"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.5"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              <p className={styles.title}>
                <Trans>Sign Online</Trans>
              </p>
              <p className={styles.text}>
                <Trans>Go paperless: apply, sign and receive your documents online, wherever you are.</Trans>
              </p>
            </div>
          );
        })}
      </div>
      <div className={styles.controls}>
        <button
          type="button"
          className={styles.arrow}
          onClick={() => !pos.atStart && show(current - 1)}
          aria-disabled={pos.atStart || undefined}
          aria-label={t`Previous card`}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              d="M15 5l-7 7 7 7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
        <div className={styles.dots}>
          {Array.from({ length: CARDS }, (_, i) => {
            const number = i + 1;
            return (
              <button
                key={i}
                type="button"
                className={styles.dot}
                aria-label={t`Show card ${number}`}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => show(i)}
              />
            );
          })}
        </div>
        <button
          type="button"
          className={styles.arrow}
          onClick={() => !pos.atEnd && show(current + 1)}
          aria-disabled={pos.atEnd || undefined}
          aria-label={t`Next card`}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              d="M9 5l7 7-7 7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      </div>
    </section>
  );
}
