import { auscultationPoints } from '@auscura/contracts';
import type { AuscultationPoint } from '@auscura/contracts';

/** The in-person choices: h1–h5, l1–l5 and 'Other', which only in-person exams offer (exams-and-devices §3). */
export const inPersonPoints: AuscultationPoint[] = [
  ...auscultationPoints,
  { type: 'other', label: 'other', longLabel: 'Other' },
];

export const pointName = (point: AuscultationPoint) => point.longLabel ?? point.label;
