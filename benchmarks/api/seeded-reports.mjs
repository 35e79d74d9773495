// npm run check:seeded-reports — acceptance 5 of the listening issue: start the built server on a
// fresh DATA_DIR with the demo data, wait until every seeded recording is processed, then check
// that every heart auscultation shows a heart rate and a ready report, and that each rate equals
// what `auscura-dsp analyze --json` computes on the same recording downloaded from the API; lung
// recordings carry no heart rate or heart verdict.
// Exits non-zero when a check fails. Takes a few minutes (the demo recordings are processed first).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signInOverHttp } from './sign-in.mjs';
import { startServer } from '../support/server.mjs';

const cli = path.resolve(import.meta.dirname, '../../packages/audio-engine/dist/cli.js');
const port = Number(process.env.CHECK_PORT ?? 8189);
const { origin, stop } = await startServer({ port, name: 'seeded-reports', showErrors: true });
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'auscura-seeded-reports-'));
let failures = 0;
const fail = (message) => {
  failures++;
  console.log(`FAIL ${message}`);
};

try {
  const q = (value) => encodeURIComponent(JSON.stringify(value));
  const auscultations = [];
  for (const email of ['ada@riverside.example', 'ben@lakeside.example']) {
    const token = await signInOverHttp(origin, email, 'Auscura-demo-2026');
    const api = (url) => fetch(`${origin}/api/v1${url}`, { headers: { authorization: `Bearer ${token}` } });
    const examIds = [];
    for (let pageNumber = 1; ; pageNumber++) {
      const page = await (
        await api(`/search/organization-exams?q=${q({ pagination: { pageNumber, pageSize: 100 } })}`)
      ).json();
      examIds.push(...page.items.map((exam) => exam.id));
      if (page.items.length < 100) break;
    }
    // Wait until no recording of this organization is still being processed (10 minutes at most).
    const deadline = Date.now() + 600_000;
    let pending;
    let list;
    do {
      list = [];
      for (const id of examIds) {
        const exam = await (await api(`/exams/${id}?q=${q({ joinedLoads: ['auscultations'] })}`)).json();
        list.push(...(exam.auscultations ?? []).map((a) => ({ ...a, api })));
      }
      pending = list.filter((a) => a.beatawareStatus === 'processing' || a.recording === null).length;
      if (pending) await new Promise((resolve) => setTimeout(resolve, 5000));
    } while (pending && Date.now() < deadline);
    if (pending) fail(`${email}: ${pending} recordings still processing after 10 minutes`);
    auscultations.push(...list);
  }

  const heart = auscultations.filter((a) => a.auscultationPoint.type === 'heart');
  console.log(`${auscultations.length} auscultations, ${heart.length} at heart points`);
  let matched = 0;
  for (const a of heart) {
    const bpm = a.heartrateBpm;
    if (a.beatawareStatus !== 'ready' || !a.beatawareReport?.reportMarkdown) {
      fail(`${a.id}: report ${a.beatawareStatus}`);
      continue;
    }
    if (!(bpm > 0 && bpm < 200)) {
      fail(`${a.id}: heart rate ${bpm} would show as '--'`);
      continue;
    }
    const response = await a.api(`/auscultations/${a.id}/recording/data`);
    const file = path.join(scratch, `${a.id}.wav`);
    fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    const analysis = JSON.parse(execFileSync(process.execPath, [cli, 'analyze', file, '--json'], { encoding: 'utf8' }));
    if (analysis.heart.heartRateBpm !== bpm)
      fail(`${a.id}: report ${bpm} bpm, auscura-dsp ${analysis.heart.heartRateBpm}`);
    else matched++;
    fs.rmSync(file);
  }
  console.log(`${matched} of ${heart.length} heart rates equal auscura-dsp analyze on the same file`);
  // Lung recordings carry no heart verdict: no rate (shown as '--'), no diagnosis, no murmur.
  const lungs = auscultations.filter((a) => a.auscultationPoint.type === 'lungs' && a.beatawareStatus === 'ready');
  for (const a of lungs)
    if (a.heartrateBpm !== null || a.ausculthingDiagnosis !== null || a.beatawareReport?.murmur)
      fail(`${a.id}: a lung recording with a heart rate ${a.heartrateBpm} or verdict ${a.ausculthingDiagnosis}`);
  console.log(`${lungs.length} lung recordings checked for no heart verdict`);
} finally {
  await stop();
  fs.rmSync(scratch, { recursive: true, force: true });
}
if (failures) {
  console.log(`${failures} check(s) failed`);
  process.exit(1);
}
console.log('seeded reports check passed');
