// The live-exam part of `npm run bench:soak`: rooms that come and go (a provider and an admitted
// patient on the live exam's WebSocket, each side changing the shared state once a second and
// waiting for the other side to see it), so the soak also watches sockets, presences, the state
// store and the audit trail's live-exam entries for leaks. Each room lives `roomSeconds`, then both
// sides leave and a new exam starts: over 20 minutes, hundreds of exams and presences.

const stateTimeoutMs = 2000;

/** One participant's socket: signs in, keeps its heartbeat, tells every state to its waiters. */
function connect(origin, virtualExamId, token) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}/api/v1/realtime/live-exam/${virtualExamId}`);
    const client = { socket, state: null, nextId: 1, acks: new Map(), waiters: new Set() };
    socket.onopen = () => socket.send(JSON.stringify({ type: 'auth', token }));
    socket.onmessage = (event) => {
      const message = JSON.parse(String(event.data));
      if (message.type === 'ready') resolve(client);
      else if (message.type === 'state') {
        client.state = message.state;
        for (const waiter of client.waiters) waiter(message.state);
      } else if (message.type === 'ack' || (message.type === 'error' && message.id !== undefined)) {
        client.acks.get(message.id)?.(message);
        client.acks.delete(message.id);
      } else if (message.type === 'error') reject(new Error(`socket refused: ${message.error?.name}`));
    };
    socket.onerror = () => reject(new Error('socket error'));
    client.heartbeat = setInterval(() => socket.readyState === 1 && socket.send('{"type":"ping"}'), 3000);
    client.write = (path, value) =>
      new Promise((done) => {
        const id = client.nextId++;
        client.acks.set(id, done);
        socket.send(JSON.stringify({ type: 'write', id, path, value }));
      });
    /** Resolves with the first state (the current one included) that satisfies `test`, or rejects after a timeout. */
    client.waitFor = (test) =>
      new Promise((done, fail) => {
        if (client.state && test(client.state)) return done(client.state);
        const timer = setTimeout(() => {
          client.waiters.delete(waiter);
          fail(new Error('the other side did not see the change within 2 s'));
        }, stateTimeoutMs);
        const waiter = (state) => {
          if (!test(state)) return;
          clearTimeout(timer);
          client.waiters.delete(waiter);
          done(state);
        };
        client.waiters.add(waiter);
      });
    client.close = () => {
      clearInterval(client.heartbeat);
      socket.close();
    };
  });
}

async function api(origin, method, path, authorization, body) {
  const response = await fetch(`${origin}/api/v1${path}`, {
    method,
    headers: { ...(authorization ? { authorization } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path.split('/').slice(0, 2).join('/')} answered ${response.status}`);
  return response.json();
}

/**
 * Runs `rooms` live exams in a loop until `running()` is false. `record(latencyMs)` is called per
 * change seen by the other side, `fail(message)` per error (a refused call, a lost change).
 */
export function runLiveExams({
  origin,
  authorization,
  providerId,
  patientProfileId,
  rooms,
  roomSeconds,
  running,
  record,
  fail,
}) {
  async function oneRoom() {
    const exam = await api(origin, 'POST', '/virtual-exams', authorization(), {
      healthcareProviderId: providerId,
      patientProfileId,
      timeZone: 'UTC',
    });
    const session = await api(origin, 'POST', `/virtual-exams/${exam.id}/auth`, null, {
      userName: 'Soak Patient',
      accessCode: exam.accessCode,
    });
    const [providerToken, patientToken] = await Promise.all([
      api(origin, 'POST', `/realtime/auth/live-exam/${exam.id}/authorized-participant`, authorization()),
      api(origin, 'POST', `/realtime/auth/live-exam/${exam.id}/potential-participant`, `Bearer ${session.token}`),
    ]);
    const provider = await connect(origin, exam.id, providerToken.value);
    const patient = await connect(origin, exam.id, patientToken.value).catch((error) => {
      provider.close();
      throw error;
    });
    try {
      await patient.write('examEntryRequest', { status: 'pending' });
      await provider.waitFor((state) => state.examEntryRequest?.status === 'pending');
      await provider.write('examEntryRequest', { status: 'approved' });
      await patient.waitFor((state) => state.examEntryRequest?.status === 'approved');
      const endAt = Date.now() + roomSeconds * 1000;
      for (let second = 0; running() && Date.now() < endAt; second++) {
        const fromProvider = second % 2 === 0;
        const [writer, reader, field] = fromProvider
          ? [provider, patient, 'isTargetEnabled']
          : [patient, provider, 'isM1Connected'];
        const value = !(writer.state?.[field] ?? false);
        const started = performance.now();
        const seen = reader.waitFor((state) => state[field] === value);
        const answer = await writer.write(field, value);
        if (answer.type === 'error') fail(`live write refused: ${answer.error?.name}`);
        await seen.then(
          () => record(performance.now() - started),
          (error) => fail(`live: ${error.message}`),
        );
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 - (performance.now() - started))));
      }
    } finally {
      patient.close();
      provider.close();
    }
  }

  return Promise.all(
    Array.from({ length: rooms }, async (_, index) => {
      // Staggered, so rooms do not all start and end in the same second.
      await new Promise((resolve) => setTimeout(resolve, (index * roomSeconds * 1000) / rooms));
      while (running()) {
        await oneRoom().catch(async (error) => {
          fail(`live room: ${error.message}`);
          await new Promise((resolve) => setTimeout(resolve, 1000));
        });
      }
    }),
  );
}
