import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { OperatorCommand } from '@auscura/contracts';
import { describeChainReport, verifyAuditChain } from '../audit/chain.js';
import { createAuditRepository } from '../audit/repository.js';
import type { Db } from '../db/connect.js';
import { createOrganizationRepository } from '../organizations/repository.js';
import { setLocalPassword } from '../healthcare-providers/accounts.js';
import { management } from '../identity/account-identity.js';
import type { AccountIdentity } from '../identity/account-identity.js';
import { createInvitationRepository } from '../healthcare-providers/invitations.js';
import { createHealthcareProviderRepository } from '../healthcare-providers/repository.js';
import { passwordRuleViolation } from '../identity/password-policy.js';
import type { PasswordOwner } from '../identity/password-policy.js';
import { clearAccountFailures } from '../identity/lockout.js';
import { endOtherSessions } from '../identity/sessions.js';
import { seedDemoData } from '../seed/demo-data.js';

/**
 * Operator commands, run either by the CLI on the database directly or, while a server holds
 * DATA_DIR, by the server on the CLI's behalf (operator endpoint). One implementation for both.
 */

export type OperatorContext = {
  db: Db;
  publicUrl: string;
  tcVersion: number;
  /** Where passwords live; the built-in provider's database when not given. */
  identity?: AccountIdentity;
};

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
    case 'audit-verify': {
      const report = await verifyAuditChain(db);
      if (!report.ok) throw new OperatorError(describeChainReport(report));
      return describeChainReport(report);
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
      if (await createHealthcareProviderRepository(db).findAccountByEmail(command.email)) {
        throw new OperatorError(`${command.email} already has an account (reset-password sets a new password).`);
      }
      const invitation = await createInvitationRepository(db).insert({
        organizationId: organization.id,
        emailAddress: command.email,
        expiresInDays: command.expiresInDays,
      });
      return `Invitation for ${command.email} to "${organization.name}", valid until ${invitation.dateExpires.toISOString()}:\n${context.publicUrl}/create-account?t=${invitation.id}`;
    }
    case 'reset-password': {
      const account = await db
        .selectFrom('healthcare_providers')
        .select(['id', 'email_address', 'first_name', 'last_name', 'display_name', 'auth0_user_id'])
        .where(sql`lower(email_address)`, '=', command.email.toLowerCase())
        .executeTakeFirst();
      if (!account) throw new OperatorError(`No provider with the address ${command.email}.`);
      const password = temporaryPassword({
        emailAddress: account.email_address,
        firstName: account.first_name,
        lastName: account.last_name,
        displayName: account.display_name,
      });
      if (context.identity?.mode === 'auth0') {
        if (!account.auth0_user_id) throw new OperatorError(`${command.email} has no linked Auth0 user.`);
        await management(context.identity).updatePassword(account.auth0_user_id, password);
        await db
          .updateTable('healthcare_providers')
          .set({ must_change_password: true })
          .where('id', '=', account.id)
          .execute();
      } else {
        await setLocalPassword(db, account.id, password, { mustChangePassword: true, checkHistory: false });
        // A reset also lifts a sign-in lockout of the address.
        await clearAccountFailures(db, command.email);
      }
      // Whoever held the old password is signed out everywhere.
      await endOtherSessions(
        { db, identity: context.identity ?? { mode: 'built-in' } },
        { id: account.id, auth0UserId: account.auth0_user_id },
      );
      return [
        `Temporary password for ${account.email_address} (shown once; they must change it at their next sign-in; every session of the account has ended, and its access tokens are refused within a second):`,
        password,
      ].join('\n');
    }
    case 'revoke-sessions': {
      const account = await db
        .selectFrom('healthcare_providers')
        .select(['id', 'auth0_user_id'])
        .where(sql`lower(email_address)`, '=', command.email.toLowerCase())
        .executeTakeFirst();
      if (!account) throw new OperatorError(`No provider with the address ${command.email}.`);
      await endOtherSessions(
        { db, identity: context.identity ?? { mode: 'built-in' } },
        { id: account.id, auth0UserId: account.auth0_user_id },
      );
      return `Every session, grant and refresh token of ${command.email} has ended; its access tokens are refused within a second.`;
    }
  }
}

/**
 * 12 random bytes (96 bits) as 16 base64url characters, redrawn in the rare case the policy refuses
 * it, or it starts with a hyphen (awkward to paste after a command-line option).
 */
function temporaryPassword(owner: PasswordOwner): string {
  for (;;) {
    const password = crypto.randomBytes(12).toString('base64url');
    if (!password.startsWith('-') && !passwordRuleViolation(password, owner)) return password;
  }
}

export class OperatorError extends Error {}
