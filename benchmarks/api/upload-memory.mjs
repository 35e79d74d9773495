// npm run bench:upload-memory — issue 21, finding 9: the server's resident memory (RSS, and its
// peak VmHWM) before and after 16 parallel uploads of 25 MB each (the largest recording the limits
// accept), read from /proc/<pid>/status. The bound it checks is the
// one apps/api/src/auscultations/upload.ts documents: at most `uploadsAtOnce` (4) bodies in memory.
// Run after `npm run build`.
import fs from 'node:fs';
import { encodeWav } from '../../packages/audio-engine/dist/node.js';
import { signedInAsAda } from './sign-in.mjs';
import { startServer } from '../support/server.mjs';

const port = 8187;
const parallel = Number(process.env.BENCH_PARALLEL ?? 16);
const boundMb = Number(process.env.BENCH_RSS_BOUND_MB ?? 1200);

function status(pid) {
  const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

// The largest recording the limits accept (contracts' recordingLimits): 48 kHz stereo 32-bit float
// noise of 65.5 s = 25.2 MB (24 MiB).
const frames = Math.floor(65.5 * 48000);
const channel = () => Float32Array.from({ length: frames }, () => (Math.random() * 2 - 1) * 0.1);
const recording = Buffer.from(encodeWav([channel(), channel()], 48000, 'float32'));

const { origin, stop, pid } = await startServer({
  port,
  name: 'upload-memory',
  env: { SEED_DEMO_RECORDINGS: 'false' },
  showErrors: true,
});
try {
  const { api } = await signedInAsAda(origin);
  const exam = (await (await api('/search/exams')).json()).items[0].id;
  const before = status(pid);
  let peakDuring = 0;
  const sampler = setInterval(() => (peakDuring = Math.max(peakDuring, status(pid).rssMb)), 50);
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: parallel }, async () => {
      const form = new FormData();
      form.set('auscultation', JSON.stringify({ auscultationPoint: { type: 'heart', label: 'h1' } }));
      form.set('recordingData', new Blob([recording], { type: 'audio/wav' }), 'recording.wav');
      const response = await api(`/exams/${exam}/auscultations`, { method: 'POST', body: form });
      await response.arrayBuffer();
      return response.status;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const after = status(pid);
  const result = {
    parallel,
    uploadMb: Math.round(recording.length / 1024 / 1024),
    statuses: answers.reduce((counts, code) => ({ ...counts, [code]: (counts[code] ?? 0) + 1 }), {}),
    seconds: Math.round(seconds * 10) / 10,
    rssBeforeMb: before.rssMb,
    rssPeakDuringMb: peakDuring,
    rssAfterMb: after.rssMb,
    vmHwmMb: after.peakMb,
    boundMb,
  };
  console.log(JSON.stringify(result, null, 2));
  if (after.peakMb > boundMb) {
    console.error(`peak RSS ${after.peakMb} MB is over the bound of ${boundMb} MB`);
    process.exitCode = 1;
  }
} finally {
  await stop();
}
