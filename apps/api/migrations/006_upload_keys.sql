-- Upload idempotency (issue 7, in-person recording): the client names each recording with a key
-- of its own, so an upload retried after a lost answer finds the auscultation it already made
-- instead of storing a second one. 005 belongs to another team.

ALTER TABLE auscultations ADD COLUMN client_recording_id uuid;

-- One auscultation per key and exam; the index also settles two uploads racing with one key.
CREATE UNIQUE INDEX auscultations_client_recording_idx ON auscultations (exam_id, client_recording_id)
  WHERE client_recording_id IS NOT NULL;
