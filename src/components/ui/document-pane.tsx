import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { Button } from './button';
import { useDocumentUrl, type ShownDocument } from './document-viewer';
import { Skeleton } from './skeleton';
import styles from './document-pane.module.css';

const PdfPages = lazy(() => import('./pdf-pages'));

/** How a document is looked at: zoom (1 = the pane's width) and quarter turns. */
export interface DocumentView {
  zoom: number;
  rotation: 0 | 90 | 180 | 270;
}
export const FIT: DocumentView = { zoom: 1, rotation: 0 };
export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3] as const;

export function zoomBy(view: DocumentView, step: 1 | -1): DocumentView {
  const i = ZOOM_STEPS.findIndex((z) => z >= view.zoom);
  const next = ZOOM_STEPS[Math.min(ZOOM_STEPS.length - 1, Math.max(0, (i < 0 ? ZOOM_STEPS.length - 1 : i) + step))];
  return { ...view, zoom: next };
}
export const turn = (view: DocumentView): DocumentView => ({
  ...view,
  rotation: ((view.rotation + 90) % 360) as DocumentView['rotation'],
});

/**
 * A quarter-turned box keeps its unturned size in the layout: margins make its layout box the
 * size it is seen at, so the pane scrolls over all of it and nothing is cut at the top.
 */
function useTurnedBox(rotation: number, zoom: number) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const apply = () => {
      if (rotation % 180 === 0) {
        el.style.margin = '';
        return;
      }
      const d = (el.offsetWidth - el.offsetHeight) / 2;
      el.style.margin = `${d}px ${-d}px`;
    };
    apply();
    const observer = new ResizeObserver(apply);
    observer.observe(el);
    return () => observer.disconnect();
  }, [rotation, zoom]);
  return box;
}

/**
 * Several documents of one case in one pane beside the data they prove: one at a time, with
 * zoom, fit, a quarter turn and the previous and next document. The screen holds which document
 * and which view, so its keys and these buttons do the same. Someone else's PDFs are painted by
 * pdf.js; nothing is kept on the device.
 */
export function DocumentPane({
  documents,
  index,
  onIndex,
  view,
  onView,
  label,
}: {
  documents: ShownDocument[];
  index: number;
  onIndex(index: number): void;
  view: DocumentView;
  onView(view: DocumentView): void;
  /** Names the region for screen readers ("Documents"). */
  label: string;
}) {
  const { t } = useLingui();
  const [attempt, setAttempt] = useState(0);
  const shown = documents[index] ?? null;
  const doc = useDocumentUrl(shown?.source ?? null, attempt);
  const box = useTurnedBox(view.rotation, view.zoom);
  const count = documents.length;
  const title = shown?.title ?? '';
  const position = count ? index + 1 : 0;

  let body;
  if (!shown) body = null;
  else if (doc.status === 'loading') body = <Skeleton height={420} radius={8} />;
  else if (doc.status === 'failed')
    body = (
      <div className={styles.message} role="alert">
        <p>
          <Trans>The document could not be loaded. Check your connection and try again.</Trans>
        </p>
        <Button variant="secondary" onPress={() => setAttempt((n) => n + 1)}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  else if (doc.type.startsWith('image/')) body = <img src={doc.url} alt={title} className={styles.image} />;
  else if (doc.type === 'application/pdf')
    body = (
      <Suspense fallback={<Skeleton height={420} radius={8} />}>
        <PdfPages blob={doc.blob} label={title} sharpness={2} className={styles.pages} />
      </Suspense>
    );
  else
    body = (
      <p className={styles.message}>
        <Trans>Unsupported file format</Trans>
      </p>
    );

  const zoomPercent = Math.round(view.zoom * 100);
  return (
    <section className={styles.pane} aria-label={label}>
      <div className={styles.bar}>
        <div className={styles.which}>
          <Button
            variant="ghost"
            className={styles.tool}
            isDisabled={index <= 0}
            onPress={() => onIndex(index - 1)}
            aria-label={t`Previous document`}
            aria-keyshortcuts="["
          >
            <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
              <path d="M12.5 4 6.5 10l6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </Button>
          <h3 className={styles.title} aria-live="polite">
            <span>{title}</span>{' '}
            <span className={styles.count}>
              <Trans>
                ({position} of {count})
              </Trans>
            </span>
          </h3>
          <Button
            variant="ghost"
            className={styles.tool}
            isDisabled={index >= count - 1}
            onPress={() => onIndex(index + 1)}
            aria-label={t`Next document`}
            aria-keyshortcuts="]"
          >
            <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
              <path d="m7.5 4 6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </Button>
        </div>
        <div className={styles.tools} role="group" aria-label={t`View`}>
          <Button
            variant="ghost"
            className={styles.tool}
            onPress={() => onView(zoomBy(view, -1))}
            aria-label={t`Zoom out`}
            aria-keyshortcuts="-"
          >
            <span aria-hidden="true">−</span>
          </Button>
          <output className={styles.zoom} aria-label={t`Zoom`}>
            {zoomPercent}%
          </output>
          <Button
            variant="ghost"
            className={styles.tool}
            onPress={() => onView(zoomBy(view, 1))}
            aria-label={t`Zoom in`}
            aria-keyshortcuts="+"
          >
            <span aria-hidden="true">+</span>
          </Button>
          <Button
            variant="ghost"
            className={styles.tool}
            onPress={() => onView({ ...view, zoom: 1 })}
            aria-keyshortcuts="0"
          >
            <Trans>Fit</Trans>
          </Button>
          <Button
            variant="ghost"
            className={styles.tool}
            onPress={() => onView(turn(view))}
            aria-label={t`Rotate`}
            aria-keyshortcuts="r"
          >
            <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
              <path
                d="M15.5 9.5A5.5 5.5 0 1 1 13 5M13 1.8V5h-3.2"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </Button>
        </div>
      </div>
      {shown?.source && 'name' in shown.source && shown.source.name && (
        <p className={styles.name}>{shown.source.name}</p>
      )}
      <div
        className={styles.stage}
        // Focusable so the keyboard can scroll a zoomed page; a group, so its name is allowed.
        role="group"
        tabIndex={0}
        aria-label={t`${title}, zoom ${zoomPercent}%`}
        data-testid="document-stage"
      >
        <div
          ref={box}
          className={styles.box}
          style={{ width: `${view.zoom * 100}%`, transform: view.rotation ? `rotate(${view.rotation}deg)` : undefined }}
          data-zoom={view.zoom}
          data-rotation={view.rotation}
        >
          {body}
        </div>
      </div>
    </section>
  );
}
