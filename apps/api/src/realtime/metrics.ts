import { Gauge } from 'prom-client';
import type { Registry } from 'prom-client';
import type { RealtimeServer } from './socket-server.js';

/** The live exams' series of this process: its WebSocket connections and the exams they belong to. */
export function registerRealtimeMetrics(registry: Registry, realtime: RealtimeServer) {
  new Gauge({
    name: 'auscura_websocket_connections',
    help: 'Open live-exam WebSocket connections on this process',
    registers: [registry],
    collect() {
      this.set(realtime.connectionCount());
    },
  });
  new Gauge({
    name: 'auscura_live_exams',
    help: 'Live exams with at least one participant connected to this process',
    registers: [registry],
    collect() {
      this.set(realtime.examCount());
    },
  });
}
