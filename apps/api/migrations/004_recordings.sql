-- Recordings (issue: listening): where each auscultation's encrypted blobs live, and the
-- processing jobs that turn an upload into variants and an analysis. 003 belongs to another team.

ALTER TABLE auscultations
  -- Storage key of the original upload (the Raw variant), exactly the bytes received.
  ADD COLUMN recording_blob_key text,
  -- SHA-256 (hex) of the original bytes, checked when the blob is read back.
  ADD COLUMN recording_sha256 text CHECK (recording_sha256 ~ '^[0-9a-f]{64}$'),
  ADD COLUMN recording_sample_rate integer,
  ADD COLUMN recording_channels smallint,
  -- Processed variants: {"algo1": key, "algo2": key, "silence": key, "sg": key}.
  ADD COLUMN variant_blob_keys jsonb NOT NULL DEFAULT '{}'::jsonb;

-- The report page looks reports up by their unguessable id.
CREATE UNIQUE INDEX auscultations_beataware_id_idx ON auscultations (beataware_id) WHERE beataware_id IS NOT NULL;
-- The orphan sweep asks which stored keys still have a row.
CREATE INDEX auscultations_recording_blob_idx ON auscultations (recording_blob_key) WHERE recording_blob_key IS NOT NULL;

-- One processing job per uploaded recording. Jobs live here, not in memory, so work survives a
-- restart: at start, running jobs (interrupted) go back to pending and the worker resumes them.
CREATE TABLE recording_jobs (
  auscultation_id uuid PRIMARY KEY REFERENCES auscultations (id) ON DELETE CASCADE,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'running', 'done', 'failed')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  -- A short machine-readable reason (never patient data).
  last_error text CHECK (char_length(last_error) <= 500),
  date_created timestamptz NOT NULL DEFAULT now(),
  date_updated timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX recording_jobs_pending_idx ON recording_jobs (date_created) WHERE state IN ('pending', 'running');
