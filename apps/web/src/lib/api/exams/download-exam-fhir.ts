import { useMutation } from '@tanstack/react-query';
import { examExportRoutes, fhirJsonMimeType } from '@auscura/contracts';
import type { FhirBundle } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';
import { saveFile } from '../../save-file.ts';

/** The exam as a FHIR R4 Bundle, the patient masked as the server masks it for the caller (issue 38). */
export async function getExamFhir(id: string): Promise<FhirBundle> {
  return (await apiRequest(examExportRoutes.fhir, 200, { params: { id } })).data;
}

/** The bundle's file: Auscura_exam_<date>.fhir.json. */
export function examFhirFileName(examDate: string): string {
  return `Auscura_exam_${examDate.slice(0, 10)}.fhir.json`;
}

/** Downloads the bundle as a .json file (a mutation: each click is one export, audited by the server). */
export function useDownloadExamFhir(id: string, examDate: string) {
  return useMutation({
    mutationFn: async () => {
      const bundle = await getExamFhir(id);
      saveFile(JSON.stringify(bundle, null, 2), examFhirFileName(examDate), fhirJsonMimeType);
    },
  });
}
