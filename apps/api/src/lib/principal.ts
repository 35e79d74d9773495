import type { Role } from '@auscura/contracts';

// Who a request is from, as every layer sees it. It lives here, below the domains and the identity
// adapters, so that lib/, audit/ and the domains name it without importing the identity adapter.

export type Principal = {
  /** The identity provider's subject. */
  authId: string;
  healthcareProviderId: string;
  organizationId: string;
  organizationName: string;
  roles: Role[];
  /** When the person last entered their password (seconds since 1970), if the token says. */
  authTime?: number;
  /** The built-in provider's grant the token was issued under. */
  grantId?: string;
};

/** Verifies an access token and answers its principal; the identity adapter implements it. */
export type TokenVerifier = (token: string) => Promise<Principal>;
