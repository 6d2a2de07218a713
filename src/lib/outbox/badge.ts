import { create } from 'zustand';

/**
 * How many of the signed-in citizen's outbox entries are not settled yet (waiting, sending, or
 * needing their action): the header shows its Outbox link while this is above zero. Filled by the
 * outbox feature, which is loaded only in the signed-in area.
 */
export const useOutboxBadge = create<{ open: number }>(() => ({ open: 0 }));
