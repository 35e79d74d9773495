import fs from 'node:fs/promises';
import path from 'node:path';
import { analyzeRecording, decodeWav, loadEngine, toMono } from '@auscura/audio-engine/node';
import { describe, expect, it } from 'vitest';
import { processRecording } from './pipeline.js';

const fixture = path.resolve(
  import.meta.dirname,
  '../../../../benchmarks/fixtures/audio/heart_normal_circor_49974_MV.wav',
);

describe('the recording pipeline', () => {
  it('gives the analysis of analyzeRecording and four decodable variants of the same length', async () => {
    const bytes = await fs.readFile(fixture);
    const wav = decodeWav(bytes);
    const direct = analyzeRecording(loadEngine(), toMono(wav.channels), wav.sampleRate);
    const processed = processRecording(loadEngine(), bytes);
    expect(processed.heartrateBpm).toBe(direct.heart.heartRateBpm);
    expect(processed.noiseQualityRecord.record).toEqual(direct.noiseSlices);
    for (const variant of Object.values(processed.variants)) {
      expect(decodeWav(variant).channels[0]).toHaveLength(wav.channels[0]!.length);
    }
    expect(processed.report.reportMarkdown).toContain('| S1 |');
  });

  it('refuses bytes that are not a WAV', () => {
    expect(() => processRecording(loadEngine(), new TextEncoder().encode('RIFF but not really'))).toThrow();
  });
});
