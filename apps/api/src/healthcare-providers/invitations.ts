import crypto from 'node:crypto';
import type { HealthcareProviderInvitation } from '@auscura/contracts';
import type { DbOrTx } from '../db/connect.js';
import { HttpError } from '../lib/http-error.js';

/** 16 random bytes: an invitation id carries 128 bits of randomness and cannot be guessed. */
function newInvitationId(): string {
  return crypto.randomBytes(16).toString('base64url');
}

export const invalidInvitation = () =>
  new HttpError(
    'INVALID_HEALTHCARE_PROVIDER_INVITATION',
    'This invitation is no longer valid. If you do not already have an account, please request a new invitation.',
  );

export type InvitationRow = {
  id: string;
  email_address: string;
  used: boolean;
  active: boolean;
  date_expires: Date;
  organization_id: string;
  organization_name: string;
};

/** Valid only while unused, active and unexpired (clinician-portal §3, §4). */
function isInvitationValid(row: Pick<InvitationRow, 'used' | 'active' | 'date_expires'>, now = new Date()) {
  return !row.used && row.active && new Date(row.date_expires).getTime() > now.getTime();
}

export function createInvitationRepository(db: DbOrTx) {
  return {
    find(id: string): Promise<InvitationRow | undefined> {
      return db
        .selectFrom('healthcare_provider_invitations as i')
        .innerJoin('organizations as o', 'o.id', 'i.organization_id')
        .select([
          'i.id',
          'i.email_address',
          'i.used',
          'i.active',
          'i.date_expires',
          'i.organization_id',
          'o.name as organization_name',
        ])
        .where('i.id', '=', id)
        .executeTakeFirst();
    },
    /**
     * Marks a valid invitation used and returns it, or nothing when it is not (or no longer)
     * valid. One UPDATE with the validity in its WHERE: of two simultaneous claims, PostgreSQL
     * lets the second re-check the row after the first commits, so only one succeeds.
     */
    claim(id: string) {
      return db
        .updateTable('healthcare_provider_invitations')
        .set({ used: true })
        .where('id', '=', id)
        .where('used', '=', false)
        .where('active', '=', true)
        .where('date_expires', '>', new Date())
        .returning(['id', 'organization_id', 'email_address'])
        .executeTakeFirst();
    },
    /** Gives a claimed invitation back when the account could not be made after all. */
    async release(id: string): Promise<void> {
      await db.updateTable('healthcare_provider_invitations').set({ used: false }).where('id', '=', id).execute();
    },
    async insert(values: { organizationId: string; emailAddress: string; expiresInDays: number }) {
      const id = newInvitationId();
      const dateExpires = new Date(Date.now() + values.expiresInDays * 24 * 3600 * 1000);
      await db
        .insertInto('healthcare_provider_invitations')
        .values({
          id,
          organization_id: values.organizationId,
          email_address: values.emailAddress,
          date_expires: dateExpires,
        })
        .execute();
      return { id, dateExpires };
    },
  };
}

export function toInvitation(row: InvitationRow): HealthcareProviderInvitation {
  return {
    id: row.id,
    emailAddress: row.email_address,
    used: row.used,
    active: row.active,
    dateExpires: new Date(row.date_expires).toISOString(),
    organization: { id: row.organization_id, name: row.organization_name },
    isValid: isInvitationValid(row),
  };
}
