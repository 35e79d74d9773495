import { examRoutes, healthcareProviderRoutes } from '@auscura/contracts';
import type { Exam, HealthcareProvider } from '@auscura/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from './route.js';

/*
 * Compile-time checks of the contract on the API side: `npm run typecheck` (tsc) fails when a
 * `@ts-expect-error` below finds no error, that is when route() stops catching the mistake the
 * comment names. Nothing here runs; the handlers are only type-checked.
 */
export function routeTypeChecks(app: FastifyInstance, exam: Exam, provider: HealthcareProvider) {
  // What the contract declares compiles.
  route(app, examRoutes.setNotes, async ({ body }) => {
    return { status: 200, body: { ...exam, notes: body.value } };
  });

  // @ts-expect-error a handler answers a field the response schema lacks (a leaked column)
  route(app, healthcareProviderRoutes.get, async () => {
    return { status: 200, body: { ...provider, passwordHash: 'scrypt$…' } };
  });

  // @ts-expect-error the same, inside a nested object of the answer
  route(app, examRoutes.get, async () => {
    return { status: 200, body: { ...exam, patientProfile: { ...exam.patientProfile!, ssn: '000-00-0000' } } };
  });

  // @ts-expect-error a field of the wrong type
  route(app, examRoutes.setReviewed, async () => {
    return { status: 200, body: { ...exam, reviewed: 'yes' } };
  });

  // @ts-expect-error a required field left out
  route(app, examRoutes.setReviewed, async () => {
    return { status: 200, body: { id: exam.id } };
  });

  // @ts-expect-error a status the endpoint does not declare
  route(app, examRoutes.setNotes, async () => {
    return { status: 201, body: exam };
  });

  // @ts-expect-error a body on a status declared without one
  route(app, examRoutes.share, async () => {
    return { status: 204, body: exam };
  });

  // The parsed request body is typed by the contract: the notes are text, not a number.
  route(app, examRoutes.setNotes, async ({ body }) => {
    // @ts-expect-error body.value is a string
    const notes: number = body.value;
    return { status: 200, body: { ...exam, notes: String(notes) } };
  });
}
