-- Recording jobs shared by several worker processes (issue 39). A job is claimed with a lease: the
-- claiming process names itself in locked_by and renews locked_until while the job runs. A job
-- whose lease ran out belongs to a process that died (or stalled); any worker may claim it again,
-- and the first owner's late result is refused (its completion names it in locked_by). processed_by
-- keeps who completed the job. 014 and 015 are left to the teams working beside this one.

ALTER TABLE recording_jobs
  ADD COLUMN locked_by text CHECK (char_length(locked_by) <= 200),
  ADD COLUMN locked_until timestamptz,
  ADD COLUMN processed_by text CHECK (char_length(processed_by) <= 200);

-- Worker processes LISTEN on this channel, so a job queued by an api process starts at once
-- instead of at the next poll. NOTIFY is delivered on commit; the same payload sent several
-- times in one transaction arrives once.
CREATE FUNCTION recording_jobs_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auscura_recording_jobs', '');
  RETURN NULL;
END
$$;
CREATE TRIGGER recording_jobs_queued AFTER INSERT OR UPDATE OF state ON recording_jobs
  FOR EACH ROW WHEN (NEW.state = 'pending') EXECUTE FUNCTION recording_jobs_notify();
