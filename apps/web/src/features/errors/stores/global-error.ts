import { atom } from 'jotai';

/** The error behind the global error screen; null while the app runs normally. */
export const globalErrorAtom = atom<{ error: unknown } | null>(null);
