import fs from 'node:fs';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import { decodeWav } from '@auscura/audio-engine';
import type { ReportPaper } from '@auscura/contracts';
import type PDFKit from 'pdfkit';
import type { AuscultationView, ExamView } from './exam-view.js';

/**
 * The exam report as a PDF (issue 38), drawn from the exam view (exam-view.ts) with pdfkit: text
 * in an embedded DejaVu Sans (selectable and searchable), PDF/A-2b, A4 or US Letter. Per
 * auscultation a min/max envelope of the stored recording with the murmur segments marked.
 */

/** The portal's terms (clinician-portal §1, "Terms"), said on every page. */
export const noAdviceSentence = 'Auscura gives no medical advice or diagnosis.';

/** Loads one auscultation's stored recording (its bytes), or null when there is none. */
export type RecordingLoader = (auscultationId: string) => Promise<Uint8Array | null>;

const require = createRequire(import.meta.url);

/**
 * A WOFF 1.0 font as the TrueType (SFNT) file it wraps (https://www.w3.org/TR/WOFF/ §4–5): each
 * table inflated with zlib. fontkit reads WOFF itself, but inflates tables in JavaScript
 * (tiny-inflate) on every access: 5 s of a 10-recording report went there; this takes ~5 ms, once.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error('not a WOFF font');
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const stored = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.readUInt32BE(at),
      checksum: woff.readUInt32BE(at + 16),
      data: compLength < origLength ? zlib.inflateSync(stored) : stored,
    };
  });
  const header = Buffer.alloc(12 + count * 16);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(count, 4);
  // searchRange, entrySelector, rangeShift of the OpenType table directory.
  const entrySelector = Math.floor(Math.log2(count));
  header.writeUInt16BE(2 ** entrySelector * 16, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(count * 16 - 2 ** entrySelector * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, i) => {
    const at = 12 + i * 16;
    header.writeUInt32BE(table.tag, at);
    header.writeUInt32BE(table.checksum, at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(table.data.length, at + 12);
    const padded = Buffer.alloc((table.data.length + 3) & ~3);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

let fontFiles: { regular: Buffer; bold: Buffer } | undefined;
/** DejaVu Sans from @fontsource (WOFF, turned into TrueType once); pdfkit embeds a subset of it. */
function fonts() {
  fontFiles ??= {
    regular: woffToSfnt(
      fs.readFileSync(require.resolve('@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff')),
    ),
    bold: woffToSfnt(
      fs.readFileSync(require.resolve('@fontsource/dejavu-sans/files/dejavu-sans-latin-700-normal.woff')),
    ),
  };
  return fontFiles;
}

/** pdfkit's paper names: ISO A4 and US Letter. */
const paperSizes: Record<ReportPaper, string> = { a4: 'A4', letter: 'LETTER' };

const margin = 50;
/** Envelope columns per waveform: two per point of its width on either paper. */
const waveformColumns = 1000;
const footerHeight = 36;
const grey = '#555555';
const murmurColour = '#d32f2f';

/** An ISO time as 'YYYY-MM-DD HH:MM UTC': the report has no viewer's time zone. */
export function reportTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** A YYYY-MM-DD birthdate as MM/DD/YYYY, as the exam page shows it (the service is for US users). */
function birthdateText(birthdate: string | null): string {
  if (!birthdate) return 'unknown';
  const [year, month, day] = birthdate.split('-');
  return `${month}/${day}/${year}`;
}

function sexText(sex: string | null): string {
  return sex === 'male' ? 'Male' : sex === 'female' ? 'Female' : 'Unknown';
}

/** Seconds as '12.3 s'. */
function durationText(seconds: number | null): string {
  return seconds === null ? 'no recording' : `${seconds.toFixed(1)} s`;
}

