import { z } from 'zod';
import { emailSchema, isoDateTimeSchema, limits, nameSchema, personNamePattern, uuidSchema } from './common.js';
import { endpoint } from './endpoint.js';
import { apiErrorSchema } from './errors.js';
import { listQueryParamsSchema, pagedSchema } from './query.js';

/** Roles carried in the token claim (clinician-portal §3, §6). council-member: see docs. */
export const roleSchema = z.enum(['healthcare-provider', 'patient', 'council-member']);
export type Role = z.infer<typeof roleSchema>;

export const healthcareProviderSchema = z.object({
  id: uuidSchema,
  emailAddress: emailSchema,
  firstName: z.string().max(limits.nameMaxLength).nullable(),
  lastName: z.string().max(limits.nameMaxLength).nullable(),
  displayName: z.string().max(limits.nameMaxLength).nullable(),
  organizationId: uuidSchema,
  mustChangePassword: z.boolean(),
  tcVersion: z.number().int().min(0),
  dateCreated: isoDateTimeSchema,
});
export type HealthcareProvider = z.infer<typeof healthcareProviderSchema>;

/** What other records embed about a provider. */
export const healthcareProviderSummarySchema = healthcareProviderSchema.pick({
  id: true,
  firstName: true,
  lastName: true,
  displayName: true,
  emailAddress: true,
});
export type HealthcareProviderSummary = z.infer<typeof healthcareProviderSummarySchema>;

export const healthcareProviderOverviewSchema = healthcareProviderSchema.extend({
  fullName: z.string(),
  roles: z.array(roleSchema),
  totalExams: z.number().int().min(0),
  totalPatients: z.number().int().min(0),
  totalUnreviewedExams: z.number().int().min(0),
});
export type HealthcareProviderOverview = z.infer<typeof healthcareProviderOverviewSchema>;

/** The password rule of the forms (clinician-portal §5). */
export const passwordSchema = z.string().min(limits.passwordMinLength).max(limits.passwordMaxLength);
/**
 * A password as the request bodies carry it: only the upper bound is a schema rule (INVALID_DATA);
 * the server's password policy answers PASSWORD_TOO_SHORT, PASSWORD_TOO_COMMON,
 * PASSWORD_CONTAINS_USER_INFORMATION and PASSWORD_SAME_AS_PREVIOUS itself.
 */
export const passwordInputSchema = z.string().max(limits.passwordMaxLength);

export const updateHealthcareProviderBodySchema = z.union([
  z.object({ tcVersion: z.number().int().min(0) }).strict(),
  z.object({ firstName: nameSchema, lastName: nameSchema, displayName: nameSchema }).strict(),
]);
/**
 * The password the account signs in with now: a password or email change asks for it, not only
 * for a recent sign-in (OWASP ASVS 4.0.3 §2.1.5), so a stolen access token alone changes neither.
 */
export const currentPasswordSchema = z.string().min(1).max(limits.passwordMaxLength);
export const updatePasswordBodySchema = z
  .object({ password: passwordInputSchema, currentPassword: currentPasswordSchema })
  .strict();
export const emailAddressBodySchema = z.object({ emailAddress: emailSchema }).strict();
export const changeEmailAddressBodySchema = z
  .object({ emailAddress: emailSchema, currentPassword: currentPasswordSchema })
  .strict();
/** The create-account name rule (clinician-portal §5): letters, periods, commas, apostrophes, spaces, hyphens. */
const accountNameSchema = nameSchema.regex(personNamePattern);
export const createHealthcareProviderBodySchema = z
  .object({
    invitationId: z.string().min(1).max(200),
    password: passwordInputSchema,
    firstName: accountNameSchema,
    lastName: accountNameSchema,
    displayName: accountNameSchema,
    tcVersion: z.number().int().min(0),
  })
  .strict();

export const healthcareProviderInvitationSchema = z.object({
  id: z.string(),
  emailAddress: emailSchema,
  used: z.boolean(),
  active: z.boolean(),
  dateExpires: isoDateTimeSchema,
  organization: z.object({ id: uuidSchema, name: z.string() }),
  isValid: z.boolean(),
});
export type HealthcareProviderInvitation = z.infer<typeof healthcareProviderInvitationSchema>;

const idParams = z.object({ id: uuidSchema });

export const healthcareProviderRoutes = {
  get: endpoint({
    method: 'GET',
    path: '/healthcare-providers/:id',
    params: idParams,
    responses: { 200: healthcareProviderSchema, 404: apiErrorSchema },
    summary: 'One provider of the caller’s organization',
  }),
  search: endpoint({
    method: 'GET',
    path: '/search/healthcare-providers',
    query: listQueryParamsSchema,
    responses: { 200: pagedSchema(healthcareProviderSchema) },
    summary: 'Providers of the caller’s organization',
  }),
  overview: endpoint({
    method: 'GET',
    path: '/healthcare-providers-overview',
    query: listQueryParamsSchema,
    responses: { 200: pagedSchema(healthcareProviderOverviewSchema) },
    summary: 'Providers with roles and totals',
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/healthcare-providers/:id',
    params: idParams,
    body: updateHealthcareProviderBodySchema,
    responses: { 200: healthcareProviderSchema, 400: apiErrorSchema, 403: apiErrorSchema },
    summary: 'tcVersion alone, or names',
  }),
  updatePassword: endpoint({
    method: 'PATCH',
    path: '/healthcare-providers/:id/password',
    params: idParams,
    body: updatePasswordBodySchema,
    responses: { 204: z.null(), 400: apiErrorSchema, 403: apiErrorSchema, 502: apiErrorSchema },
    summary: 'Change own password (clears mustChangePassword)',
  }),
  getEmailAddress: endpoint({
    method: 'GET',
    path: '/healthcare-providers/:id/email-address',
    params: idParams,
    responses: { 200: emailAddressBodySchema, 403: apiErrorSchema },
    summary: 'Own sign-in address',
  }),
  putEmailAddress: endpoint({
    method: 'PUT',
    path: '/healthcare-providers/:id/email-address',
    params: idParams,
    body: changeEmailAddressBodySchema,
    responses: {
      200: emailAddressBodySchema,
      400: apiErrorSchema,
      403: apiErrorSchema,
      409: apiErrorSchema,
      502: apiErrorSchema,
    },
    summary: 'Change own sign-in address',
  }),
  create: endpoint({
    method: 'POST',
    path: '/healthcare-providers',
    public: true,
    body: createHealthcareProviderBodySchema,
    responses: { 201: z.object({ id: uuidSchema }), 400: apiErrorSchema, 429: apiErrorSchema, 502: apiErrorSchema },
    summary: 'Create an account from an invitation',
  }),
  getInvitation: endpoint({
    method: 'GET',
    path: '/healthcare-provider-invitations/:id',
    public: true,
    params: z.object({ id: z.string().min(1).max(200) }),
    responses: { 200: healthcareProviderInvitationSchema, 400: apiErrorSchema, 429: apiErrorSchema },
    summary: 'An invitation, with isValid',
  }),
};
