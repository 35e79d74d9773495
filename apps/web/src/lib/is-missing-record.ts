import { ApiError } from './api-client.ts';

/**
 * Whether a failed load of one record means "no such record": 404, or 400 for an id that is
 * not even well formed (a hand-edited address). Both show the not-found page.
 */
export function isMissingRecord(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
