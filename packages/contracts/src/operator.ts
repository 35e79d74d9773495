import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { apiErrorSchema } from './errors.js';

// The local operator endpoints (README "Operations"): the CLI's way in while a running server holds
// DATA_DIR. They sit outside /api/v1, answer only on loopback to the secret in DATA_DIR's
// operator-secret file (x-operator-secret), and are described here like every other endpoint, so
// the server parses what the CLI sends with the same schemas.

/** Where the operator endpoints live: outside /api/v1, never behind a proxy's public path. */
export const operatorBasePath = '/_operator';

/** How long an invitation link stays valid unless the operator says otherwise (days). */
export const invitationDefaultDays = 7;

/** `npm run admin -- <command>`: what the server runs on the CLI's behalf. */
export const operatorCommandSchema = z.discriminatedUnion('command', [
  z.object({ command: z.literal('seed'), reset: z.boolean().default(false) }),
  z.object({ command: z.literal('create-org'), name: z.string().trim().min(1).max(200) }),
  z.object({ command: z.literal('audit'), patient: z.uuid() }),
  z.object({ command: z.literal('audit-verify') }),
  z.object({ command: z.literal('grant-council'), email: z.email().max(120), revoke: z.boolean().default(false) }),
  z.object({
    command: z.literal('invite'),
    email: z.email().max(120),
    org: z.string().trim().min(1).max(200),
    expiresInDays: z.number().positive().max(365).default(invitationDefaultDays),
  }),
  z.object({ command: z.literal('reset-password'), email: z.email().max(120) }),
  z.object({ command: z.literal('revoke-sessions'), email: z.email().max(120) }),
]);
export type OperatorCommand = z.infer<typeof operatorCommandSchema>;

/** `--from` and `--to` of the audit export: ISO dates or date-times; the range is from ≤ at < to. */
export const auditRangeSchema = z.object({ from: z.coerce.date(), to: z.coerce.date() });

/** What a command or a backup printed, for the operator to read. */
const operatorOutputSchema = z.object({ output: z.string() });

export const operatorRoutes = {
  command: endpoint({
    method: 'POST',
    path: `${operatorBasePath}/commands`,
    public: true,
    body: operatorCommandSchema,
    responses: { 200: operatorOutputSchema, 400: apiErrorSchema, 403: apiErrorSchema },
    summary: 'Run an operator command (seed, create-org, audit, invite, reset-password …) on the CLI’s behalf',
  }),
  auditExport: endpoint({
    method: 'GET',
    path: `${operatorBasePath}/audit-export`,
    public: true,
    query: auditRangeSchema,
    // JSON lines (application/x-ndjson), one audit entry per line in chain order, streamed.
    responses: { 200: z.instanceof(Uint8Array), 403: apiErrorSchema },
    summary: 'Export the audit log between two dates as JSON lines',
  }),
  backup: endpoint({
    method: 'POST',
    path: `${operatorBasePath}/backup`,
    public: true,
    body: z.object({ folder: z.string().min(1).max(4096) }),
    responses: { 200: operatorOutputSchema, 400: apiErrorSchema, 403: apiErrorSchema },
    summary: 'Write a sealed backup of the embedded database and recordings into a new folder',
  }),
} as const;
