import { useMutation } from '@tanstack/react-query';
import { examExportRoutes } from '@auscura/contracts';
import type { ReportPaper } from '@auscura/contracts';
import { apiDownload } from '../../api-client.ts';
import { saveFile } from '../../save-file.ts';

/** The exam's PDF report (issue 38) on A4 or US Letter. */
export function getExamReport(id: string, paper: ReportPaper): Promise<ArrayBuffer> {
  return apiDownload(examExportRoutes.reportPdf, { id }, { query: { paper } });
}

/** The report's file: Auscura_exam_<date>.pdf. */
export function examReportFileName(examDate: string): string {
  return `Auscura_exam_${examDate.slice(0, 10)}.pdf`;
}

/**
 * The paper of the viewer's locale: US Letter in the United States and Canada (the service is for
 * US users), A4 elsewhere.
 */
export function defaultReportPaper(
  locale = typeof navigator === 'undefined' ? 'en-US' : navigator.language,
): ReportPaper {
  return /-(US|CA)$/i.test(locale) || locale === 'en' ? 'letter' : 'a4';
}

/** Downloads the report as a .pdf file (a mutation: each click is one export, audited by the server). */
export function useDownloadExamReport(id: string, examDate: string) {
  return useMutation({
    mutationFn: async (paper?: ReportPaper) => {
      saveFile(await getExamReport(id, paper ?? defaultReportPaper()), examReportFileName(examDate), 'application/pdf');
    },
  });
}
