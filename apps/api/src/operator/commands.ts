import crypto from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import { createAuditRepository } from '../audit/repository.js';
import type { Db } from '../db/connect.js';
import { createOrganizationRepository } from '../organizations/repository.js';
import { seedDemoData } from '../seed/demo-data.js';

/**
 * Operator commands, run either by the CLI on the database directly or, while a server holds
 * DATA_DIR, by the server on the CLI's behalf (operator endpoint). One implementation for both.
 */
export const operatorCommandSchema = z.discriminatedUnion('command', [
  z.object({ command: z.literal('seed'), reset: z.boolean().default(false) }),
  z.object({ command: z.literal('create-org'), name: z.string().trim().min(1).max(200) }),
  z.object({ command: z.literal('audit'), patient: z.uuid() }),
  z.object({ command: z.literal('grant-council'), email: z.email().max(120), revoke: z.boolean().default(false) }),
  z.object({
    command: z.literal('invite'),
    email: z.email().max(120),
    org: z.string().trim().min(1).max(200),
    expiresInDays: z.number().positive().max(365).default(7),
  }),
]);
export type OperatorCommand = z.infer<typeof operatorCommandSchema>;

export type OperatorContext = { db: Db; publicUrl: string; tcVersion: number };

export async function runOperatorCommand(context: OperatorContext, command: OperatorCommand): Promise<string> {
  const { db } = context;
  switch (command.command) {
    case 'seed': {
      const summary = await seedDemoData(db, { reset: command.reset, tcVersion: context.tcVersion });
      return summary;
    }
    case 'create-org': {
      const organizations = createOrganizationRepository(db);
      if (await organizations.findByName(command.name)) {
        throw new OperatorError(`An organization named "${command.name}" already exists.`);
      }
      const created = await organizations.insert(command.name);
      return `Created organization "${created.name}" (${created.id}).`;
    }
    case 'audit': {
      const trail = await createAuditRepository(db).trailForPatient(command.patient);
      if (trail.length === 0) return `No audit entries for patient ${command.patient}.`;
      const lines = trail.map(
        (entry) =>
          `${new Date(entry.at).toISOString()}  ${entry.action.padEnd(6)} ${entry.targetType.padEnd(20)} ${entry.targetId ?? '-'}  by ${entry.provider ?? 'unknown'}`,
      );
      return [`Audit trail of patient ${command.patient} (${trail.length} entries):`, ...lines].join('\n');
    }
    case 'grant-council': {
      const provider = await db
        .selectFrom('healthcare_providers')
        .select(['id', 'roles'])
        .where(sql`lower(email_address)`, '=', command.email.toLowerCase())
        .executeTakeFirst();
      if (!provider) throw new OperatorError(`No provider with the address ${command.email}.`);
      const roles = new Set(provider.roles);
      if (command.revoke) roles.delete('council-member');
      else roles.add('council-member');
      await db
        .updateTable('healthcare_providers')
        .set({ roles: [...roles] })
        .where('id', '=', provider.id)
        .execute();
      // Roles travel in access tokens: the change applies from the provider's next sign-in or refresh.
      return `${command.email} is ${command.revoke ? 'no longer' : 'now'} a council member (from their next sign-in or token refresh).`;
    }
    case 'invite': {
      const organization = await createOrganizationRepository(db).findByName(command.org);
      if (!organization) throw new OperatorError(`No organization named "${command.org}".`);
      // 128 bits of randomness: an invitation id cannot be guessed.
      const id = crypto.randomBytes(16).toString('base64url');
      const expires = new Date(Date.now() + command.expiresInDays * 24 * 3600 * 1000);
      await db
        .insertInto('healthcare_provider_invitations')
        .values({ id, organization_id: organization.id, email_address: command.email, date_expires: expires })
        .execute();
      return `Invitation for ${command.email} to "${organization.name}", valid until ${expires.toISOString()}:\n${context.publicUrl}/create-account?t=${id}`;
    }
  }
}

export class OperatorError extends Error {}
