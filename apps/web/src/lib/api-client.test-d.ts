import { examRoutes, patientProfileRoutes } from '@auscura/contracts';
import type { PatientProfileFields } from '@auscura/contracts';
import { apiRequest } from './api-client.ts';

/*
 * Compile-time checks of the contract on the web side: `npm run typecheck` (tsc) fails when a
 * `@ts-expect-error` below finds no error, that is when apiRequest() stops catching the mistake
 * the comment names. Nothing here runs.
 */
export async function apiRequestTypeChecks(id: string, fields: PatientProfileFields) {
  // What the contract declares compiles, and the answer is typed by the status asked for.
  const { data: exam } = await apiRequest(examRoutes.setNotes, 200, { params: { id }, body: { value: 'x' } });
  const notes: string | null = exam.notes;

  // @ts-expect-error a body field of the wrong type
  await apiRequest(examRoutes.setNotes, 200, { params: { id }, body: { value: 42 } });

  // @ts-expect-error a body field the endpoint does not accept
  await apiRequest(examRoutes.setNotes, 200, { params: { id }, body: { value: notes ?? '', pinned: true } });

  // The same, in a body built elsewhere (no object literal at the call).
  const changes = { ...fields, organizationName: 'Riverside' };
  // @ts-expect-error organizationName is no field of a patient profile update
  await apiRequest(patientProfileRoutes.update, 200, { params: { id }, body: changes });

  // @ts-expect-error a required body left out
  await apiRequest(examRoutes.setNotes, 200, { params: { id } });

  // @ts-expect-error a body sent to an endpoint that takes none
  await apiRequest(examRoutes.get, 200, { params: { id }, body: { value: 'x' } });

  // @ts-expect-error the path parameters left out
  await apiRequest(examRoutes.get, 200);

  // @ts-expect-error a query parameter the endpoint does not declare
  await apiRequest(patientProfileRoutes.search, 200, { query: { search: 'Ada' } });

  // @ts-expect-error a status the endpoint does not declare
  await apiRequest(examRoutes.get, 201, { params: { id } });

  const { data: page } = await apiRequest(patientProfileRoutes.search, 200, { query: { q: '{}' } });
  // @ts-expect-error the answer has no such field
  void page.total;
}
