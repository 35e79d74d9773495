-- The audit log as a hash chain (issue 23): every entry carries the SHA-256 of the entry before it,
-- so changing, removing or inserting a row shows at the first entry whose hash no longer matches.
-- The chain is kept by the database itself, in a trigger, so every writer (several requests, several
-- connections, several API processes) appends to one chain: the head row is locked (SELECT … FOR
-- UPDATE) by each append until its transaction ends, so appends are serialized and a waiting writer
-- reads the head its predecessor committed (READ COMMITTED re-reads a locked row after the wait; under
-- REPEATABLE READ the wait ends in a serialization error, never in a fork).

-- Who acted: a provider (healthcare_provider_id), a patient through a scoped token (actor_ref: the
-- virtual exam or self-exam request the token is for), the operator, or the system.
ALTER TABLE audit_log
  ADD COLUMN actor_kind text NOT NULL DEFAULT 'healthcare-provider'
    CHECK (actor_kind IN ('healthcare-provider', 'patient', 'operator', 'system')),
  ADD COLUMN actor_ref uuid,
  ADD COLUMN seq bigint,
  ADD COLUMN prev_hash bytea,
  ADD COLUMN hash bytea;

CREATE TABLE audit_chain_head (
  id int PRIMARY KEY CHECK (id = 1),
  seq bigint NOT NULL,
  hash bytea NOT NULL
);
INSERT INTO audit_chain_head (id, seq, hash) VALUES (1, 0, decode(repeat('00', 32), 'hex'));

-- What is hashed: the entry's fields as canonical JSON text (jsonb orders keys, the time is UTC with
-- microseconds), so the verifier and anyone holding an export can recompute it.
CREATE FUNCTION audit_entry_text(entry audit_log) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', entry.id,
    'seq', entry.seq,
    'at', to_char(entry.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    'actorKind', entry.actor_kind,
    'actorRef', entry.actor_ref,
    'healthcareProviderId', entry.healthcare_provider_id,
    'organizationId', entry.organization_id,
    'action', entry.action,
    'targetType', entry.target_type,
    'targetId', entry.target_id,
    'patientProfileId', entry.patient_profile_id,
    'detail', entry.detail
  )::text
$$;

CREATE FUNCTION audit_entry_hash(prev bytea, entry audit_log) RETURNS bytea LANGUAGE sql STABLE AS $$
  SELECT sha256(prev || convert_to(audit_entry_text(entry), 'UTF8'))
$$;

CREATE FUNCTION audit_log_append() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head audit_chain_head;
BEGIN
  SELECT * INTO head FROM audit_chain_head WHERE id = 1 FOR UPDATE;
  NEW.seq := head.seq + 1;
  NEW.prev_hash := head.hash;
  NEW.hash := audit_entry_hash(head.hash, NEW);
  UPDATE audit_chain_head SET seq = NEW.seq, hash = NEW.hash WHERE id = 1;
  RETURN NEW;
END
$$;

-- Entries written before the chain existed join it in the order they were written.
DO $$
DECLARE
  entry audit_log;
  head audit_chain_head;
BEGIN
  SELECT * INTO head FROM audit_chain_head WHERE id = 1;
  FOR entry IN SELECT * FROM audit_log ORDER BY id LOOP
    entry.seq := head.seq + 1;
    entry.prev_hash := head.hash;
    entry.hash := audit_entry_hash(head.hash, entry);
    UPDATE audit_log SET seq = entry.seq, prev_hash = entry.prev_hash, hash = entry.hash WHERE id = entry.id;
    head.seq := entry.seq;
    head.hash := entry.hash;
  END LOOP;
  UPDATE audit_chain_head SET seq = head.seq, hash = head.hash WHERE id = 1;
END
$$;

ALTER TABLE audit_log ALTER COLUMN seq SET NOT NULL, ALTER COLUMN prev_hash SET NOT NULL, ALTER COLUMN hash SET NOT NULL;
CREATE UNIQUE INDEX audit_log_seq_idx ON audit_log (seq);
CREATE INDEX audit_log_at_idx ON audit_log (at);

CREATE TRIGGER audit_log_append BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append();

-- The log is append-only for the application: changing or removing entries needs someone to drop
-- these triggers first, and even then the chain shows it.
CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit log is append-only';
END
$$;
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
