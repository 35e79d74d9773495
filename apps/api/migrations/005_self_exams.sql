-- Self-exam requests (issue 7): a provider asks a patient to record chosen points at home. The
-- patient opens `link` and signs in with `access_code` (no account); the patient-side calls of a
-- later issue read this row, and `finalized_at` marks the request complete.

CREATE TABLE self_exam_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id),
  patient_profile_id uuid NOT NULL REFERENCES patient_profiles (id) ON DELETE CASCADE,
  healthcare_provider_id uuid NOT NULL REFERENCES healthcare_providers (id),
  exam_date date NOT NULL,
  instructions text CHECK (char_length(instructions) <= 2000),
  -- Point labels (h1–h5, l1–l5); at least one. The server validates them against the contract.
  auscultation_points text[] NOT NULL CHECK (cardinality(auscultation_points) BETWEEN 1 AND 10),
  -- Random code from an alphabet without look-alike characters; the patient types it in.
  access_code text NOT NULL CHECK (access_code ~ '^[A-Z2-9]{8,32}$'),
  -- The patient link as sent (PUBLIC_URL at creation time), so a later move of the portal does not
  -- change what the patient was told.
  link text NOT NULL,
  -- The exam the patient's recordings go to, once the patient starts (patient side, later issue).
  exam_id uuid REFERENCES exams (id) ON DELETE SET NULL,
  date_created timestamptz NOT NULL DEFAULT now(),
  finalized_at timestamptz
);
CREATE INDEX self_exam_requests_patient_idx ON self_exam_requests (patient_profile_id, date_created DESC);
CREATE INDEX self_exam_requests_org_idx ON self_exam_requests (organization_id, date_created DESC);
