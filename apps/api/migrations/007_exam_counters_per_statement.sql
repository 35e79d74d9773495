-- Exam counters are kept once per statement instead of once per row for inserts and deletes.
--
-- The row trigger of 002 updated a provider's counter row once for every exam a statement
-- inserted or deleted. A bulk insert of 100,000 exams (an import, or bench:api's fill) left
-- 100,000 dead versions of fewer than a hundred counter rows: 934 pages that VACUUM frees but
-- cannot give back, and every council list page summed them by reading all 934 (1.2 ms of the
-- statement's 1.5 ms in EXPLAIN ANALYZE; benchmarks/history/2026-11-results-journal.md, "The
-- morning of 2026-11-23"). A statement trigger sees the
-- statement's rows as a transition table and writes each provider's counter once per statement.
--
-- Updates keep the row trigger of 002: PostgreSQL allows no transition table on a trigger with
-- a column list (UPDATE OF …), and the portal changes one exam at a time.

DROP TRIGGER exams_count_insert_delete ON exams;

CREATE FUNCTION exam_counters_statement_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Inserted rows are applied in provider order, so two bulk inserts lock counter rows in the
  -- same order and cannot deadlock on them.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO exam_counters (healthcare_provider_id, organization_id, total, unreviewed)
    SELECT healthcare_provider_id, organization_id, count(*), count(*) FILTER (WHERE NOT reviewed)
      FROM new_exams GROUP BY healthcare_provider_id, organization_id ORDER BY healthcare_provider_id
    ON CONFLICT (healthcare_provider_id) DO UPDATE
      SET total = exam_counters.total + EXCLUDED.total,
          unreviewed = exam_counters.unreviewed + EXCLUDED.unreviewed;
  ELSE
    -- A counter row exists for every provider with exams: the insert made it.
    UPDATE exam_counters c
       SET total = c.total - d.total, unreviewed = c.unreviewed - d.unreviewed
      FROM (SELECT healthcare_provider_id, count(*) AS total, count(*) FILTER (WHERE NOT reviewed) AS unreviewed
              FROM old_exams GROUP BY healthcare_provider_id) d
     WHERE c.healthcare_provider_id = d.healthcare_provider_id;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER exams_count_insert AFTER INSERT ON exams
  REFERENCING NEW TABLE AS new_exams
  FOR EACH STATEMENT EXECUTE FUNCTION exam_counters_statement_trigger();
CREATE TRIGGER exams_count_delete AFTER DELETE ON exams
  REFERENCING OLD TABLE AS old_exams
  FOR EACH STATEMENT EXECUTE FUNCTION exam_counters_statement_trigger();
