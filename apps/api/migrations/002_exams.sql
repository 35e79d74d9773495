-- Exams, auscultations and the audit log (issue: patients, organization, council, exam review).

CREATE TABLE exams (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id),
  patient_profile_id uuid NOT NULL REFERENCES patient_profiles (id) ON DELETE CASCADE,
  healthcare_provider_id uuid NOT NULL REFERENCES healthcare_providers (id),
  type text NOT NULL CHECK (type IN ('live', 'self-provider-initiated', 'self-patient-initiated', 'in-person')),
  notes text CHECK (char_length(notes) <= 5000),
  enhanced_notes text[] NOT NULL DEFAULT ARRAY[]::text[],
  reviewed boolean NOT NULL DEFAULT false,
  date_created timestamptz NOT NULL DEFAULT now()
);
-- Lists: a provider's exams, an organization's exams and everyone's (council), newest first;
-- a patient's history. The id breaks ties so paging and Previous/Next are stable.
CREATE INDEX exams_provider_created_idx ON exams (healthcare_provider_id, date_created DESC, id DESC);
CREATE INDEX exams_org_created_idx ON exams (organization_id, date_created DESC, id DESC);
CREATE INDEX exams_created_idx ON exams (date_created DESC, id DESC);
CREATE INDEX exams_patient_created_idx ON exams (patient_profile_id, date_created DESC, id DESC);
CREATE INDEX exams_org_unreviewed_idx ON exams (healthcare_provider_id) WHERE NOT reviewed;

CREATE TABLE auscultations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  exam_id uuid NOT NULL REFERENCES exams (id) ON DELETE CASCADE,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  point_type text NOT NULL CHECK (point_type IN ('heart', 'lungs', 'other')),
  point_label text NOT NULL,
  point_description text,
  device_label text,
  noise_quality_record jsonb,
  heartrate_bpm double precision,
  heartbeat_present boolean,
  heartbeat_normal boolean,
  diagnosis smallint CHECK (diagnosis IN (-1, 0, 1, 2)),
  beataware_id text,
  beataware_status text CHECK (beataware_status IN ('processing', 'failed', 'error', 'ready')),
  beataware_report jsonb,
  recording_duration double precision,
  recording_mime_type text,
  recording_size bigint,
  date_created timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auscultations_exam_idx ON auscultations (exam_id, date_created);

-- Who read or changed which patient data, when.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  healthcare_provider_id uuid,
  organization_id uuid,
  action text NOT NULL,
  target_type text NOT NULL,
  target_id uuid,
  patient_profile_id uuid,
  detail jsonb
);
CREATE INDEX audit_log_patient_idx ON audit_log (patient_profile_id, at);
-- List reads name the patients they showed in detail.patientProfileIds.
CREATE INDEX audit_log_detail_idx ON audit_log USING gin (detail jsonb_path_ops);
