import { HttpError } from '../lib/http-error.js';
import type { VirtualExamRow } from './repository.js';

// What the live exam's other folders (realtime, video, the patient's remote recordings) need from a
// virtual exam: whether it is still open. Routes import this too; nobody imports routes.ts.

export const examOver = () => new HttpError('INVALID_LIVE_EXAM', 'This virtual exam has ended.');

/** The exam is open while its access code is: the code expires when the exam's window ends. */
export const isCodeLive = (row: Pick<VirtualExamRow, 'access_code_expires_at'>, now = Date.now()) =>
  new Date(row.access_code_expires_at).getTime() > now;
