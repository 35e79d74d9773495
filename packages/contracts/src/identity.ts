import { z } from 'zod';
import { roleSchema } from './healthcare-provider.js';

/** Custom claims the identity provider puts into access and id tokens. */
export const claimNamespace = 'https://auscura.example/';
export const claims = {
  roles: `${claimNamespace}roles`,
  organizationId: `${claimNamespace}organizationId`,
  organizationName: `${claimNamespace}organizationName`,
  healthcareProviderId: `${claimNamespace}healthcareProviderId`,
} as const;

/** The signed-in user as the web app sees it (clinician-portal §3, identity user). */
export const identityUserSchema = z.object({
  authId: z.string(),
  id: z.string(),
  email: z.string(),
  roles: z.array(roleSchema),
  organizationId: z.string(),
  organizationName: z.string(),
});
export type IdentityUser = z.infer<typeof identityUserSchema>;

export const apiScopes = ['openid', 'profile', 'email', 'api', 'offline_access'] as const;
