import type { Shrunk } from './encode-loop';
import type { ShrinkTarget } from './targets';

/** What the page asks the shrinking worker, and what it answers. */
export interface ShrinkRequest {
  id: number;
  blob: Blob;
  target: ShrinkTarget;
}

export type ShrinkReply = { id: number; ok: true; shrunk: Shrunk } | { id: number; ok: false };
