import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../../lib/api-client';
import { claimCase } from '../../api/claims';
import type { OfficerCase } from '../../api/case-detail';

/** Renewed well inside CLAIM_MINUTES (15), so a case being read is not lost to the queue. */
const RENEW_MS = 5 * 60_000;

export type ClaimProblem = { holder: string | null } | null;

/**
 * Opening a case one may act on takes it (a claim), unless another officer holds it; the claim is
 * renewed while the screen is open and visible. Another holder is reported, never overridden.
 */
export function useClaim(c: OfficerCase | null, reload: () => void): ClaimProblem {
  const [problem, setProblem] = useState<ClaimProblem>(null);
  const id = c?.id;
  const actionable = !!c && c.actions.length > 0 && !c.own_application;
  const heldByOther = !!c?.claim && !c.claim.mine;
  const mine = !!c?.claim?.mine;
  const asked = useRef<number | null>(null);

  useEffect(() => {
    if (!id || !actionable || heldByOther) return;
    const take = async (first: boolean) => {
      try {
        await claimCase(id);
        setProblem(null);
        if (first && !mine) reload();
      } catch (err) {
        if (err instanceof ApiError && err.code === 'claimed_by_other') {
          const holder = (err.data.holder ?? err.data.claimed_by) as { name?: string; email?: string } | undefined;
          setProblem({ holder: holder?.name || holder?.email || null });
          reload();
        }
      }
    };
    if (asked.current !== id) {
      asked.current = id;
      void take(true);
    }
    const timer = window.setInterval(() => document.visibilityState === 'visible' && void take(false), RENEW_MS);
    return () => window.clearInterval(timer);
  }, [id, actionable, heldByOther, mine, reload]);
  return heldByOther ? { holder: c?.claim?.name || c?.claim?.email || null } : problem;
}
