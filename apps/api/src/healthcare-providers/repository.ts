import { sql } from 'kysely';
import type { DbOrTx } from '../db/connect.js';

export type ProviderAccount = {
  id: string;
  organizationId: string;
  organizationName: string;
  emailAddress: string;
  firstName: string | null;
  lastName: string | null;
  displayName: string | null;
  /** Null when the credential lives at Auth0. */
  passwordHash: string | null;
  roles: string[];
};

export function createHealthcareProviderRepository(db: DbOrTx) {
  const base = () =>
    db
      .selectFrom('healthcare_providers as hp')
      .innerJoin('organizations as o', 'o.id', 'hp.organization_id')
      .select([
        'hp.id',
        'hp.organization_id as organizationId',
        'o.name as organizationName',
        'hp.email_address as emailAddress',
        'hp.first_name as firstName',
        'hp.last_name as lastName',
        'hp.display_name as displayName',
        'hp.password_hash as passwordHash',
        'hp.roles',
      ]);
  return {
    findAccountById(id: string): Promise<ProviderAccount | undefined> {
      return base().where('hp.id', '=', id).executeTakeFirst();
    },
    findAccountByEmail(email: string): Promise<ProviderAccount | undefined> {
      return base()
        .where(sql`lower(hp.email_address)`, '=', email.trim().toLowerCase())
        .executeTakeFirst();
    },
    async insert(values: {
      /** Chosen beforehand when Auth0 must know it (app_metadata) before the row exists. */
      id?: string;
      organizationId: string;
      emailAddress: string;
      firstName: string | null;
      lastName: string | null;
      displayName: string | null;
      passwordHash: string | null;
      auth0UserId?: string | null;
      tcVersion: number;
      mustChangePassword?: boolean;
      roles?: string[];
    }): Promise<{ id: string }> {
      return db
        .insertInto('healthcare_providers')
        .values({
          ...(values.id ? { id: values.id } : {}),
          organization_id: values.organizationId,
          email_address: values.emailAddress,
          first_name: values.firstName,
          last_name: values.lastName,
          display_name: values.displayName,
          password_hash: values.passwordHash,
          auth0_user_id: values.auth0UserId ?? null,
          tc_version: values.tcVersion,
          must_change_password: values.mustChangePassword ?? false,
          roles: values.roles ?? ['healthcare-provider'],
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    },
  };
}
