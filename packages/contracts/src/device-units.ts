import { z } from 'zod';
import { endpoint } from './endpoint.js';

/**
 * The stethoscopes and USB microphones the product recognizes by their input's label ("device
 * units", clinician-portal §7 `GET /ems/log`). This list is the one source of the label pattern
 * every stethoscope detection uses (the in-person exam, the self exam, the live exam's stethoscope
 * selector, the compatibility test's 16 × 500 ms polling); the API serves it unchanged.
 *
 * The label fragments are exams-and-devices §9's ("patterns include 'USB MIC', 'PCP-USB', 'USB
 * audio'"). A browser names an input by what the device reports over USB, so a fragment matches any
 * stethoscope or adapter that reports it, whatever its maker; matching ignores case.
 */
export const deviceUnitSchema = z.object({
  /** Stable identifier of the entry. */
  id: z.string(),
  /** What the entry recognizes, for people. */
  name: z.string(),
  /** A part of the input's label (case-insensitive) that identifies the device. */
  labelPattern: z.string(),
  /** Stethoscope (an electronic chest piece or its adapter) or a generic USB microphone input. */
  kind: z.enum(['stethoscope', 'usb-microphone']),
  description: z.string(),
});
export type DeviceUnit = z.infer<typeof deviceUnitSchema>;

export const deviceUnits: readonly DeviceUnit[] = [
  {
    id: 'pcp-usb',
    name: 'PCP-USB stethoscope adapter',
    labelPattern: 'PCP-USB',
    kind: 'stethoscope',
    description: 'Stethoscope chest pieces connected through an adapter that reports itself as "PCP-USB".',
  },
  {
    id: 'usb-mic',
    name: 'USB MIC stethoscope input',
    labelPattern: 'USB MIC',
    kind: 'usb-microphone',
    description: 'Digital stethoscopes and adapters that appear as a USB microphone labelled "USB MIC".',
  },
  {
    id: 'usb-audio',
    name: 'USB audio stethoscope input',
    labelPattern: 'USB audio',
    kind: 'usb-microphone',
    description: 'Digital stethoscopes and adapters that appear as a generic "USB audio" input device.',
  },
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One case-insensitive pattern matching an input label that contains any unit's label fragment. */
export function deviceUnitLabelPattern(units: readonly DeviceUnit[] = deviceUnits): RegExp {
  return new RegExp(units.map((unit) => escapeRegExp(unit.labelPattern)).join('|'), 'i');
}

/** The unit an input label belongs to, if any. */
export function deviceUnitOf(label: string, units: readonly DeviceUnit[] = deviceUnits): DeviceUnit | undefined {
  const lower = label.toLowerCase();
  return units.find((unit) => lower.includes(unit.labelPattern.toLowerCase()));
}

export const deviceUnitsAnswerSchema = z.object({ deviceUnits: z.array(deviceUnitSchema) });
export type DeviceUnitsAnswer = z.infer<typeof deviceUnitsAnswerSchema>;

export const deviceRoutes = {
  log: endpoint({
    method: 'GET',
    path: '/ems/log',
    public: true,
    responses: { 200: deviceUnitsAnswerSchema },
    summary: 'The stethoscopes and USB microphones the product recognizes by their input label ("device units")',
  }),
};
