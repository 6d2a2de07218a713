import { useEffect, useRef, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { getDocument, GlobalWorkerOptions } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import styles from './document-viewer.module.css';

GlobalWorkerOptions.workerSrc = workerUrl;

/** Pages drawn at most: a document of an application has a few; a huge one is opened page by page elsewhere. */
const MAX_PAGES = 20;

/**
 * Someone else's PDF, as an officer sees it: pdf.js reads it in a worker and paints each page on a
 * canvas. No viewer of the browser, no PDF script (pdf.js runs none unless asked), no eval, no
 * forms, no links: only pixels reach the page. Loaded with the back office only.
 */
export default function PdfPages({
  blob,
  label,
  sharpness = 1,
  className,
}: {
  blob: Blob;
  label: string;
  /** Paint this many times sharper than the holder's width, for a view that zooms in (at most 3). */
  sharpness?: number;
  className?: string;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    const pages = holder.current;
    const task = (async () => {
      const loading = getDocument({
        data: new Uint8Array(await blob.arrayBuffer()),
        isEvalSupported: false,
        enableXfa: false,
        stopAtErrors: false,
      });
      const pdf = await loading.promise;
      const width = pages?.clientWidth ?? 600;
      for (let n = 1; n <= Math.min(pdf.numPages, MAX_PAGES) && live; n++) {
        const page = await pdf.getPage(n);
        const base = page.getViewport({ scale: 1 });
        const viewport = page.getViewport({
          scale: (width / base.width) * (window.devicePixelRatio || 1) * Math.min(3, Math.max(1, sharpness)),
        });
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.className = styles.page;
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', `${label} (${n}/${pdf.numPages})`);
        await page.render({ canvas, viewport }).promise;
        if (live) pages?.append(canvas);
      }
      return loading;
    })();
    task.catch(() => live && setFailed(true));
    return () => {
      live = false;
      void task.then((loading) => loading.destroy()).catch(() => undefined);
      pages?.replaceChildren();
    };
  }, [blob, label, sharpness]);
  return failed ? (
    <p className={styles.message} role="alert">
      <Trans>This PDF could not be shown.</Trans>
    </p>
  ) : (
    <div ref={holder} className={className ?? styles.pages} data-testid="pdf-pages" />
  );
}
