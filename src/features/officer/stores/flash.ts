import { create } from 'zustand';

/** What was just done, said on the next screen (the next case, or the queue) once. */
export const useFlash = create<{ text: string | null; tone: 'success' | 'info' }>(() => ({
  text: null,
  tone: 'success',
}));
