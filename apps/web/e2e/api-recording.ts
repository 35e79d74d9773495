import type { Page } from '@playwright/test';

/**
 * As the provider signed in on the page (`providerEmail`), through the API with the page's own token: a new in-person
 * exam of the patient with one Heart 1 recording, waited for until the server has processed it.
 */
export async function recordInNewExam(
  page: Page,
  providerEmail: string,
  patientProfileId: string,
  wavFile: Buffer,
): Promise<string> {
  const wav = wavFile.toString('base64');
  return page.evaluate(
    async ({ patient, recording, email }) => {
      const token = Object.entries(localStorage)
        .filter(([key]) => key.startsWith('@@auth0spajs@@'))
        .map(([, value]) => JSON.parse(value) as { body?: { access_token?: string } })
        .find((entry) => entry.body?.access_token)?.body?.access_token;
      const authorization = `Bearer ${token}`;
      const call = async (url: string, init: RequestInit = {}) => {
        const response = await fetch(`/api/v1${url}`, { ...init, headers: { ...init.headers, authorization } });
        if (!response.ok) throw new Error(`${url}: ${response.status}`);
        return response.json();
      };
      const providers = (await call(
        `/search/healthcare-providers?q=${encodeURIComponent(JSON.stringify({ pagination: { pageNumber: 1, pageSize: 50 } }))}`,
      )) as { items: Array<{ id: string; emailAddress: string }> };
      const provider = providers.items.find((p) => p.emailAddress === email)!;
      const exam = (await call('/exams', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'in-person', healthcareProviderId: provider.id, patientProfileId: patient }),
      })) as { id: string };
      const form = new FormData();
      form.set(
        'auscultation',
        JSON.stringify({ auscultationPoint: { type: 'heart', label: 'h1' }, clientRecordingId: crypto.randomUUID() }),
      );
      const bytes = Uint8Array.from(atob(recording), (c) => c.charCodeAt(0));
      form.set('recordingData', new Blob([bytes], { type: 'audio/wav' }), 'h1.wav');
      const created = (await call(`/exams/${exam.id}/auscultations`, { method: 'POST', body: form })) as { id: string };
      for (let tries = 0; tries < 120; tries++) {
        const row = (await call(`/auscultations/${created.id}`)) as { beatawareStatus: string };
        if (row.beatawareStatus !== 'processing') return exam.id;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      throw new Error('The recording was not processed within a minute');
    },
    { patient: patientProfileId, recording: wav, email: providerEmail },
  );
}
