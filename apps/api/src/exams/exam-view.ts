import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MURMUR_MODEL } from '@auscura/audio-engine';
import {
  analysisVerdict,
  examTypeLabels,
  heartRateText,
  maskedPatientName,
  murmurText,
  noiseQualityText,
  pointDescription,
  pointName,
  providerName,
  qualityText,
  reportDisplay,
  siteOf,
} from '@auscura/contracts';
import type { Auscultation, Exam, HealthcareProviderSummary, MurmurFinding } from '@auscura/contracts';

/**
 * One server-side view of an exam (issue 38): what the exam page shows, in the words and numbers
 * it shows them, for the PDF report and the FHIR export. It is built from the exam the GET answers
 * for the same caller (repository `present`), so the patient is masked exactly as on the page: a
 * council member outside the exam's organization gets no name, birthdate, sex, id or primary doctor.
 * Figures are formatted by the contract's functions the page uses (auscultation-format.ts).
 */
export type PersonView = { id: string; name: string; emailAddress: string };

export type PatientView =
  | { masked: true; name: string }
  | {
      masked: false;
      id: string;
      name: string;
      firstName: string | null;
      lastName: string | null;
      birthdate: string | null;
      sex: 'male' | 'female' | 'unknown' | null;
    };

export type HeartRateView = {
  /** The rate as the page shows it, a whole number; null where the page shows '--'. */
  bpm: number | null;
  /** '72' or '--'. */
  text: string;
  /** Why there is no rate (null when there is one). */
  reason: string | null;
};

export type MurmurView = {
  status: MurmurFinding['status'];
  /** False when the quality verdict refused the recording: no finding, whatever the detector said. */
  judged: boolean;
  probability: number;
  timing: MurmurFinding['timing'];
  segments: MurmurFinding['segments'];
  /** The line the exam page shows ("Present, holosystolic, plateau (probability 0.87)"). */
  text: string;
};

export type AuscultationView = {
  id: string;
  point: { label: string; type: Auscultation['auscultationPoint']['type']; name: string; description: string | null };
  date: string;
  /** Seconds, null without a recording. */
  durationSec: number | null;
  hasRecording: boolean;
  heartRate: HeartRateView;
  /** Null for lung recordings, reports without a finding and recordings not analysed yet. */
  murmur: MurmurView | null;
  /** "Automated analysis: …" on the page. */
  verdict: string;
  noiseQuality: string;
  /** The automated report's markdown, or its status text (clinician-portal §4). */
  reportText: string;
  reportReady: boolean;
};

export type ExamView = {
  id: string;
  organization: { id: string; name: string };
  patient: PatientView;
  type: Exam['type'];
  typeLabel: string;
  date: string;
  conductingDoctor: PersonView;
  /** Shown when it is someone else than the conducting doctor and the patient is not masked (as on the page). */
  primaryDoctor: PersonView | null;
  reviewed: boolean;
  reviewState: 'Reviewed' | 'Unreviewed';
  notes: string | null;
  enhancedNotes: string[];
  auscultations: AuscultationView[];
  /** The analysis software, for the report's footer and the FHIR DiagnosticReport. */
  analysisSoftware: string;
};

/** The loads the view needs from the exam's presentation. */
export const examViewLoads = ['patientProfile', 'healthcareProvider', 'auscultations'] as const;

function person(provider: HealthcareProviderSummary): PersonView {
  return { id: provider.id, name: providerName(provider), emailAddress: provider.emailAddress };
}

function heartRate(a: Auscultation): HeartRateView {
  const text = heartRateText(a.heartrateBpm);
  if (text !== '--') return { bpm: Number(text), text, reason: null };
  const report = a.beatawareReport;
  const display = reportDisplay(a.beatawareStatus, report);
  const reason =
    a.auscultationPoint.type === 'lungs' || report?.analysedAs === 'lungs'
      ? 'No heart analysis for lung sounds'
      : (qualityText(report) ??
        (display.kind === 'text'
          ? display.text
          : a.heartrateBpm === null
            ? 'No heart rate was measured'
            : 'The measured rate is outside 0–200 bpm'));
  return { bpm: null, text, reason };
}

function murmur(a: Auscultation): MurmurView | null {
  const report = a.beatawareReport;
  const finding = report?.murmur;
  const text = murmurText(finding, report?.quality);
  if (!finding || !text) return null;
  const judged = report?.quality?.judged !== false;
  return {
    status: judged ? finding.status : 'unknown',
    judged,
    probability: finding.probability,
    timing: judged ? finding.timing : null,
    segments: judged && finding.status === 'present' ? finding.segments : [],
    text,
  };
}

export function auscultationView(a: Auscultation): AuscultationView {
  const display = reportDisplay(a.beatawareStatus, a.beatawareReport);
  return {
    id: a.id,
    point: {
      label: a.auscultationPoint.label,
      type: a.auscultationPoint.type,
      name: pointName(a.auscultationPoint),
      description: pointDescription(a.auscultationPoint) ?? siteOf(a.auscultationPoint.label)?.description ?? null,
    },
    date: a.dateCreated,
    durationSec: a.recording ? a.recording.duration : null,
    hasRecording: a.recording !== null,
    heartRate: heartRate(a),
    murmur: murmur(a),
    verdict: analysisVerdict(a),
    noiseQuality: noiseQualityText(a.noiseQualityRecord),
    reportText: display.kind === 'report' ? display.report.reportMarkdown : display.text,
    reportReady: display.kind === 'report',
  };
}

/** The view of an exam presented for its caller (with examViewLoads) in an organization called `organizationName`. */
export function examView(exam: Exam, organizationName: string): ExamView {
  const profile = exam.patientMasked ? undefined : exam.patientProfile;
  if (!exam.healthcareProvider) throw new Error('examView needs the healthcareProvider load');
  const conductingDoctor = person(exam.healthcareProvider);
  const primary = profile?.healthcareProvider;
  return {
    id: exam.id,
    organization: { id: exam.organizationId, name: organizationName },
    patient: profile
      ? {
          masked: false,
          id: profile.id,
          name: profile.fullName ?? [profile.firstName, profile.lastName].filter(Boolean).join(' '),
          firstName: profile.firstName,
          lastName: profile.lastName,
          birthdate: profile.birthdate,
          sex: profile.sex,
        }
      : { masked: true, name: maskedPatientName },
    type: exam.type,
    typeLabel: examTypeLabels[exam.type],
    date: exam.dateCreated,
    conductingDoctor,
    primaryDoctor: primary && primary.id !== conductingDoctor.id ? person(primary) : null,
    reviewed: exam.reviewed,
    reviewState: exam.reviewed ? 'Reviewed' : 'Unreviewed',
    notes: exam.notes,
    enhancedNotes: exam.enhancedNotes,
    auscultations: (exam.auscultations ?? []).map(auscultationView),
    analysisSoftware: analysisSoftware(),
  };
}

let software: string | undefined;
/**
 * "Auscura analysis engine 0.1.0 (murmur model trained 2026-11-28)": the engine package's version
 * (read from its package.json, which its exports do not publish) and the date of the weights it ships.
 */
export function analysisSoftware(): string {
  if (software) return software;
  let version = 'unknown';
  for (let dir = path.dirname(fileURLToPath(import.meta.resolve('@auscura/audio-engine'))); ;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      version = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version;
      break;
    }
    if (path.dirname(dir) === dir) break;
    dir = path.dirname(dir);
  }
  software = `Auscura analysis engine ${version} (murmur model trained ${MURMUR_MODEL.trainedOn.date})`;
  return software;
}
