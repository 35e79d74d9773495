import type { ColumnType, Generated } from 'kysely';

/** Row types of the SQL schema in migrations/ (kept by hand beside the SQL). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface OrganizationsTable {
  id: Generated<string>;
  name: string;
  date_created: Timestamp;
}

export interface HealthcareProvidersTable {
  id: Generated<string>;
  organization_id: string;
  email_address: string;
  first_name: string | null;
  last_name: string | null;
  display_name: string | null;
  password_hash: string;
  must_change_password: Generated<boolean>;
  tc_version: Generated<number>;
  roles: Generated<string[]>;
  date_created: Timestamp;
}

export interface PatientProfilesTable {
  id: Generated<string>;
  organization_id: string;
  healthcare_provider_id: string;
  first_name: string;
  last_name: string;
  email_address: string;
  birthdate: ColumnType<string | null, string | null | undefined, string | null>;
  sex: 'male' | 'female' | 'unknown' | null;
  date_created: Timestamp;
}

export interface HealthcareProviderInvitationsTable {
  id: string;
  organization_id: string;
  email_address: string;
  used: Generated<boolean>;
  active: Generated<boolean>;
  date_expires: Timestamp;
  date_created: Timestamp;
}

export interface OidcPayloadsTable {
  id: string;
  type: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Date | null;
  consumed_at: Date | null;
}

export interface SignInFailuresTable {
  key: string;
  failures: number;
  locked_until: Date | null;
  last_failure_at: Timestamp;
}

export interface Database {
  organizations: OrganizationsTable;
  healthcare_providers: HealthcareProvidersTable;
  patient_profiles: PatientProfilesTable;
  healthcare_provider_invitations: HealthcareProviderInvitationsTable;
  oidc_payloads: OidcPayloadsTable;
  sign_in_failures: SignInFailuresTable;
}
