import { useCurrentUser } from '../../../lib/auth.ts';

/** The signed-in provider's record id from the token; a provider can read and change only their own. */
export function useOwnProviderId(): string | null {
  return useCurrentUser()?.healthcareProviderId ?? null;
}
