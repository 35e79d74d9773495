import { invalidData } from '../lib/http-error.js';

/**
 * The lowest sample rate an auscultation can be stored at: heart and lung sounds reach 1 kHz and
 * more (lung sounds to ~2 kHz; ERS task force on computerized respiratory sound analysis,
 * Sovijärvi et al., Eur Respir Rev 2000), and by Nyquist a rate must be at least twice the highest
 * frequency kept. Below 2 kHz a "recording" holds nothing a clinician could listen to.
 */
const minSampleRate = 2000;
const maxSampleRate = 384_000;

const tag = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));

/**
 * The engine's WAV reader is lenient on purpose (it reads what recorders write); an upload is held
 * to more (issue 36, item 7): a RIFF header that declares no content, a fmt chunk whose block
 * align contradicts its channels and bits, or an impossible sample rate is refused before anything
 * is stored. A file shorter than its header claims is still read as the samples it holds.
 * Content that is not RIFF/WAVE at all is left to the upload worker, which names what it is.
 */
export function assertPlausibleWavHeader(bytes: Uint8Array): void {
  if (bytes.length < 12 || tag(bytes, 0) !== 'RIFF' || tag(bytes, 8) !== 'WAVE') return;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // 4 (WAVE) + a fmt chunk (8 + 16) + a data chunk header (8) at the least.
  if (view.getUint32(4, true) < 36) throw invalidData('The recording’s RIFF header declares no content.');
  for (let pos = 12; pos + 8 <= bytes.length;) {
    const size = view.getUint32(pos + 4, true);
    if (tag(bytes, pos) === 'fmt ') {
      if (pos + 24 > bytes.length) return;
      const channels = view.getUint16(pos + 10, true);
      const sampleRate = view.getUint32(pos + 12, true);
      const blockAlign = view.getUint16(pos + 20, true);
      const bits = view.getUint16(pos + 22, true);
      if (sampleRate < minSampleRate || sampleRate > maxSampleRate) {
        throw invalidData(
          `The recording’s sample rate ${sampleRate} Hz is outside ${minSampleRate}–${maxSampleRate} Hz.`,
        );
      }
      if (blockAlign === 0 || blockAlign !== (channels * bits) / 8) {
        throw invalidData(
          `The recording’s block align ${blockAlign} does not fit ${channels} channels of ${bits} bits.`,
        );
      }
      return;
    }
    const next = pos + 8 + size + (size & 1);
    if (next <= pos) return;
    pos = next;
  }
}
