import { rateRangeForAge } from '@auscura/audio-engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { pinAgeExamples } from './age-examples.js';
import { attachDemoRecordings, findDemoFixturesFolder } from './demo-recordings.js';

describe.each(backends)('the demo infant and adult on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => t?.close());

  it("judge each heart rate against the patient's own age range at the exam", async () => {
    const db = t.database.db;
    const pinned = await pinAgeExamples(db, 'Riverside Cardiology', Date.now());
    expect(pinned).not.toBeNull();
    const [infant, adult] = pinned!;
    const heartRows = async (patient: string) =>
      db
        .selectFrom('auscultations as a')
        .innerJoin('exams as e', 'e.id', 'a.exam_id')
        .where('e.patient_profile_id', '=', patient)
        .where('a.point_type', '=', 'heart')
        .select('a.id')
        .execute();
    const ids = [...(await heartRows(infant)), ...(await heartRows(adult))].map((r) => r.id);
    const { store, processor } = t.app.recordings;
    await attachDemoRecordings({ db, store, processor, folder: findDemoFixturesFolder()!, only: ids });
    await processor.whenIdle();
    const rows = await db
      .selectFrom('auscultations as a')
      .innerJoin('exams as e', 'e.id', 'a.exam_id')
      .innerJoin('patient_profiles as pp', 'pp.id', 'e.patient_profile_id')
      .where('a.id', 'in', ids)
      .select(['pp.id as patient', 'a.heartrate_bpm', 'a.diagnosis', 'a.beataware_report', 'a.beataware_status'])
      .execute();
    expect(rows.some((r) => r.patient === infant)).toBe(true);
    expect(rows.some((r) => r.patient === adult)).toBe(true);
    for (const row of rows) {
      expect(row.beataware_status).toBe('ready');
      const report = row.beataware_report as {
        reportMarkdown: string;
        rateRange: { low: number; high: number; ageBand: string };
      };
      if (row.patient === adult) expect(report.rateRange).toMatchObject({ low: 50, high: 100, ageBand: 'adult' });
      else {
        // Born six months before the first exam: every exam falls between 6 and 18 months.
        expect(report.rateRange.ageBand).toMatch(/^(6–9|9–12|12–18) months$/);
        const range = rateRangeForAge(Number(report.rateRange.ageBand.split('–')[0]));
        expect(report.rateRange).toMatchObject({ low: range.low, high: range.high });
      }
      expect(report.reportMarkdown).toContain(
        `normal for ${report.rateRange.ageBand}: ${report.rateRange.low}–${report.rateRange.high} bpm`,
      );
      // A detected rate outside the range makes the verdict ABNORMAL, never NORMAL.
      const rate = row.heartrate_bpm!;
      if (row.diagnosis === 1) expect(rate >= report.rateRange.low && rate <= report.rateRange.high).toBe(true);
    }
  });
});
