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
CREATE INDEX exams_provider_created_idx ON exams (organization_id, healthcare_provider_id, date_created DESC, id DESC);
CREATE INDEX exams_org_created_idx ON exams (organization_id, date_created DESC, id DESC);
CREATE INDEX exams_created_idx ON exams (date_created DESC, id DESC);
CREATE INDEX exams_patient_created_idx ON exams (patient_profile_id, date_created DESC, id DESC);

-- Exam counts per conducting provider, kept by a trigger, so list totals ("N of M", paging
-- headers, the providers overview) never count a large table row by row.
CREATE TABLE exam_counters (
  healthcare_provider_id uuid PRIMARY KEY REFERENCES healthcare_providers (id) ON DELETE CASCADE,
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  total bigint NOT NULL DEFAULT 0,
  unreviewed bigint NOT NULL DEFAULT 0
);
CREATE INDEX exam_counters_org_idx ON exam_counters (organization_id);

CREATE FUNCTION exam_counters_apply(provider uuid, org uuid, total_delta integer, unreviewed_delta integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO exam_counters (healthcare_provider_id, organization_id, total, unreviewed)
  VALUES (provider, org, total_delta, unreviewed_delta)
  ON CONFLICT (healthcare_provider_id) DO UPDATE
    SET total = exam_counters.total + EXCLUDED.total,
        unreviewed = exam_counters.unreviewed + EXCLUDED.unreviewed;
$$;

CREATE FUNCTION exam_counters_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM exam_counters_apply(OLD.healthcare_provider_id, OLD.organization_id, -1, CASE WHEN OLD.reviewed THEN 0 ELSE -1 END);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM exam_counters_apply(NEW.healthcare_provider_id, NEW.organization_id, 1, CASE WHEN NEW.reviewed THEN 0 ELSE 1 END);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER exams_count_insert_delete AFTER INSERT OR DELETE ON exams
  FOR EACH ROW EXECUTE FUNCTION exam_counters_trigger();
CREATE TRIGGER exams_count_update AFTER UPDATE OF reviewed, healthcare_provider_id, organization_id ON exams
  FOR EACH ROW WHEN (OLD.reviewed IS DISTINCT FROM NEW.reviewed
                     OR OLD.healthcare_provider_id IS DISTINCT FROM NEW.healthcare_provider_id
                     OR OLD.organization_id IS DISTINCT FROM NEW.organization_id)
  EXECUTE FUNCTION exam_counters_trigger();

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
