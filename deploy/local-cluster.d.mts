import type { ChildProcess } from 'node:child_process';

export type ClusterProcess = {
  name: string;
  pid: number;
  child: ChildProcess;
  /** Everything it printed, a line each (pino's JSON lines for the servers). */
  lines: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  alive(): boolean;
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  role: 'api' | 'worker';
  index: number;
  /** The api's HTTP port (null for a worker). */
  port: number | null;
  metricsPort: number;
};

export type HaproxyServers = Record<string, { status: string; sessions: number }>;

export type Cluster = {
  origin: string;
  basePort: number;
  folder: string;
  socketPath: string;
  databaseUrl: string;
  s3Endpoint: string;
  env: Record<string, string>;
  processes: Map<string, ClusterProcess>;
  startApi(index: number): Promise<ClusterProcess>;
  startWorker(index: number): Promise<ClusterProcess>;
  api(index: number): ClusterProcess;
  worker(index: number): ClusterProcess;
  haproxy: { lines: string[]; pid: number };
  haproxyServers(): Promise<HaproxyServers>;
  haproxyCommand(command: string): Promise<string>;
  waitForHaproxy(expected: Record<string, string>, timeoutMs?: number): Promise<HaproxyServers>;
  stop(): Promise<void>;
};

export function startCluster(options?: {
  apis?: number;
  workers?: number;
  basePort?: number;
  databaseServerUrl?: string;
  redisUrl?: string;
  startWorkers?: boolean;
  env?: Record<string, string>;
}): Promise<Cluster>;
export function waitFor<T>(
  what: string,
  check: () => T | Promise<T>,
  timeoutMs?: number,
  intervalMs?: number,
): Promise<NonNullable<T>>;
export function haproxyCommand(socketPath: string, command: string): Promise<string>;
export function haproxyServers(socketPath: string): Promise<HaproxyServers>;
export function metricValue(port: number, name: string, labels?: Record<string, string>): Promise<number | undefined>;
