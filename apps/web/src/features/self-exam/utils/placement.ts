/**
 * Where to place the stethoscope, in plain words, for each point a patient can record alone. The
 * heart points are the classic auscultation sites (aortic, pulmonic, Erb's point, tricuspid,
 * mitral) and the lung points the anterior fields, as the torso diagram marks them.
 */
export const placementHints: Record<string, string> = {
  h1: 'Upper chest, just to the right of your breastbone, in the space below your 2nd rib.',
  h2: 'Upper chest, just to the left of your breastbone, in the space below your 2nd rib.',
  h3: 'Left of your breastbone, one space lower, below your 3rd rib.',
  h4: 'At the lower left edge of your breastbone, below your 4th rib.',
  h5: 'Below your left nipple, in the space below your 5th rib.',
  l1: 'Right upper chest, just below your collarbone.',
  l2: 'Left upper chest, just below your collarbone.',
  l3: 'Right side of your chest, lower down, below the nipple line.',
  l4: 'Left side of your chest, lower down, below the nipple line.',
  l5: 'Lower middle of your chest, just below the end of your breastbone.',
};

/** 'Heart 1', 'Lung 3': the name the patient sees for a point label. */
export function pointTitle(label: string): string {
  const n = label.slice(1);
  return label.startsWith('h') ? `Heart ${n}` : `Lung ${n}`;
}
