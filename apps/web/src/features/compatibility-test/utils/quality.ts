import type { BitrateReport, PreflightReport, Quality } from '@auscura/contracts';

/**
 * exams-and-devices §9 "Quality thresholds" (Excellent / Good / Suboptimal, otherwise Poor; lower
 * is better except bitrate). Where two cells meet, the table reads "up to 250" for Good and "from
 * 400" for Poor: a bound that ends a better grade is inclusive ("at most", "up to"), except RTT's
 * 400, which "from 400" gives to Poor.
 */
const qualityOrder: Quality[] = ['Poor', 'Suboptimal', 'Good', 'Excellent'];

/** Average round-trip time, ms: at most 100, up to 250, below 400, from 400. */
export function latencyScore(rttMs: number): Quality {
  if (rttMs <= 100) return 'Excellent';
  if (rttMs <= 250) return 'Good';
  if (rttMs < 400) return 'Suboptimal';
  return 'Poor';
}

/** Average jitter, ms: at most 5, up to 10, up to 30, above 30. */
export function jitterScore(jitterMs: number): Quality {
  if (jitterMs <= 5) return 'Excellent';
  if (jitterMs <= 10) return 'Good';
  if (jitterMs <= 30) return 'Suboptimal';
  return 'Poor';
}

/** Average packet loss, %: at most 1, up to 3, up to 8, above 8. */
export function packetLossScore(lossPercent: number): Quality {
  if (lossPercent <= 1) return 'Excellent';
  if (lossPercent <= 3) return 'Good';
  if (lossPercent <= 8) return 'Suboptimal';
  return 'Poor';
}

/** Average bitrate, kbps: above 1000, above 500, above 150, otherwise. */
export function bitrateScore(kbps: number): Quality {
  if (kbps > 1000) return 'Excellent';
  if (kbps > 500) return 'Good';
  if (kbps > 150) return 'Suboptimal';
  return 'Poor';
}

/** The worst of several grades. */
export function minimumQuality(grades: Quality[]): Quality {
  return grades.reduce((worst, grade) => (qualityOrder.indexOf(grade) < qualityOrder.indexOf(worst) ? grade : worst));
}

export type QualityScores = {
  latency: Quality | null;
  jitter: Quality | null;
  packetLoss: Quality | null;
  bitrate: Quality | null;
  /** §4: the minimum of the four; null when a measure is missing (nothing is guessed). */
  total: Quality | null;
};

export function qualityScores(preflight: PreflightReport | null, bitrate: BitrateReport | null): QualityScores {
  const latency = preflight ? latencyScore(preflight.stats.rtt.average) : null;
  const jitter = preflight ? jitterScore(preflight.stats.jitter.average) : null;
  const packetLoss = preflight ? packetLossScore(preflight.stats.packetLoss.average) : null;
  const bitrateGrade = bitrate ? bitrateScore(bitrate.averageBitrate) : null;
  const all = [latency, jitter, packetLoss, bitrateGrade];
  const total = all.every((grade) => grade !== null) ? minimumQuality(all as Quality[]) : null;
  return { latency, jitter, packetLoss, bitrate: bitrateGrade, total };
}