/** The report's markdown as plain lines: headings without '#', table rows with their cells spaced. */
export function plainReportText(markdown: string): string {
  return markdown
    .split('\n')
    .filter((line) => !/^\s*\|?\s*:?-{3,}/.test(line))
    .map((line) =>
      line
        .replace(/^#+\s*/, '')
        .replace(/^\s*\|(.*)\|\s*$/, (_, cells: string) =>
          cells
            .split('|')
            .map((cell) => cell.trim())
            .join('   '),
        )
        .replace(/\*\*(.+?)\*\*/g, '$1')
        .replace(/`([^`]+)`/g, '$1'),
    )
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Per column, the smallest and largest sample of the mixed-down recording: the waveform's envelope. */
export function envelope(
  bytes: Uint8Array,
  columns: number,
): { min: Float32Array; max: Float32Array; seconds: number } {
  const wav = decodeWav(bytes);
  const channels = wav.channels;
  const frames = channels[0]?.length ?? 0;
  const mono = channels.length === 1 ? channels[0]! : null;
  const min = new Float32Array(columns);
  const max = new Float32Array(columns);
  for (let c = 0; c < columns; c++) {
    const start = Math.floor((c * frames) / columns);
    const end = Math.max(start + 1, Math.floor(((c + 1) * frames) / columns));
    let lo = Infinity;
    let hi = -Infinity;
    if (mono) {
      for (let i = start; i < end && i < frames; i++) {
        const v = mono[i]!;
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
    } else {
      for (let i = start; i < end && i < frames; i++) {
        let v = 0;
        for (const channel of channels) v += channel[i]!;
        v /= channels.length;
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
    }
    min[c] = Number.isFinite(lo) ? lo : 0;
    max[c] = Number.isFinite(hi) ? hi : 0;
  }
  return { min, max, seconds: frames / wav.sampleRate };
}

type Envelope = ReturnType<typeof envelope>;

/** The envelope of a recording, 'unreadable' when it is no WAV the engine reads, null without a recording. */
async function loadEnvelope(a: AuscultationView, load: RecordingLoader): Promise<Envelope | 'unreadable' | null> {
  const bytes = a.hasRecording ? await load(a.id) : null;
  if (!bytes) return null;
  try {
    return envelope(bytes, waveformColumns);
  } catch {
    return 'unreadable';
  }
}

function drawWaveform(
  doc: PDFKit.PDFDocument,
  a: AuscultationView,
  loaded: Envelope | 'unreadable' | null,
  box: { x: number; y: number; width: number; height: number },
) {
  const { x, y, width, height } = box;
  doc.save().lineWidth(0.5).rect(x, y, width, height).strokeColor('#bbbbbb').stroke().restore();
  const shape = loaded === 'unreadable' ? null : loaded;
  if (!shape || shape.seconds <= 0) {
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(grey)
      .text(
        loaded ? 'Waveform unavailable: the recording could not be read.' : 'No recording.',
        x + 6,
        y + height / 2 - 4,
      );
    doc.fillColor('black');
    return;
  }
  const seconds = shape.seconds;
  // The murmur's segments first, under the trace.
  for (const segment of a.murmur?.segments ?? []) {
    const from = x + (Math.max(0, segment.start) / seconds) * width;
    const to = x + (Math.min(seconds, segment.end) / seconds) * width;
    if (to > from)
      doc
        .save()
        .rect(from, y, to - from, height)
        .fillOpacity(0.25)
        .fill(murmurColour)
        .restore();
  }
  // Scaled to the loudest sample, so a quiet recording is still visible.
  let peak = 1e-6;
  for (let i = 0; i < shape.min.length; i++) peak = Math.max(peak, Math.abs(shape.min[i]!), Math.abs(shape.max[i]!));
  const mid = y + height / 2;
  const half = (height / 2 - 2) / peak;
  const step = width / shape.min.length;
  doc.save().lineWidth(Math.max(0.3, step)).strokeColor('#1565c0');
  for (let i = 0; i < shape.min.length; i++) {
    const px = x + (i + 0.5) * step;
    doc.moveTo(px, mid - shape.max[i]! * half).lineTo(px, mid - shape.min[i]! * half + 0.2);
  }
  doc.stroke().restore();
  doc.font('regular').fontSize(7).fillColor(grey);
  doc.text('0 s', x, y + height + 2, { lineBreak: false });
  doc.text(`${seconds.toFixed(1)} s`, x + width - 40, y + height + 2, { width: 40, align: 'right', lineBreak: false });
  if (a.murmur?.segments.length) {
    doc
      .fillColor(murmurColour)
      .text('Shaded: where the murmur was heard', x + 60, y + height + 2, { lineBreak: false });
  }
  doc.fillColor('black');
}

/** "Label: value" lines, the label bold. */
function field(doc: PDFKit.PDFDocument, label: string, value: string) {
  doc.font('bold').fontSize(10).text(`${label}: `, { continued: true }).font('regular').text(value);
}

function ensureRoom(doc: PDFKit.PDFDocument, height: number) {
  if (doc.y + height > doc.page.height - margin - footerHeight) doc.addPage();
}

function auscultationSection(doc: PDFKit.PDFDocument, a: AuscultationView, shape: Envelope | 'unreadable' | null) {
  ensureRoom(doc, 170);
  doc.moveDown(0.6);
  doc.font('bold').fontSize(12).text(a.point.name);
  if (a.point.description) doc.font('regular').fontSize(9).fillColor(grey).text(a.point.description).fillColor('black');
  doc.moveDown(0.2);
  field(doc, 'Date', reportTime(a.date));
  field(doc, 'Duration', durationText(a.durationSec));
  const width = doc.page.width - 2 * margin;
  const box = { x: margin, y: doc.y + 4, width, height: 56 };
  drawWaveform(doc, a, shape, box);
  doc.x = margin;
  doc.y = box.y + box.height + 14;
  field(doc, 'Heart rate', a.heartRate.bpm !== null ? `${a.heartRate.text} bpm` : `-- (${a.heartRate.reason})`);
  if (a.murmur) field(doc, 'Murmur', a.murmur.text);
  field(doc, 'Automated analysis', a.verdict);
  doc.font('regular').fontSize(10).text(a.noiseQuality);
  doc.moveDown(0.3);
  doc.font('bold').fontSize(10).text('Automated report');
  doc
    .font('regular')
    .fontSize(8.5)
    .text(a.reportReady ? plainReportText(a.reportText) : a.reportText, { width });
  doc.moveDown(0.4);
  doc
    .save()
    .moveTo(margin, doc.y)
    .lineTo(doc.page.width - margin, doc.y)
    .lineWidth(0.5)
    .strokeColor('#dddddd')
    .stroke()
    .restore();
}

function footers(doc: PDFKit.PDFDocument, view: ExamView) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing inside the bottom margin: lift it so pdfkit does not start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const width = doc.page.width - 2 * margin;
    const y = doc.page.height - margin - footerHeight + 8;
    doc
      .font('regular')
      .fontSize(7.5)
      .fillColor(grey)
      .text(`Analysis software: ${view.analysisSoftware}. ${noAdviceSentence}`, margin, y, { width })
      .text(`Exam ${view.id} · page ${i - range.start + 1} of ${range.count}`, margin, y + 12, { width });
    doc.page.margins.bottom = bottom;
  }
  doc.fillColor('black');
}

/** The report of one exam view as PDF bytes. */
export async function examReportPdf(
  view: ExamView,
  options: { paper: ReportPaper; load: RecordingLoader; now?: Date },
): Promise<Uint8Array> {
  // Loaded on the first report only: the server starts without it (benchmarks/api/startup.mjs).
  const { default: PDFDocument } = await import('pdfkit');
  const created = options.now ?? new Date();
  const doc = new PDFDocument({
    size: paperSizes[options.paper],
    margins: { top: margin, left: margin, right: margin, bottom: margin + footerHeight },
    font: fonts().regular as unknown as string,
    pdfVersion: '1.7',
    subset: 'PDF/A-2b',
    tagged: true,
    lang: 'en-US',
    bufferPages: true,
    displayTitle: true,
    info: {
      Title: `Exam report ${reportTime(view.date)}`,
      Author: view.organization.name,
      Creator: 'Auscura',
      Producer: 'Auscura (pdfkit)',
      CreationDate: created,
    },
  });
  doc.registerFont('regular', fonts().regular);
  doc.registerFont('bold', fonts().bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });

  doc.font('bold').fontSize(18).text('Exam report');
  doc.font('regular').fontSize(11).fillColor(grey).text(view.organization.name).fillColor('black');
  doc.moveDown(0.8);
  const p = view.patient;
  field(doc, 'Patient', p.name);
  field(doc, 'Birthdate', p.masked ? maskedText : birthdateText(p.birthdate));
  field(doc, 'Sex', p.masked ? maskedText : sexText(p.sex));
  field(doc, 'Exam type', view.typeLabel);
  field(doc, 'Exam date', reportTime(view.date));
  field(doc, 'Conducted by', view.conductingDoctor.name);
  if (view.primaryDoctor) field(doc, 'Primary doctor', view.primaryDoctor.name);
  field(doc, 'Review state', view.reviewState);
  field(doc, 'Notes', view.notes?.trim() ? view.notes : 'none');
  field(doc, 'Enhanced notes', view.enhancedNotes.length ? view.enhancedNotes.join(', ') : 'none');
  doc.moveDown(0.5);
  doc.font('bold').fontSize(13).text(`Auscultations (${view.auscultations.length})`);
  if (view.auscultations.length === 0) doc.font('regular').fontSize(10).text('No recordings in this exam.');
  // The next recording is read and reduced while this one is drawn: at most two in memory at once.
  const list = view.auscultations;
  let next = list[0] ? loadEnvelope(list[0], options.load) : null;
  for (let i = 0; i < list.length; i++) {
    const shape = await next;
    next = list[i + 1] ? loadEnvelope(list[i + 1]!, options.load) : null;
    auscultationSection(doc, list[i]!, shape);
  }
  footers(doc, view);
  doc.end();
  return done;
}

/** What the report says instead of a masked patient's birthdate and sex (clinician-portal §6). */
const maskedText = 'hidden (patient of another organization)';
