-- Foundation schema: organizations, providers, patient profiles, invitations, and the
-- built-in identity provider's persistent state. Written for PostgreSQL 15 (PGlite runs 17).

CREATE TABLE organizations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL UNIQUE,
  date_created timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE healthcare_providers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id),
  email_address text NOT NULL,
  first_name text,
  last_name text,
  display_name text,
  password_hash text NOT NULL,
  must_change_password boolean NOT NULL DEFAULT false,
  tc_version integer NOT NULL DEFAULT 0,
  roles text[] NOT NULL DEFAULT ARRAY['healthcare-provider']::text[],
  date_created timestamptz NOT NULL DEFAULT now()
);
-- Sign-in addresses are unique regardless of case.
CREATE UNIQUE INDEX healthcare_providers_email_key ON healthcare_providers (lower(email_address));
CREATE INDEX healthcare_providers_organization_idx ON healthcare_providers (organization_id);

CREATE TABLE patient_profiles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id),
  healthcare_provider_id uuid NOT NULL REFERENCES healthcare_providers (id),
  first_name text NOT NULL,
  last_name text NOT NULL,
  email_address text NOT NULL,
  birthdate date,
  sex text CHECK (sex IN ('male', 'female', 'unknown')),
  date_created timestamptz NOT NULL DEFAULT now()
);
-- Email is unique per organization (DUPLICATE_PATIENT_PROFILE).
CREATE UNIQUE INDEX patient_profiles_org_email_key ON patient_profiles (organization_id, lower(email_address));
CREATE INDEX patient_profiles_provider_created_idx ON patient_profiles (healthcare_provider_id, date_created DESC);
CREATE INDEX patient_profiles_org_created_idx ON patient_profiles (organization_id, date_created DESC);

CREATE TABLE healthcare_provider_invitations (
  id text PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  email_address text NOT NULL,
  used boolean NOT NULL DEFAULT false,
  active boolean NOT NULL DEFAULT true,
  date_expires timestamptz NOT NULL,
  date_created timestamptz NOT NULL DEFAULT now()
);

-- oidc-provider's models (sessions, grants, codes, refresh tokens, interactions) so that a
-- restart keeps people signed in.
CREATE TABLE oidc_payloads (
  id text NOT NULL,
  type text NOT NULL,
  payload jsonb NOT NULL,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  PRIMARY KEY (type, id)
);
CREATE INDEX oidc_payloads_grant_idx ON oidc_payloads (grant_id);
CREATE INDEX oidc_payloads_uid_idx ON oidc_payloads (uid);
CREATE INDEX oidc_payloads_expires_idx ON oidc_payloads (expires_at);

-- Failed sign-ins per account address and per client address, for slow-down and lockout.
CREATE TABLE sign_in_failures (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  locked_until timestamptz,
  last_failure_at timestamptz NOT NULL DEFAULT now()
);
