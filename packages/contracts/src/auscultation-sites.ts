/**
 * The one table of auscultation points: every screen and the server read it (the torso diagram, the
 * exam cards, the in-person wizard, the live exam's point chips, the patient's instructions, the
 * stored descriptions). A test fails when a second source appears (auscultation-sites.test.ts).
 *
 * Anatomy as a standard physical examination text gives it: L. S. Bickley, P. G. Szilagyi, R. M.
 * Hoffman, R. P. Soriano, "Bates' Guide to Physical Examination and History Taking", 13th ed.,
 * Wolters Kluwer 2021 — chapter 8, "The Thorax and Lungs" (the lobes' projections on the chest wall:
 * the upper lobes anteriorly above the 4th rib, the right middle lobe anteriorly between the 4th and
 * 6th ribs on the right, the lower lobes mostly posteriorly, below the scapulae, from about T3 to T10),
 * and chapter 9, "The Cardiovascular System" (the auscultatory areas: 2nd right and left intercostal
 * spaces at the sternal border, Erb's point at the 3rd left, the lower left sternal border at the 4th
 * and 5th, the apex at the 5th left intercostal space in the midclavicular line).
 */

/** Where a point is drawn: on the front or the back view of a 120 × 140 torso, as someone facing that side sees it. */
export type SitePosition = { view: 'front' | 'back'; x: number; y: number };

export type AuscultationSite = {
  label: string;
  type: 'heart' | 'lungs' | 'other';
  /** The point's name on every screen. */
  longLabel: string;
  /** The clinician's words: the area and its landmark. */
  description: string | null;
  /** The patient's words: where to put the stethoscope, for someone on their own at home. */
  patientPlacement: string | null;
  /** Where the diagram marks it; null for 'other' (anywhere). */
  position: SitePosition | null;
};

export const auscultationSites = [
  {
    label: 'h1',
    type: 'heart',
    longLabel: 'Heart 1',
    description: 'Aortic area: right second intercostal space at the sternal border',
    patientPlacement: 'Upper chest, just to the right of your breastbone, in the space below your 2nd rib.',
    position: { view: 'front', x: 52, y: 52 },
  },
  {
    label: 'h2',
    type: 'heart',
    longLabel: 'Heart 2',
    description: 'Pulmonic area: left second intercostal space at the sternal border',
    patientPlacement: 'Upper chest, just to the left of your breastbone, in the space below your 2nd rib.',
    position: { view: 'front', x: 68, y: 52 },
  },
  {
    label: 'h3',
    type: 'heart',
    longLabel: 'Heart 3',
    description: "Erb's point: left third intercostal space at the sternal border",
    patientPlacement: 'Left of your breastbone, one space lower, below your 3rd rib.',
    position: { view: 'front', x: 70, y: 62 },
  },
  {
    label: 'h4',
    type: 'heart',
    longLabel: 'Heart 4',
    description: 'Tricuspid area: left fourth intercostal space at the lower sternal border',
    patientPlacement: 'At the lower left edge of your breastbone, below your 4th rib.',
    position: { view: 'front', x: 66, y: 74 },
  },
  {
    label: 'h5',
    type: 'heart',
    longLabel: 'Heart 5',
    description: 'Mitral area: cardiac apex, left fifth intercostal space, midclavicular line',
    patientPlacement: 'Below your left nipple, in the space below your 5th rib.',
    position: { view: 'front', x: 80, y: 84 },
  },
  {
    label: 'l1',
    type: 'lungs',
    longLabel: 'Lung 1',
    description: 'Right upper lobe, anterior: below the clavicle, midclavicular line',
    patientPlacement: 'Right upper chest, just below your collarbone, halfway along it.',
    position: { view: 'front', x: 42, y: 40 },
  },
  {
    label: 'l2',
    type: 'lungs',
    longLabel: 'Lung 2',
    description: 'Left upper lobe, anterior: below the clavicle, midclavicular line',
    patientPlacement: 'Left upper chest, just below your collarbone, halfway along it.',
    position: { view: 'front', x: 78, y: 40 },
  },
  {
    label: 'l3',
    type: 'lungs',
    longLabel: 'Lung 3',
    description: 'Right middle lobe, anterior: right fourth to fifth intercostal space, midclavicular line',
    patientPlacement: 'Right side of your chest, about level with your nipple, a hand’s width from your breastbone.',
    position: { view: 'front', x: 38, y: 72 },
  },
  {
    label: 'l4',
    type: 'lungs',
    longLabel: 'Lung 4',
    description: 'Right lower lobe, posterior: below the right scapula, midscapular line',
    patientPlacement:
      'On your back, on the right side, just below your shoulder blade. Ask someone to hold it there if you cannot reach.',
    position: { view: 'back', x: 80, y: 84 },
  },
  {
    label: 'l5',
    type: 'lungs',
    longLabel: 'Lung 5',
    description: 'Left lower lobe, posterior: below the left scapula, midscapular line',
    patientPlacement:
      'On your back, on the left side, just below your shoulder blade. Ask someone to hold it there if you cannot reach.',
    position: { view: 'back', x: 40, y: 84 },
  },
  {
    label: 'other',
    type: 'other',
    longLabel: 'Other',
    description: null,
    patientPlacement: null,
    position: null,
  },
] as const satisfies readonly AuscultationSite[];

export type SiteLabel = (typeof auscultationSites)[number]['label'];

const byLabel = new Map<string, AuscultationSite>(auscultationSites.map((site) => [site.label, site]));

/** The site of a point label; undefined for a label the table does not know. */
export function siteOf(label: string): AuscultationSite | undefined {
  return byLabel.get(label);
}

/** A point's name on every screen ('Heart 1', 'Lung 4', 'Other'); an unknown label as it is. */
export function siteName(label: string): string {
  return byLabel.get(label)?.longLabel ?? label;
}

/** A recorded point's name: the table's for a standard point, the point's own long label otherwise. */
export function pointName(point: { label: string; longLabel?: string }): string {
  return byLabel.get(point.label)?.longLabel ?? point.longLabel ?? point.label;
}

/** A recorded point's description: the table's for a standard point, the one given with an 'Other' point. */
export function pointDescription(point: { label: string; description?: string }): string | undefined {
  return byLabel.get(point.label)?.description ?? point.description;
}
