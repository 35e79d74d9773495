import crypto from 'node:crypto';
import { apiBasePath, buildPath, recordingPaths } from '@auscura/contracts';
import type { FhirBundle } from '@auscura/contracts';
import type { AuscultationView, ExamView, PersonView } from './exam-view.js';

/**
 * The exam as a FHIR R4 Bundle of type `collection` (http://hl7.org/fhir/R4/bundle.html), built
 * from the exam view (exam-view.ts) and nothing else, so it says what the page and the PDF say.
 * Resources refer to each other by `urn:uuid:` full URLs; ids are stable for an exam.
 */

const snomed = 'http://snomed.info/sct';
const loinc = 'http://loinc.org';
const ucum = 'http://unitsofmeasure.org';

type CodeableConcept = { coding?: { system: string; code: string; display: string }[]; text?: string };
const snomedConcept = (code: string, display: string, text = display): CodeableConcept => ({
  coding: [{ system: snomed, code, display }],
  text,
});

/**
 * SNOMED CT body structures for the points of packages/contracts auscultation-sites.ts. The heart
 * points are the valve areas the table names; their codes are those of DICOM PS3.16 CID 3701
 * "Cardiac Valve/Tract" (mitral 91134007, aortic 34202007, tricuspid 46030003, pulmonary 39057004).
 * Erb's point (h3) is no valve's area: it gets "Heart structure" 80891009 (SNOMED CT International,
 * the concept of the heart as a whole). The lung points are lobes, with the codes of DICOM PS3.16
 * CID 6170 "Lobe of Lung" (upper lobe 45653009, middle lobe of right lung 72481006, lower lobe
 * 90572001); those codes carry no side, so the text (the table's description) says which lung.
 * 'other' has no standard site: text only.
 */
const siteCodes: Record<string, { code: string; display: string }> = {
  h1: { code: '34202007', display: 'Aortic valve structure' },
  h2: { code: '39057004', display: 'Pulmonary valve structure' },
  h3: { code: '80891009', display: 'Heart structure' },
  h4: { code: '46030003', display: 'Tricuspid valve structure' },
  h5: { code: '91134007', display: 'Mitral valve structure' },
  l1: { code: '45653009', display: 'Structure of upper lobe of lung' },
  l2: { code: '45653009', display: 'Structure of upper lobe of lung' },
  l3: { code: '72481006', display: 'Structure of middle lobe of right lung' },
  l4: { code: '90572001', display: 'Structure of lower lobe of lung' },
  l5: { code: '90572001', display: 'Structure of lower lobe of lung' },
};

export function bodySite(point: AuscultationView['point']): CodeableConcept {
  const site = siteCodes[point.label];
  const text = point.description ? `${point.name}: ${point.description}` : point.name;
  return site ? snomedConcept(site.code, site.display, text) : { text };
}

/**
 * SNOMED CT qualifier values for the murmur finding: Present 52101004, Absent 2667000, Unknown
 * 261665006 (the "present/absent" answers used across HL7 FHIR implementation guides).
 */
const murmurValues = {
  present: snomedConcept('52101004', 'Present'),
  absent: snomedConcept('2667000', 'Absent'),
  unknown: snomedConcept('261665006', 'Unknown'),
} as const;

/**
 * http://terminology.hl7.org/CodeSystem/data-absent-reason: why a heart-rate Observation has no
 * value. A lung recording gets no heart analysis (not-applicable); one still waiting for its
 * analysis is temp-unknown; a failed analysis is error; a recording the quality verdict refused
 * (silent, noisy, no heartbeat…) is unknown. The text is the reason the page gives.
 */
function absentReason(a: AuscultationView): CodeableConcept {
  const reason = a.heartRate.reason ?? 'No heart rate';
  const code =
    a.point.type === 'lungs' || reason.startsWith('No heart analysis')
      ? 'not-applicable'
      : !a.reportReady && /Processing|not requested/.test(a.reportText)
        ? 'temp-unknown'
        : !a.reportReady
          ? 'error'
          : 'unknown';
  return {
    coding: [{ system: 'http://terminology.hl7.org/CodeSystem/data-absent-reason', code, display: code }],
    text: reason,
  };
}

