-- Patient-initiated self exams (issue 18): one standing link per patient. The clinician sends it;
-- the patient opens `link`, enters the access code, chooses the points, and each use becomes a
-- self-exam request of its own (self_exam_requests.self_exam_link_id) whose exam is 'Self - Patient
-- Initiated'. Sending again renews the same row (new code, new expiry), so the link in the
-- patient's mail stays the same; turning it off sets revoked_at.

CREATE TABLE self_exam_links (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id),
  patient_profile_id uuid NOT NULL UNIQUE REFERENCES patient_profiles (id) ON DELETE CASCADE,
  -- Who sent it last: the self exams made with it are theirs, and they are told when one arrives.
  healthcare_provider_id uuid NOT NULL REFERENCES healthcare_providers (id),
  instructions text CHECK (char_length(instructions) <= 2000),
  -- SHA-256 (hex) of the access code: the code is mailed and shown once, never stored, so a copy of
  -- the database does not hand out working codes for links that live for months.
  access_code_hash text NOT NULL CHECK (access_code_hash ~ '^[0-9a-f]{64}$'),
  link text NOT NULL,
  date_created timestamptz NOT NULL DEFAULT now(),
  date_sent timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX self_exam_links_org_idx ON self_exam_links (organization_id);

-- A use of a link is a self-exam request with the patient's chosen points and no access code of
-- its own (the link's code opens it); a clinician's request has a code and no link.
ALTER TABLE self_exam_requests ADD COLUMN self_exam_link_id uuid REFERENCES self_exam_links (id);
ALTER TABLE self_exam_requests ALTER COLUMN access_code DROP NOT NULL;
ALTER TABLE self_exam_requests
  ADD CONSTRAINT self_exam_requests_code_or_link CHECK ((access_code IS NULL) = (self_exam_link_id IS NOT NULL));
CREATE INDEX self_exam_requests_link_idx ON self_exam_requests (self_exam_link_id, date_created DESC)
  WHERE self_exam_link_id IS NOT NULL;

-- The signed-in shell asks every half minute which of the clinician's self exams arrived lately.
CREATE INDEX self_exam_requests_arrivals_idx ON self_exam_requests (healthcare_provider_id, finalized_at)
  WHERE finalized_at IS NOT NULL;
