import { describe, expect, it } from 'vitest';
import { defaultReportPaper, examReportFileName } from './download-exam-report.ts';
import { examFhirFileName } from './download-exam-fhir.ts';

describe('the exam report download', () => {
  it('prints on US Letter in the United States and Canada, on A4 elsewhere', () => {
    expect(defaultReportPaper('en-US')).toBe('letter');
    expect(defaultReportPaper('fr-CA')).toBe('letter');
    expect(defaultReportPaper('en-GB')).toBe('a4');
    expect(defaultReportPaper('de-DE')).toBe('a4');
  });
  it('names the files by the exam date', () => {
    expect(examReportFileName('2026-03-04T05:06:07.000Z')).toBe('Auscura_exam_2026-03-04.pdf');
    expect(examFhirFileName('2026-03-04T05:06:07.000Z')).toBe('Auscura_exam_2026-03-04.fhir.json');
  });
});