/** A stable UUID (RFC 9562 version 5 layout, SHA-1 of a name) for a resource without an id of its own. */
export function nameUuid(name: string): string {
  const hash = crypto.createHash('sha1').update(`auscura-fhir:${name}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const ref = (id: string) => ({ reference: `urn:uuid:${id}` });

function practitioner(p: PersonView) {
  return {
    resourceType: 'Practitioner',
    id: p.id,
    name: [{ text: p.name }],
    telecom: [{ system: 'email', value: p.emailAddress }],
  };
}

function patient(view: ExamView) {
  const p = view.patient;
  if (p.masked) {
    // The caller sees this patient masked (clinician-portal §6): no id, name, birthdate or sex; the
    // resource says it was masked (HL7 v3 ObservationValue MASKED, a security label of FHIR R4).
    return {
      resourceType: 'Patient',
      id: nameUuid(`patient-of-exam:${view.id}`),
      meta: {
        security: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationValue', code: 'MASKED' }],
      },
      name: [{ text: p.name }],
    };
  }
  return {
    resourceType: 'Patient',
    id: p.id,
    name: [
      { text: p.name, ...(p.lastName ? { family: p.lastName } : {}), ...(p.firstName ? { given: [p.firstName] } : {}) },
    ],
    ...(p.sex ? { gender: p.sex } : {}),
    ...(p.birthdate ? { birthDate: p.birthdate } : {}),
    // The primary doctor: the view names them only when someone else conducted the exam.
    generalPractitioner: [ref((view.primaryDoctor ?? view.conductingDoctor).id)],
    managingOrganization: ref(view.organization.id),
  };
}

/** The Binary the Media points at: the existing WAV download of the original recording. */
export function recordingUrl(publicUrl: string, auscultationId: string): string {
  return `${publicUrl}${apiBasePath}${buildPath(recordingPaths.raw, { id: auscultationId })}`;
}

export function examFhirBundle(view: ExamView, options: { publicUrl: string; now?: Date }): FhirBundle {
  const status = view.reviewed ? 'final' : 'preliminary';
  const patientResource = patient(view);
  const subject = ref(patientResource.id);
  const entries: Record<string, unknown>[] = [patientResource];
  const organization = { resourceType: 'Organization', id: view.organization.id, name: view.organization.name };
  entries.push(organization);
  entries.push(practitioner(view.conductingDoctor));
  if (view.primaryDoctor) entries.push(practitioner(view.primaryDoctor));
  const results: { reference: string }[] = [];
  const media: { link: { reference: string }; comment?: string }[] = [];

  for (const a of view.auscultations) {
    const site = bodySite(a.point);
    const mediaId = a.hasRecording ? nameUuid(`media:${a.id}`) : null;
    if (mediaId) {
      entries.push({
        resourceType: 'Media',
        id: mediaId,
        status: 'completed',
        type: {
          coding: [{ system: 'http://terminology.hl7.org/CodeSystem/media-type', code: 'audio', display: 'Audio' }],
        },
        subject,
        createdDateTime: a.date,
        bodySite: site,
        content: {
          contentType: 'audio/wav',
          url: recordingUrl(options.publicUrl, a.id),
          title: `${a.point.name} recording`,
        },
        ...(a.durationSec !== null ? { duration: Number(a.durationSec.toFixed(3)) } : {}),
      });
      media.push({ link: ref(mediaId), comment: a.point.name });
    }
    const common = {
      status,
      subject,
      effectiveDateTime: a.date,
      bodySite: site,
      method: { text: view.analysisSoftware },
      ...(mediaId ? { derivedFrom: [ref(mediaId)] } : {}),
    };
    const rateId = nameUuid(`heart-rate:${a.id}`);
    entries.push({
      resourceType: 'Observation',
      id: rateId,
      ...common,
      category: [
        {
          coding: [
            {
              system: 'http://terminology.hl7.org/CodeSystem/observation-category',
              code: 'vital-signs',
              display: 'Vital Signs',
            },
          ],
        },
      ],
      // LOINC 8867-4 "Heart rate", the FHIR vital-signs profile's code; UCUM "/min" (http://hl7.org/fhir/R4/heartrate.html).
      code: { coding: [{ system: loinc, code: '8867-4', display: 'Heart rate' }], text: 'Heart rate' },
      ...(a.heartRate.bpm !== null
        ? { valueQuantity: { value: a.heartRate.bpm, unit: '/min', system: ucum, code: '/min' } }
        : { dataAbsentReason: absentReason(a) }),
    });
    results.push(ref(rateId));
    if (a.murmur) {
      const murmurId = nameUuid(`murmur:${a.id}`);
      const timing = a.murmur.timing;
      entries.push({
        resourceType: 'Observation',
        id: murmurId,
        ...common,
        category: [
          {
            coding: [
              { system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'exam', display: 'Exam' },
            ],
          },
        ],
        // SNOMED CT 88610006 "Heart murmur" (finding).
        code: snomedConcept('88610006', 'Heart murmur'),
        valueCodeableConcept: murmurValues[a.murmur.status],
        note: [{ text: a.murmur.text }],
        component: [
          {
            code: { text: 'Murmur probability (automated detector)' },
            valueQuantity: { value: a.murmur.probability, unit: '1', system: ucum, code: '1' },
          },
          ...(timing
            ? [
                { code: { text: 'Murmur phase' }, valueString: timing.phase },
                ...(timing.pattern ? [{ code: { text: 'Murmur timing' }, valueString: timing.pattern }] : []),
                ...(timing.shape ? [{ code: { text: 'Murmur shape' }, valueString: timing.shape }] : []),
              ]
            : []),
        ],
      });
      results.push(ref(murmurId));
    }
  }

  const conclusion = [
    view.notes ? `Notes: ${view.notes}` : null,
    view.enhancedNotes.length ? `Enhanced notes: ${view.enhancedNotes.join(', ')}` : null,
  ].filter((line): line is string => line !== null);
  entries.push({
    resourceType: 'DiagnosticReport',
    id: view.id,
    status,
    code: { text: `Auscultation exam (${view.typeLabel})` },
    subject,
    effectiveDateTime: view.date,
    issued: (options.now ?? new Date()).toISOString(),
    performer: [ref(view.conductingDoctor.id), ref(view.organization.id)],
    ...(results.length ? { result: results } : {}),
    ...(media.length ? { media } : {}),
    ...(conclusion.length ? { conclusion: conclusion.join('\n') } : {}),
  });

  return {
    resourceType: 'Bundle',
    type: 'collection',
    timestamp: (options.now ?? new Date()).toISOString(),
    entry: entries.map((resource) => ({
      fullUrl: `urn:uuid:${(resource as { id: string }).id}`,
      resource: resource as FhirBundle['entry'][number]['resource'],
    })),
  };
}
