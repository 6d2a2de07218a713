import type { MessageDescriptor } from '@lingui/core';
import { create } from 'zustand';

/** One key of the screen: what to press, and what it does (shown in the "?" list). */
export interface KeyHelp {
  keys: string[];
  label: MessageDescriptor;
}

/** The keys of the screen on show, for the list "?" opens from the header. */
export const useKeyList = create<{ keys: KeyHelp[]; helpOpen: boolean }>(() => ({ keys: [], helpOpen: false }));
