import crypto from 'node:crypto';
import { z } from 'zod';
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
