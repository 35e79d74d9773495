-- Accounts (issue 6): password history, the link to an Auth0 user, and stricter invitations.
-- Written for PostgreSQL 15 (PGlite runs 17).

-- With Auth0 configured the credential lives at Auth0: no local hash, the Auth0 user id instead.
ALTER TABLE healthcare_providers ALTER COLUMN password_hash DROP NOT NULL;
ALTER TABLE healthcare_providers ADD COLUMN auth0_user_id text;
CREATE UNIQUE INDEX healthcare_providers_auth0_user_key ON healthcare_providers (auth0_user_id)
  WHERE auth0_user_id IS NOT NULL;

-- Earlier password hashes of a provider (the current one stays in healthcare_providers), so a
-- change can refuse the current password and the last five (PASSWORD_SAME_AS_PREVIOUS).
CREATE TABLE healthcare_provider_password_history (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  healthcare_provider_id uuid NOT NULL REFERENCES healthcare_providers (id) ON DELETE CASCADE,
  password_hash text NOT NULL,
  date_created timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX healthcare_provider_password_history_provider_idx
  ON healthcare_provider_password_history (healthcare_provider_id, id DESC);

-- Invitation ids carry at least 128 bits of randomness: 16 random bytes are 22 base64url characters.
ALTER TABLE healthcare_provider_invitations
  ADD CONSTRAINT healthcare_provider_invitations_id_length CHECK (char_length(id) >= 22);
CREATE INDEX healthcare_provider_invitations_email_idx ON healthcare_provider_invitations (lower(email_address));
