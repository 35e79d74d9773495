import type { ComponentStatus, ServiceComponent } from '@auscura/contracts';
import { parseIceUrl, probeIceServer } from './stun-probe.js';

/** One component of the status page and how to check it (a check that throws or times out is an outage). */
export type StatusCheck = { name: string; check: () => Promise<ComponentStatus | ServiceComponent[]> };

const withTimeout = <T>(work: Promise<T>, ms: number) =>
  Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref())]);

/** Runs every check at once (each within `timeoutMs`) and lists the components in order. */
export async function runStatusChecks(checks: StatusCheck[], timeoutMs = 3000): Promise<ServiceComponent[]> {
  const results = await Promise.all(
    checks.map(async ({ name, check }): Promise<ServiceComponent[]> => {
      try {
        const result = await withTimeout(check(), timeoutMs);
        return typeof result === 'string' ? [{ name, status: result }] : result;
      } catch {
        return [{ name, status: 'major_outage' }];
      }
    }),
  );
  return results.flat();
}

/** TURN: every configured server probed; all answering is operational, some a partial outage. */
export function turnCheck(urls: string[]): StatusCheck {
  return {
    name: 'TURN',
    async check() {
      const servers = urls.map(parseIceUrl).filter((server) => server !== null);
      const answers = await Promise.all(servers.map((server) => probeIceServer(server)));
      const up = answers.filter(Boolean).length;
      if (up === answers.length) return 'operational';
      return up === 0 ? 'major_outage' : 'partial_outage';
    },
  };
}

/** §3's video-service components, as Twilio's status page names them (its Programmable Video group). */
const twilioVideoComponents = [
  'Group Rooms',
  'Peer-to-Peer Rooms',
  'Compositions',
  'Recordings',
  'Network Traversal Service',
  'Go Rooms',
] as const;

/** Twilio's public status page (a statuspage.io page: GET components.json, no credentials). */
const twilioStatusUrl = 'https://status.twilio.com/api/v2/components.json';

const statusWords = new Set<string>(['operational', 'degraded_performance', 'partial_outage', 'major_outage']);

/**
 * Twilio's own status for §3's components, read from its status page; a page that does not
 * answer is reported as one 'unknown' component, never as an outage of ours.
 */
export function twilioCheck(url = twilioStatusUrl): StatusCheck {
  return {
    name: 'Twilio Video',
    async check() {
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(2500) });
        if (!response.ok) throw new Error(`status page answered ${response.status}`);
        const page = (await response.json()) as { components?: { name?: unknown; status?: unknown }[] };
        const found = twilioVideoComponents.flatMap((name): ServiceComponent[] => {
          const entry = page.components?.find(
            (component) => typeof component.name === 'string' && component.name.trim() === name,
          );
          if (!entry || typeof entry.status !== 'string' || !statusWords.has(entry.status)) return [];
          return [{ name: `Twilio ${name}`, status: entry.status as ComponentStatus }];
        });
        return found.length ? found : [{ name: 'Twilio Video', status: 'unknown' }];
      } catch {
        return [{ name: 'Twilio Video', status: 'unknown' }];
      }
    },
  };
}
