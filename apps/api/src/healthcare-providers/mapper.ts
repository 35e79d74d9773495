import type { HealthcareProvider } from '@auscura/contracts';

/** The columns a provider's answer is made of (never the password hash). */
export const providerColumns = [
  'hp.id',
  'hp.organization_id',
  'hp.email_address',
  'hp.first_name',
  'hp.last_name',
  'hp.display_name',
  'hp.must_change_password',
  'hp.tc_version',
  'hp.roles',
  'hp.date_created',
] as const;

type ProviderRow = {
  id: string;
  organization_id: string;
  email_address: string;
  first_name: string | null;
  last_name: string | null;
  display_name: string | null;
  must_change_password: boolean;
  tc_version: number;
  roles: string[];
  date_created: Date;
};

export function toProvider(row: ProviderRow): HealthcareProvider {
  return {
    id: row.id,
    emailAddress: row.email_address,
    firstName: row.first_name,
    lastName: row.last_name,
    displayName: row.display_name,
    organizationId: row.organization_id,
    mustChangePassword: row.must_change_password,
    tcVersion: row.tc_version,
    dateCreated: new Date(row.date_created).toISOString(),
  };
}
