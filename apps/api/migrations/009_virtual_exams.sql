-- Virtual exams (issue 15): scheduled or started-now live exams, the patient's way in by access
-- code, and the live exam's shared real-time state. Written for PostgreSQL 15 (PGlite runs 17).

CREATE TABLE virtual_exams (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id),
  patient_profile_id uuid NOT NULL REFERENCES patient_profiles (id) ON DELETE CASCADE,
  healthcare_provider_id uuid NOT NULL REFERENCES healthcare_providers (id),
  -- 10 characters from 32 without look-alikes (50 bits), shown as xxx-xxx-rest.
  access_code text NOT NULL CHECK (access_code ~ '^[A-HJ-NP-Z2-9]{10}$'),
  -- Scheduled end plus a grace, or creation plus a fixed lifetime for exams started now.
  access_code_expires_at timestamptz NOT NULL,
  -- The exam (type live) made by PUT /virtual-exams/:id/exam; one per virtual exam.
  exam_id uuid UNIQUE REFERENCES exams (id) ON DELETE SET NULL,
  av_room_id text,
  -- The patient link as sent (PUBLIC_URL at creation time).
  link text NOT NULL,
  scheduled_start_date timestamptz,
  scheduled_end_date timestamptz,
  time_zone text NOT NULL,
  date_created timestamptz NOT NULL DEFAULT now(),
  CHECK ((scheduled_start_date IS NULL) = (scheduled_end_date IS NULL)),
  CHECK (scheduled_end_date > scheduled_start_date)
);
CREATE UNIQUE INDEX virtual_exams_access_code_key ON virtual_exams (access_code);
-- The calendar: one provider's exams by start.
CREATE INDEX virtual_exams_calendar_idx ON virtual_exams (healthcare_provider_id, scheduled_start_date, id);
CREATE INDEX virtual_exams_patient_idx ON virtual_exams (patient_profile_id);

-- The shared state of each live exam (exams-and-devices §3), one JSON document with a version
-- that grows with every change, so a restart loses nothing and clients drop stale copies.
CREATE TABLE live_exam_states (
  virtual_exam_id uuid PRIMARY KEY REFERENCES virtual_exams (id) ON DELETE CASCADE,
  state jsonb NOT NULL,
  version bigint NOT NULL DEFAULT 0,
  date_updated timestamptz NOT NULL DEFAULT now()
);

-- API processes serving live-exam connections, each renewing its lease every few seconds. The
-- presences of a process whose lease ran out (it crashed) are ended by the others, or by itself
-- after a restart under a new id.
CREATE TABLE realtime_servers (
  server_id text PRIMARY KEY,
  last_seen timestamptz NOT NULL DEFAULT now()
);

-- Open connections: one per participant-log entry whose loggedOut is not yet written.
CREATE TABLE live_exam_presences (
  presence_key text PRIMARY KEY,
  virtual_exam_id uuid NOT NULL REFERENCES virtual_exams (id) ON DELETE CASCADE,
  server_id text NOT NULL,
  date_created timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX live_exam_presences_server_idx ON live_exam_presences (server_id);

-- Secrets shared by every API process on this database: the HMAC keys of patient session and
-- real-time participant tokens (made on first use).
CREATE TABLE signing_keys (
  name text PRIMARY KEY,
  secret bytea NOT NULL,
  date_created timestamptz NOT NULL DEFAULT now()
);
