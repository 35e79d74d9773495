// bench:realtime's clients, in a worker thread: the provider and patient sockets of a share of the
// exams (both sides of an exam in the same thread, so one clock measures a write leaving one side
// and arriving at the other). live-exams.mjs starts as many of these as BENCH_CLIENT_THREADS says,
// so that the bench's own socket work is spread over the cores instead of queueing on one thread.
//
// Messages from the main thread: { type: 'connect', rooms, providerOrigin, patientOrigin, providerBearer } → answers
// 'connected'; { type: 'load', loadStart, totalSeconds, warmupSeconds, examCount } (loadStart on the
// shared clock performance.timeOrigin + performance.now()) → answers 'done' with the figures;
// { type: 'close' } → closes every socket and answers 'closed'.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import { WebSocket } from 'ws';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** The wall clock every thread shares (each thread's performance.now() has its own origin). */
const now = () => performance.timeOrigin + performance.now();

/** Client sockets closed by the server (or the network), by close code: none is expected during a run. */
const closes = {};
const clients = [];

/** One client socket: signs in, keeps its heartbeat, remembers the newest state. */
function connect(origin, virtualExamId, token, onState) {
  return new Promise((resolve, reject) => {
    // Masking with an all-zero key (ws then skips the XOR, and the random bytes a key costs): the bench's
    // own CPU per message is not what it measures, and the server reads a zero-masked frame like any other.
    const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}/api/v1/realtime/live-exam/${virtualExamId}`, {
      perMessageDeflate: false,
      generateMask: (mask) => mask.fill(0),
    });
    const client = { socket, state: null, nextId: 1, acks: new Map(), examId: virtualExamId };
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.on('message', (data) => {
      // A pong says nothing the bench needs; the rest is parsed as a real client would.
      if (data.length === 15 && data.toString() === '{"type":"pong"}') return;
      const message = JSON.parse(data.toString());
      if (message.type === 'ready') resolve(client);
      else if (message.type === 'state') {
        client.state = message.state;
        onState(client, message.state);
      } else if (message.type === 'ack' || message.type === 'error') {
        client.acks.get(message.id)?.(message);
        client.acks.delete(message.id);
      }
    });
    socket.on('error', (error) => reject(new Error(`client socket of exam ${virtualExamId}: ${error.message}`)));
    socket.on('close', (code, reason) => {
      if (!client.closing) reject(new Error(`closed while connecting (${code} ${reason})`));
    });
    socket.on('close', (code) => {
      if (!client.closing) closes[code] = (closes[code] ?? 0) + 1;
    });
    client.heartbeat = setInterval(() => socket.readyState === 1 && socket.send('{"type":"ping"}'), 3000);
    client.write = (path, value) =>
      new Promise((done) => {
        const id = client.nextId++;
        client.acks.set(id, done);
        socket.send(JSON.stringify({ type: 'write', id, path, value }));
      });
    client.close = () => {
      client.closing = true;
      clearInterval(client.heartbeat);
      socket.close();
    };
  });
}

async function inBatches(items, size, work) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

// Latency bookkeeping: per exam, the value in flight and when it left.
const inFlight = new Map();
const latencies = [];
const ackLatencies = [];
let lost = 0;
let refused = 0;
let writes = 0;
/** Writes answered during the load, warm-up included: what the server got through. */
let acked = 0;
const lostTo = { provider: 0, patient: 0 };
const onState = (side) => (client, state) => {
  const flight = inFlight.get(client.examId);
  if (!flight || flight.to !== side) return;
  if (state[flight.field] === flight.value) {
    if (flight.measured) latencies.push(now() - flight.sentAt);
    inFlight.delete(client.examId);
  }
};

let rooms = [];

async function api(origin, path, token) {
  const response = await fetch(`${origin}/api/v1${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function connectAll({ providerOrigin, patientOrigin, providerBearer }) {
  await inBatches(rooms, 25, async (room) => {
    // §7.3 participant tokens live 60 s: asked for right before connecting, not when the exam was made.
    const [providerToken, patientToken] = await Promise.all([
      api(providerOrigin, `/realtime/auth/live-exam/${room.id}/authorized-participant`, providerBearer),
      api(patientOrigin, `/realtime/auth/live-exam/${room.id}/potential-participant`, room.sessionToken),
    ]);
    const provider = await connect(providerOrigin, room.id, providerToken.value, onState('provider'));
    const patient = await connect(patientOrigin, room.id, patientToken.value, onState('patient'));
    clients.push(provider, patient);
    // The patient asks to enter and the provider admits it, so that both may write.
    await patient.write('examEntryRequest', { status: 'pending' });
    await provider.write('examEntryRequest', { status: 'approved' });
    room.provider = provider;
    room.patient = patient;
  });
}

/** The load: exam i (of all threads' exams) writes at i/examCount of every second; even seconds the provider, odd the patient. */
async function load({ loadStart, totalSeconds, warmupSeconds, examCount }) {
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  for (const room of rooms) {
    let tick = 0;
    const fire = () => {
      const second = tick++;
      if (second >= totalSeconds) return;
      const measured = second >= warmupSeconds;
      // Not arrived a second later: counted as lost.
      if (inFlight.get(room.id)?.measured) {
        lost++;
        lostTo[inFlight.get(room.id).to]++;
      }
      const fromProvider = second % 2 === 0;
      const field = fromProvider ? 'isTargetEnabled' : 'isM1Connected';
      const writer = fromProvider ? room.provider : room.patient;
      const value = !(writer.state?.[field] ?? false);
      const sentAt = now();
      inFlight.set(room.id, { field, value, to: fromProvider ? 'patient' : 'provider', sentAt, measured });
      void writer.write(field, value).then((answer) => {
        acked++;
        if (measured) ackLatencies.push(now() - sentAt);
        if (answer.type === 'error') refused++;
      });
      if (measured) writes++;
      const next = loadStart + (room.index / examCount) * 1000 + tick * 1000;
      room.timer = setTimeout(fire, Math.max(0, next - now()));
    };
    room.timer = setTimeout(fire, Math.max(0, loadStart + (room.index / examCount) * 1000 - now()));
  }
  await sleep(Math.max(0, loadStart + (totalSeconds + 2) * 1000 - now()));
  for (const room of rooms) clearTimeout(room.timer);
  loopDelay.disable();
  for (const flight of inFlight.values()) if (flight.measured) lost++;
  return {
    latencies: Float64Array.from(latencies),
    ackLatencies: Float64Array.from(ackLatencies),
    lost,
    refused,
    writes,
    acked,
    lostTo,
    loopDelayP95Ms: loopDelay.percentile(95) / 1e6,
    closes,
  };
}

async function handle(message) {
  if (message.type === 'connect') {
    rooms = message.rooms;
    await connectAll(message);
    parentPort.postMessage({ type: 'connected' });
  } else if (message.type === 'load') {
    parentPort.postMessage({ type: 'done', ...(await load(message)) });
  } else if (message.type === 'close') {
    for (const client of clients) client.close();
    await sleep(500);
    parentPort.postMessage({ type: 'closed' });
  }
}

// A failure (a socket refused or reset while connecting) ends the run with its reason, not a hang.
parentPort.on('message', (message) =>
  handle(message).catch((error) =>
    parentPort.postMessage({ type: 'failed', error: error instanceof Error ? error.stack : String(error) }),
  ),
);
