import fs from 'node:fs/promises';
import path from 'node:path';
import { analyzeRecording, decodeWav, encodeWav, loadEngine, toMono } from '@auscura/audio-engine/node';
import { beatawareReportSchema, heartRateText } from '@auscura/contracts';
import { describe, expect, it } from 'vitest';
import { processRecording } from './pipeline.js';

const folder = path.resolve(import.meta.dirname, '../../../../benchmarks/fixtures/audio');
const fixture = path.join(folder, 'heart_normal_circor_49974_MV.wav');

describe('the recording pipeline', () => {
  it('gives the analysis of analyzeRecording and four decodable variants of the same length', async () => {
    const bytes = await fs.readFile(fixture);
    const wav = decodeWav(bytes);
    const direct = analyzeRecording(loadEngine(), toMono(wav.channels), wav.sampleRate);
    const processed = processRecording(loadEngine(), bytes);
    expect(processed.heartrateBpm).toBe(direct.heart!.heartRateBpm);
    expect(processed.noiseQualityRecord.record).toEqual(direct.noiseSlices);
    for (const variant of Object.values(processed.variants)) {
      expect(decodeWav(variant).channels[0]).toHaveLength(wav.channels[0]!.length);
    }
    expect(processed.report.reportMarkdown).toContain('| S1 |');
  });

  it("says the heart rate in the report with the exam card's rounding", async () => {
    const processed = processRecording(loadEngine(), await fs.readFile(fixture));
    const card = heartRateText(processed.heartrateBpm);
    expect(card).toMatch(/^\d+$/);
    expect(processed.report.reportMarkdown).toContain(`- Heart rate: ${card} bpm;`);
    expect(processed.report.reportMarkdown).not.toMatch(/Heart rate: \d+\.\d/);
  });

  it('stores the murmur finding with its timing, segments and matching enhanced-notes option', async () => {
    const bytes = await fs.readFile(path.join(folder, 'heart_murmur_holosystolic_plateau_harsh_circor_49574_TV.wav'));
    const processed = processRecording(loadEngine(), bytes, { site: 'heart', ageMonths: 7 * 12 });
    expect(processed.diagnosis).toBe(2);
    const report = beatawareReportSchema.parse(processed.report);
    expect(report.murmur).toMatchObject({
      status: 'present',
      timing: { phase: 'systolic', pattern: 'holo', shape: 'plateau' },
      suggestedNote: 'Holosystolic',
    });
    expect(report.murmur!.segments.length).toBeGreaterThan(0);
    // CirCor annotates 49574 holosystolic plateau: the report says both, as measured.
    expect(report.reportMarkdown).toContain('- Murmur: present, holosystolic, plateau (probability');
    expect(report.reportMarkdown).toContain('normal for 6–8 years: 59–123 bpm (Fleming et al., Lancet 2011');
    expect(report.rateRange).toEqual({
      low: 59,
      high: 123,
      ageBand: '6–8 years',
      source: 'Fleming et al., Lancet 2011, 1st–99th centile',
    });
  });

  it('suggests "Likely no murmur" for a recording without one', async () => {
    const processed = processRecording(loadEngine(), await fs.readFile(fixture), { site: 'heart', ageMonths: null });
    expect(processed.report.murmur).toMatchObject({ status: 'absent', suggestedNote: 'Likely no murmur' });
    expect(processed.report.reportMarkdown).toMatch(
      /- Murmur: none heard \(probability 0\.\d\d\); soft \(grade I\/VI\) murmurs can be missed/,
    );
    expect(processed.report.reportMarkdown).toContain('normal for age unknown: 40–180 bpm');
  });

  it('gives lung recordings no heart rate, no verdict and no murmur', async () => {
    const bytes = await fs.readFile(path.join(folder, 'lung_wheeze_icbhi_104_1b1_Ar_sc_Litt3200_4k.wav'));
    const processed = processRecording(loadEngine(), bytes, { site: 'lungs', ageMonths: 600 });
    expect(processed).toMatchObject({
      heartrateBpm: null,
      heartbeatPresent: null,
      heartbeatNormal: null,
      diagnosis: null,
    });
    const report = beatawareReportSchema.parse(processed.report);
    expect(report).toMatchObject({ analysedAs: 'lungs', statistics: [] });
    expect(report.murmur).toBeUndefined();
    expect(report.reportMarkdown).toContain('No heart analysis: this is a lung recording.');
    expect(report.reportMarkdown).not.toMatch(/bpm/);
  });

  it("says what an 'other' point was analysed as", async () => {
    const processed = processRecording(loadEngine(), await fs.readFile(fixture), { site: 'other', ageMonths: null });
    expect(processed.heartrateBpm).toBeGreaterThan(0);
    expect(processed.report.analysedAs).toBe('other');
    expect(processed.report.reportMarkdown).toContain('Analysed as: a heart recording (the point is "Other")');
  });

  it('gives a silent recording no rate and no murmur verdict, stores why and says what was not measured', () => {
    const silent = encodeWav([new Float32Array(4000 * 16)], 4000, 'pcm16');
    const processed = processRecording(loadEngine(), silent, { site: 'heart', ageMonths: null });
    expect(processed).toMatchObject({ heartrateBpm: 0, heartbeatPresent: false, diagnosis: 0 });
    const report = beatawareReportSchema.parse(processed.report);
    expect(report.quality).toMatchObject({ judged: false, reason: 'silent' });
    expect(report.murmur).toMatchObject({ status: 'unknown', timing: null, suggestedNote: null });
    expect(report.reportMarkdown).toContain('**Result:** I cannot tell from this recording: it is silent.');
    expect(report.reportMarkdown).toContain('- Heart rate: not measured (the recording is silent)');
    expect(report.reportMarkdown).toContain('- Murmur: not judged (the recording is silent)');
    expect(report.reportMarkdown).not.toMatch(/\d bpm|probability/);
    expect(report.segmentation).toBeUndefined();
  });

  it('stores the heart cycle the rate was measured over, as the analysis segmented it', async () => {
    const bytes = await fs.readFile(fixture);
    const wav = decodeWav(bytes);
    const heart = analyzeRecording(loadEngine(), toMono(wav.channels), wav.sampleRate).heart!;
    const report = beatawareReportSchema.parse(processRecording(loadEngine(), bytes).report);
    expect(report.segmentation).toHaveLength(heart.segments.length);
    const s1 = report.segmentation!.filter((s) => s.state === 'S1');
    // 60 / mean S1-to-S1 of the stored cycle is the rate the card shows, within a beat.
    const meanInterval = (s1.at(-1)!.start - s1[0]!.start) / (s1.length - 1);
    expect(60 / meanInterval).toBeCloseTo(heart.heartRateBpm, -0.5);
    for (const [i, segment] of report.segmentation!.entries()) {
      expect(segment.start).toBeCloseTo(heart.segments[i]!.start, 3);
      expect(segment.end).toBeGreaterThan(segment.start);
    }
  });

  it('stores that a clean recording was judged', async () => {
    const processed = processRecording(loadEngine(), await fs.readFile(fixture), { site: 'heart', ageMonths: null });
    expect(processed.report.quality).toMatchObject({ judged: true, reason: null });
  });

  it('refuses bytes that are not a WAV', () => {
    expect(() => processRecording(loadEngine(), new TextEncoder().encode('RIFF but not really'))).toThrow();
  });
});
