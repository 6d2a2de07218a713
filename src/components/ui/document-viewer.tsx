import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { apiFetch } from '../../lib/api-client';
import { readThroughFile } from '../../lib/offline-data';
import { Button } from './button';
import { Dialog, DialogActions } from './dialog';
import { Skeleton } from './skeleton';
import styles from './document-viewer.module.css';

/**
 * A document to show: bytes already on the device, or an authenticated API path (`/api/v1/…`).
 * A citizen's own document opened from a path is kept on the device for offline reading; `keep:
 * false` (an officer viewing someone else's) fetches it each time and stores nothing.
 */
export type DocumentSource = { blob: Blob; name?: string } | { path: string; name?: string; keep?: boolean };

export type Loaded =
  { status: 'loading' } | { status: 'ready'; url: string; type: string; blob: Blob } | { status: 'failed' };

/** pdf.js, for officers only: its code loads when an officer opens a PDF. */
const PdfPages = lazy(() => import('./pdf-pages'));

/** Fetches a document with the session's token (no public file URLs) and hands out an object URL. */
export function useDocumentUrl(source: DocumentSource | null, attempt: number): Loaded {
  const [state, setState] = useState<Loaded>({ status: 'loading' });
  useEffect(() => {
    if (!source) return;
    let url: string | null = null;
    let live = true;
    const controller = new AbortController();
    setState({ status: 'loading' });
    const load = async (): Promise<Blob> => {
      if ('blob' in source) return source.blob;
      const path = source.path.replace(/^\/api(?=\/)/, '');
      const fetchIt = async () => {
        const res = await apiFetch(path, { signal: controller.signal, timeoutMs: 120_000 });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        return res.blob();
      };
      return source.keep === false ? fetchIt() : readThroughFile(path, fetchIt);
    };
    load().then(
      (blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setState({ status: 'ready', url, type: blob.type, blob });
      },
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [source, attempt]);
  return state;
}

/** The document a screen shows: the viewer's heading and what to load. */
export interface ShownDocument {
  title: string;
  source: DocumentSource;
}

interface DocumentViewerProps {
  /** Open while a document is shown; none closes the viewer. */
  shown: ShownDocument | null;
  onClose(): void;
}

/**
 * A document in a modal: images inline; a citizen's own PDFs in a frame (with an Open link, since
 * many phone browsers do not draw PDFs inside a page), someone else's (an officer's view) as
 * pictures painted by pdf.js; anything else 'Unsupported file format'.
 */
export function DocumentViewer({ shown, onClose }: DocumentViewerProps) {
  const { t } = useLingui();
  const isOpen = shown !== null;
  const source = shown?.source ?? null;
  const title = shown?.title ?? t`Document`;
  const [attempt, setAttempt] = useState(0);
  const doc = useDocumentUrl(isOpen ? source : null, attempt);
  const name = source?.name ?? '';
  let body: ReactNode;
  if (doc.status === 'loading') {
    body = (
      <div className={styles.stage} aria-busy="true">
        <Skeleton height={320} radius={12} />
        <span className="visually-hidden">
          <Trans>Loading…</Trans>
        </span>
      </div>
    );
  } else if (doc.status === 'failed') {
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
  } else if (doc.type.startsWith('image/')) {
    body = (
      <div className={styles.stage}>
        <img src={doc.url} alt={name || t`Document`} className={styles.image} />
      </div>
    );
  } else if (doc.type === 'application/pdf' && source && 'path' in source && source.keep === false) {
    // Someone else's PDF (an officer's view): drawn as pictures by pdf.js, never by the browser's
    // viewer, so nothing in the file runs in the back office's origin.
    body = (
      <Suspense fallback={<Skeleton height={320} radius={12} />}>
        <PdfPages blob={doc.blob} label={name || t`Document`} />
      </Suspense>
    );
  } else if (doc.type === 'application/pdf') {
    body = (
      <>
        <iframe src={doc.url} title={name || t`Document`} className={styles.frame} />
        <a href={doc.url} target="_blank" rel="noopener" className={styles.open}>
          <Trans>Open the PDF</Trans>
        </a>
      </>
    );
  } else {
    body = (
      <p className={styles.message}>
        <Trans>Unsupported file format</Trans>
      </p>
    );
  }
  return (
    <Dialog isOpen={isOpen} onOpenChange={(open) => !open && onClose()} title={title} size="large">
      {name && <p className={styles.name}>{name}</p>}
      {body}
      <DialogActions>
        <Button variant="secondary" onPress={onClose}>
          <Trans>Close</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}
