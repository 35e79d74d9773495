import crypto from 'node:crypto';

type MultipartPart = { name: string; data: Buffer | string; filename?: string; contentType?: string };

/** A multipart/form-data body for app.inject (what the browser's FormData sends). */
export function multipartBody(parts: MultipartPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----auscura${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const head = [`--${boundary}`, `Content-Disposition: ${disposition}`];
    if (part.contentType) head.push(`Content-Type: ${part.contentType}`);
    chunks.push(Buffer.from(`${head.join('\r\n')}\r\n\r\n`), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The upload of POST /exams/{id}/auscultations: the auscultation JSON and the recordingData file. */
export function auscultationUpload(
  auscultation: unknown,
  recording: Buffer,
  file: { filename?: string; contentType?: string } = {},
) {
  return multipartBody([
    { name: 'auscultation', data: JSON.stringify(auscultation) },
    {
      name: 'recordingData',
      data: recording,
      filename: file.filename ?? 'recording.wav',
      contentType: file.contentType ?? 'audio/wav',
    },
  ]);
}
