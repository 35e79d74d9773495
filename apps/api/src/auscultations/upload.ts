import { createAuscultationPartSchema, recordingLimits } from '@auscura/contracts';
import type { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { assertCleanText } from '../lib/clean-text.js';
import { HttpError, invalidData } from '../lib/http-error.js';
import { createSemaphore } from '../lib/semaphore.js';
import { assertPlausibleWavHeader } from './wav-header.js';

/**
 * Uploads whose bodies are in memory at once. Each holds at most 2 × 25 MiB while it is read
 * (the chunks and the recording's own buffer) until the upload worker has it: with 4, uploads
 * hold at most ~200 MiB however many arrive together (issue 21, finding 9).
 */
export const uploadsAtOnce = 4;
/**
 * Process-wide, shared by every upload endpoint (in person, self exam): a body is read and stored
 * inside a slot; the others wait unread, in the kernel's socket buffers.
 */
export const uploadSlots = createSemaphore(uploadsAtOnce);

export type UploadedRecording = {
  part: z.infer<typeof createAuscultationPartSchema>;
  /** The file as received, in a buffer of its own (so it can be moved to the upload worker). */
  bytes: Uint8Array;
};

const JSON_PART_LIMIT = 64 * 1024;

/** Multipart overhead allowed on top of the recording in a Content-Length (boundaries, JSON part). */
const MULTIPART_OVERHEAD = 128 * 1024;

const pointLabels: Record<string, RegExp> = { heart: /^h[1-5]$/, lungs: /^l[1-5]$/, other: /^[\w -]{1,20}$/ };

/**
 * Reads the multipart upload: the JSON part `auscultation` and the file part `recordingData`.
 * Empty, too large or a bad JSON part is INVALID_DATA here; the content itself (a WAV the engine
 * can read, not too long) is judged by the upload worker before anything is stored — never by
 * the client's file name or declared type.
 */
export async function readUpload(request: FastifyRequest): Promise<UploadedRecording> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > recordingLimits.maxBytes + MULTIPART_OVERHEAD) {
    throw tooLarge();
  }
  if (!request.isMultipart()) throw invalidData('Expected a multipart upload with auscultation and recordingData.');
  try {
    return await readParts(request);
  } catch (error) {
    // The body ended before its closing boundary, or busboy found it malformed: the client's error.
    if (error instanceof HttpError || isClientError(error)) throw error;
    throw invalidData('The multipart upload is incomplete or malformed.');
  }
}

/** Errors of @fastify/multipart that carry a 4xx status (limits, not multipart) reach the error handler as they are. */
const isClientError = (error: unknown) => {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
};

async function readParts(request: FastifyRequest): Promise<UploadedRecording> {
  let json: unknown;
  let bytes: Uint8Array | undefined;
  for await (const part of request.parts({
    limits: { fileSize: recordingLimits.maxBytes, files: 2, fields: 4, fieldSize: JSON_PART_LIMIT, parts: 6 },
  })) {
    // One JSON part and one file, never two of either (issue 36, item 7): which one counts would be a guess.
    if (part.fieldname === 'auscultation' && json !== undefined) throw invalidData('Send one auscultation part.');
    if (part.type === 'file' && part.fieldname !== 'auscultation' && bytes) {
      throw invalidData('Send one recording file.');
    }
    if (part.type === 'field') {
      if (part.fieldname === 'auscultation') json = parseJsonPart(String(part.value));
    } else if (part.fieldname === 'auscultation') {
      // Some clients send the JSON part as a Blob (application/json), which arrives as a file.
      let text = '';
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        text += chunk.toString('utf8');
        if (text.length > JSON_PART_LIMIT) throw invalidData('The auscultation part is too large.');
      }
      json = parseJsonPart(text);
    } else {
      if (part.fieldname !== 'recordingData' || bytes) {
        part.file.resume();
        continue;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        // Stop at the limit: the rest of the body is not kept.
        if (size > recordingLimits.maxBytes) throw tooLarge();
        chunks.push(chunk);
      }
      if (part.file.truncated) throw tooLarge();
      bytes = new Uint8Array(size);
      let at = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, at);
        at += chunk.length;
      }
    }
  }
  const parsed = createAuscultationPartSchema.safeParse(json);
  if (!parsed.success) throw invalidData('The auscultation part is missing or not valid.');
  const point = parsed.data.auscultationPoint;
  if (!pointLabels[point.type]!.test(point.label))
    throw invalidData('The auscultation point label does not fit its type.');
  if (!bytes || bytes.length === 0) throw invalidData('The recording is empty.');
  assertPlausibleWavHeader(bytes);
  return { part: parsed.data, bytes };
}

function parseJsonPart(text: string): unknown {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalidData('The auscultation part is not valid JSON.');
  }
  assertCleanText(json);
  return json;
}

function tooLarge() {
  return invalidData(`The recording is larger than ${recordingLimits.maxBytes} bytes.`);
}
