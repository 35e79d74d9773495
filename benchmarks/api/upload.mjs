// npm run bench:upload — recordings: upload-to-ready time of a 60 s 44.1 kHz WAV (p50/p95 over
// 50 uploads, one at a time; target p95 < 500 ms), then the throughput of concurrent uploads
// with the p99 latency of /healthz measured during that run (is the event loop responsive while
// uploads are validated, encrypted and processed?). Run after `npm run build`.
import { signedInAsAda } from './sign-in.mjs';
import { loopedRecording, ms, percentile } from '../support/recordings.mjs';
import { startServer } from '../support/server.mjs';

const port = 8186;
const runs = Number(process.env.BENCH_UPLOADS ?? 50);
const concurrentClients = Number(process.env.BENCH_CLIENTS ?? 4);
const concurrentSeconds = Number(process.env.BENCH_SECONDS ?? 20);

// A 4 kHz CirCor heart recording, resampled and looped to 60 s.
const recording = loopedRecording('heart_normal_circor_50017_MV');
const { origin, stop } = await startServer({
  port,
  name: 'upload',
  // Demo recordings would be processed in the background during the measurement.
  env: { SEED_DEMO_RECORDINGS: 'false' },
  showErrors: true,
});
try {
  const { api } = await signedInAsAda(origin);
  const exam = (await (await api('/search/exams')).json()).items[0].id;
  const upload = async () => {
    const form = new FormData();
    form.set('auscultation', JSON.stringify({ auscultationPoint: { type: 'heart', label: 'h1' } }));
    form.set('recordingData', new Blob([recording], { type: 'audio/wav' }), 'recording.wav');
    const response = await api(`/exams/${exam}/auscultations`, { method: 'POST', body: form });
    if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
    return (await response.json()).id;
  };
  const waitReady = async (id) => {
    for (;;) {
      const body = await (await api(`/auscultations/${id}`)).json();
      if (body.beatawareStatus !== 'processing') {
        if (body.beatawareStatus !== 'ready') throw new Error(`processing ended ${body.beatawareStatus}`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };

  // Warm-up: the first job starts the worker thread and instantiates the engine.
  await waitReady(await upload());

  const accepted = [];
  const ready = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const id = await upload();
    accepted.push(performance.now() - started);
    await waitReady(id);
    ready.push(performance.now() - started);
  }

  // Concurrent uploads for a fixed time, /healthz probed every 20 ms meanwhile.
  const health = [];
  let running = true;
  const prober = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${origin}/healthz`);
      health.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const ids = [];
  const uploadLatency = [];
  const runStarted = performance.now();
  const deadline = runStarted + concurrentSeconds * 1000;
  await Promise.all(
    Array.from({ length: concurrentClients }, async () => {
      while (performance.now() < deadline) {
        const started = performance.now();
        ids.push(await upload());
        uploadLatency.push(performance.now() - started);
      }
    }),
  );
  const uploadSeconds = (performance.now() - runStarted) / 1000;
  for (const id of ids) await waitReady(id);
  const drainedSeconds = (performance.now() - runStarted) / 1000;
  running = false;
  await prober;

  console.log(
    JSON.stringify(
      {
        benchmark: 'upload',
        recording: { seconds: 60, sampleRate: 44100, bytes: recording.length },
        uploadToReady: {
          runs,
          p50Ms: ms(percentile(ready, 50)),
          p95Ms: ms(percentile(ready, 95)),
          maxMs: ms(Math.max(...ready)),
          targetP95Ms: 500,
          accepted201P50Ms: ms(percentile(accepted, 50)),
          accepted201P95Ms: ms(percentile(accepted, 95)),
        },
        concurrentUploads: {
          clients: concurrentClients,
          seconds: ms(uploadSeconds),
          uploads: ids.length,
          uploadsPerSecond: ms(ids.length / uploadSeconds),
          megabytesPerSecond: ms((ids.length * recording.length) / 1e6 / uploadSeconds),
          uploadP50Ms: ms(percentile(uploadLatency, 50)),
          uploadP99Ms: ms(percentile(uploadLatency, 99)),
          allProcessedAfterSeconds: ms(drainedSeconds),
          processedPerSecond: ms(ids.length / drainedSeconds),
          healthzProbes: health.length,
          healthzP50Ms: ms(percentile(health, 50)),
          healthzP99Ms: ms(percentile(health, 99)),
          healthzMaxMs: ms(Math.max(...health)),
        },
      },
      null,
      2,
    ),
  );
} finally {
  await stop();
}
