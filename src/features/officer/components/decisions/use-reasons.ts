import { useEffect, useState } from 'react';
import type { DecisionReason } from '../../../../../contract/officer';
import { fetchReasons } from '../../api/reasons';

/** The catalogue is the office's, not a citizen's: asked once and kept in memory while the tab lives. */
let cached: Promise<DecisionReason[]> | null = null;

export function forgetReasons(): void {
  cached = null;
}

export function useReasons(wanted: boolean): { reasons: DecisionReason[] | null; failed: boolean } {
  const [reasons, setReasons] = useState<DecisionReason[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    cached ??= fetchReasons();
    cached.then(
      (list) => live && setReasons(list),
      () => {
        cached = null;
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  return { reasons, failed };
}
