-- Self exams, patient side (issue 18): each requested point is an auscultation request the patient
-- uploads to (PUT /self-exam-requests/{id}/auscultation-requests/{arId}/auscultation). The row
-- remembers the auscultation made for it, so a point is recorded once; a retried upload is found
-- by the auscultation's client key (006).

CREATE TABLE self_exam_auscultation_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  self_exam_request_id uuid NOT NULL REFERENCES self_exam_requests (id) ON DELETE CASCADE,
  point_label text NOT NULL,
  auscultation_id uuid REFERENCES auscultations (id) ON DELETE SET NULL,
  UNIQUE (self_exam_request_id, point_label)
);

-- Requests made before this migration get their rows now.
INSERT INTO self_exam_auscultation_requests (self_exam_request_id, point_label)
SELECT id, unnest(auscultation_points) FROM self_exam_requests;
