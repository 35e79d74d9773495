-- The audit chain's head written once per statement instead of once per entry (issue 41, "reads as
-- cheap as before"). Every read writes an audit entry; the API gathers concurrent requests' entries
-- into one multi-row INSERT (audit/repository.ts), and migration 008's trigger locked, read and
-- updated the one head row for each of them: a batch of 50 left 50 versions of that row in its page
-- for each next entry to scan past, ~0.21 ms of PostgreSQL time per entry against ~0.02 ms without
-- the chain (100 batches of 50 on this machine; benchmarks/history/2026-12-07-api-reads.md).
--
-- Now the first entry of a transaction locks the head (SELECT … FOR UPDATE, held until the
-- transaction ends, as before, so appends from every connection and process stay serialized); the
-- transaction's latest seq and hash travel in a transaction-local setting (set_config(…, true)) from
-- entry to entry, tagged with the transaction's id; an AFTER … FOR EACH STATEMENT trigger stores them
-- in the head row once per statement. What is hashed and how (audit_entry_hash) does not change, so
-- the chain, its verification and its exports are as before. A rolled-back statement, savepoint or
-- transaction takes its setting change back with it, together with its entries and head update.
CREATE OR REPLACE FUNCTION audit_log_append() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tx text := txid_current()::text;
  state text := current_setting('auscura.audit_chain_head', true);
  head_seq bigint;
  head_hash bytea;
BEGIN
  IF state IS NOT NULL AND split_part(state, ' ', 1) = tx THEN
    head_seq := split_part(state, ' ', 2)::bigint;
    head_hash := decode(split_part(state, ' ', 3), 'hex');
  ELSE
    SELECT h.seq, h.hash INTO head_seq, head_hash FROM audit_chain_head h WHERE h.id = 1 FOR UPDATE;
  END IF;
  NEW.seq := head_seq + 1;
  NEW.prev_hash := head_hash;
  NEW.hash := audit_entry_hash(head_hash, NEW);
  PERFORM set_config('auscura.audit_chain_head', tx || ' ' || NEW.seq || ' ' || encode(NEW.hash, 'hex'), true);
  RETURN NEW;
END
$$;

CREATE FUNCTION audit_chain_head_store() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  state text := current_setting('auscura.audit_chain_head', true);
BEGIN
  IF state IS NOT NULL AND split_part(state, ' ', 1) = txid_current()::text THEN
    UPDATE audit_chain_head
      SET seq = split_part(state, ' ', 2)::bigint, hash = decode(split_part(state, ' ', 3), 'hex')
      WHERE id = 1 AND seq <> split_part(state, ' ', 2)::bigint;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER audit_chain_head_store AFTER INSERT ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_chain_head_store();
