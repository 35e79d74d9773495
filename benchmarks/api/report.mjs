// npm run bench:report — the exam taken to the chart (issue 38): the PDF report of an exam with ten
// 60 s recordings (target < 3 s) and the FHIR bundle (target p95 < 100 ms), on PGlite, against the
// built server (`npm start`'s bundle). Run after `npm run build`.
import { signedInAsAda } from './sign-in.mjs';
import { loopedRecording, ms, percentile } from '../support/recordings.mjs';
import { startServer } from '../support/server.mjs';

const port = 8187;
const pdfRuns = Number(process.env.BENCH_PDF_RUNS ?? 10);
const fhirRuns = Number(process.env.BENCH_FHIR_RUNS ?? 200);
const points = ['h1', 'h2', 'h3', 'h4', 'h5', 'h1', 'h2', 'h3', 'h4', 'h5'];

// A CirCor heart recording with a murmur, resampled and looped to 60 s.
const recording = loopedRecording('heart_murmur_holosystolic_plateau_harsh_circor_49574_TV');
const { origin, stop } = await startServer({
  port,
  name: 'report',
  // Demo recordings would be processed in the background during the measurement.
  env: { SEED_DEMO_RECORDINGS: 'false' },
  showErrors: true,
});
try {
  const { token, api } = await signedInAsAda(origin);
  const me = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString())[
    'https://auscura.example/healthcareProviderId'
  ];
  const patient = (await (await api('/search/patient-profiles')).json()).items[0].id;
  const created = await api('/exams', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'in-person', healthcareProviderId: me, patientProfileId: patient }),
  });
  if (created.status !== 201) throw new Error(`creating the exam answered ${created.status}: ${await created.text()}`);
  const exam = (await created.json()).id;
  for (const label of points) {
    const form = new FormData();
    form.set('auscultation', JSON.stringify({ auscultationPoint: { type: 'heart', label } }));
    form.set('recordingData', new Blob([recording], { type: 'audio/wav' }), 'recording.wav');
    const response = await api(`/exams/${exam}/auscultations`, { method: 'POST', body: form });
    if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  }
  // The report shows the analysis: wait until every recording has one.
  for (;;) {
    const body = await (
      await api(`/exams/${exam}?q=${encodeURIComponent('{"joinedLoads":["auscultations"]}')}`)
    ).json();
    if (body.auscultations.every((a) => a.beatawareStatus !== 'processing')) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const time = async (url, check) => {
    const started = performance.now();
    const response = await api(url);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    check(bytes);
    return { elapsed, size: bytes.byteLength };
  };
  const isPdf = (bytes) => {
    if (Buffer.from(bytes.subarray(0, 5)).toString() !== '%PDF-') throw new Error('not a PDF');
  };
  const isBundle = (bytes) => {
    if (JSON.parse(Buffer.from(bytes).toString()).resourceType !== 'Bundle') throw new Error('not a Bundle');
  };

  // The first PDF loads pdfkit and the fonts: measured on its own.
  const first = await time(`/exams/${exam}/report.pdf?paper=a4`, isPdf);
  const pdf = [];
  for (let i = 0; i < pdfRuns; i++)
    pdf.push(await time(`/exams/${exam}/report.pdf?paper=${i % 2 ? 'a4' : 'letter'}`, isPdf));
  await time(`/exams/${exam}/fhir`, isBundle);
  const fhir = [];
  for (let i = 0; i < fhirRuns; i++) fhir.push(await time(`/exams/${exam}/fhir`, isBundle));

  const pdfMs = pdf.map((r) => r.elapsed);
  const fhirMs = fhir.map((r) => r.elapsed);
  const summary = {
    exam: { recordings: points.length, secondsEach: 60, sampleRate: 44100 },
    pdf: {
      firstMs: ms(first.elapsed),
      runs: pdfRuns,
      p50Ms: ms(percentile(pdfMs, 50)),
      p95Ms: ms(percentile(pdfMs, 95)),
      maxMs: ms(Math.max(...pdfMs)),
      kB: Math.round(pdf[0].size / 1024),
      target: '< 3000 ms',
      holds: Math.max(first.elapsed, ...pdfMs) < 3000,
    },
    fhir: {
      runs: fhirRuns,
      p50Ms: ms(percentile(fhirMs, 50)),
      p95Ms: ms(percentile(fhirMs, 95)),
      maxMs: ms(Math.max(...fhirMs)),
      kB: Math.round(fhir[0].size / 1024),
      target: 'p95 < 100 ms',
      holds: percentile(fhirMs, 95) < 100,
    },
  };
  console.log(JSON.stringify(summary, null, 2));
  if (!summary.pdf.holds || !summary.fhir.holds) process.exitCode = 1;
} finally {
  await stop();
}
