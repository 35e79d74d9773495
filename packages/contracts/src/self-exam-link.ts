import { z } from 'zod';
import { emailSchema, isoDateTimeSchema, uuidSchema } from './common.js';
import { endpoint } from './endpoint.js';
import { apiErrorSchema } from './errors.js';
import { examTypeSchema } from './exam.js';
import { selfExamLimits, selfExamPointLabelSchema, selfExamPointLabels, selfExamSessionSchema } from './self-exam.js';

/**
 * Patient-initiated self exams (clinician-portal §1, 'Self - Patient Initiated'; issue 18): a
 * standing link per patient. The clinician sends it once; the patient opens it whenever they
 * choose, enters its access code, picks the points and records them, and each use becomes an
 * exam of its own. The spec names no lifetime: a link works for this many days from when it was
 * last sent (sending it again renews it with a new code), until the clinician turns it off.
 */
export const selfExamLinkLifetimeDays = 180;

/** At most this many uses started from one link in 24 hours (each use holds rows until it expires). */
export const selfExamLinkUsesPerDay = 20;

export const selfExamLinkStatusSchema = z.enum(['active', 'revoked', 'expired']);
export type SelfExamLinkStatus = z.infer<typeof selfExamLinkStatusSchema>;

/** What the clinician sees of a patient's standing link: never its access code (only its hash is kept). */
export const selfExamLinkSchema = z.object({
  id: uuidSchema,
  patientProfileId: uuidSchema,
  /** Who sent it last: that clinician is told when a self exam made with it arrives. */
  healthcareProviderId: uuidSchema,
  link: z.url(),
  instructions: z.string().nullable(),
  status: selfExamLinkStatusSchema,
  dateSent: isoDateTimeSchema,
  expiresAt: isoDateTimeSchema,
  revokedAt: isoDateTimeSchema.nullable(),
  /** Self exams sent with it (uses with at least one recording), and when the last one started. */
  uses: z.number().int(),
  lastUsedAt: isoDateTimeSchema.nullable(),
});
export type SelfExamLink = z.infer<typeof selfExamLinkSchema>;

export const selfExamLinkStateSchema = z.object({ selfExamLink: selfExamLinkSchema.nullable() });

export const sendSelfExamLinkBodySchema = z
  .object({ instructions: z.string().max(selfExamLimits.instructionsMaxLength).optional() })
  .strict();
export type SendSelfExamLinkBody = z.infer<typeof sendSelfExamLinkBodySchema>;

/** The answer to sending: the code once (to read to the patient if the email goes astray) and where it went. */
export const sentSelfExamLinkSchema = z.object({
  selfExamLink: selfExamLinkSchema,
  accessCode: z.string(),
  sentTo: emailSchema,
});
export type SentSelfExamLink = z.infer<typeof sentSelfExamLinkSchema>;

export const selfExamLinkAuthBodySchema = z
  .object({ accessCode: z.string().min(6).max(32), selfExamLinkId: uuidSchema })
  .strict();

/**
 * The patient's link session: who asked, the clinician's note, and a self exam started earlier with
 * this link and not yet sent in full (with its own session, so the patient can finish it).
 */
export const selfExamLinkSessionSchema = z.object({
  token: z.string(),
  expiresIn: z.number().int(),
  selfExamLinkId: uuidSchema,
  providerName: z.string().nullable(),
  organizationName: z.string(),
  instructions: z.string().nullable(),
  auscultationPoints: z.array(z.string()),
  unfinished: selfExamSessionSchema.nullable(),
});
export type SelfExamLinkSession = z.infer<typeof selfExamLinkSessionSchema>;

export const startSelfExamBodySchema = z
  .object({
    auscultationPoints: z
      .array(selfExamPointLabelSchema)
      .min(1)
      .max(selfExamPointLabels.length)
      .refine((labels) => new Set(labels).size === labels.length, 'Each auscultation point may be chosen once'),
  })
  .strict();
export type StartSelfExamBody = z.infer<typeof startSelfExamBodySchema>;

/** One self exam that arrived (every point sent) for the signed-in clinician. */
export const selfExamArrivalSchema = z.object({
  examId: uuidSchema,
  patientProfileId: uuidSchema,
  patientName: z.string(),
  type: examTypeSchema,
  arrivedAt: isoDateTimeSchema,
});
export type SelfExamArrival = z.infer<typeof selfExamArrivalSchema>;

/** How far back `since` may reach, and how many arrivals one answer holds. */
export const selfExamArrivalLimits = { maxAgeHours: 24, maxItems: 20 } as const;

export const selfExamArrivalsSchema = z.object({
  items: z.array(selfExamArrivalSchema),
  /** The server's clock: the next call's `since` (the browser's clock may differ). */
  now: isoDateTimeSchema,
});
export type SelfExamArrivals = z.infer<typeof selfExamArrivalsSchema>;

const patientParams = z.object({ id: uuidSchema });

export const selfExamLinkRoutes = {
  get: endpoint({
    method: 'GET',
    path: '/patient-profiles/:id/self-exam-link',
    params: patientParams,
    responses: { 200: selfExamLinkStateSchema, 404: apiErrorSchema },
    summary: 'The standing self-exam link of a patient of the caller’s organization (null when none was sent)',
  }),
  send: endpoint({
    method: 'POST',
    path: '/patient-profiles/:id/self-exam-link',
    params: patientParams,
    body: sendSelfExamLinkBodySchema,
    responses: { 201: sentSelfExamLinkSchema, 400: apiErrorSchema, 404: apiErrorSchema },
    summary: 'Send (or renew, with a new code) the standing self-exam link to the patient’s address on file',
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: '/patient-profiles/:id/self-exam-link',
    params: patientParams,
    responses: { 204: z.null(), 404: apiErrorSchema },
    summary: 'Turn the patient’s standing self-exam link off (its code stops working at once)',
  }),
  auth: endpoint({
    method: 'POST',
    path: '/self-exam-links/auth',
    public: true,
    body: selfExamLinkAuthBodySchema,
    responses: { 200: selfExamLinkSessionSchema, 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
    summary: 'Patient token for a standing self-exam link (the same refusal for a wrong code and an unknown link)',
  }),
  start: endpoint({
    method: 'POST',
    path: '/self-exam-links/:id/self-exams',
    // Public to the provider-token hook: the handler checks the link's patient token.
    public: true,
    params: z.object({ id: uuidSchema }),
    body: startSelfExamBodySchema,
    responses: { 201: selfExamSessionSchema, 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
    summary: 'Start a self exam of the points the patient chose (with the link’s patient token)',
  }),
  arrivals: endpoint({
    method: 'GET',
    path: '/self-exam-arrivals',
    query: z.object({ since: isoDateTimeSchema.optional() }),
    responses: { 200: selfExamArrivalsSchema },
    summary: 'The caller’s self exams (both kinds) that arrived after `since` (none without it: the cursor only)',
  }),
};
