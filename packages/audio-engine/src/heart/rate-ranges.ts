// Normal resting heart-rate ranges by age, which the diagnosis judges the rate against.
//
// Children (birth to 18 years): the 1st and 99th centiles of Fleming S, Thompson M, Stevens R et
// al., "Normal ranges of heart rate and respiratory rate in children from birth to 18 years of
// age: a systematic review of observational studies", Lancet 2011;377:1011–18 (Table 2, 143,346
// children; doi:10.1016/S0140-6736(10)62226-X). A rate outside these centiles is rarer than 1 in
// 100 healthy children of that age.
// Adults (18 years and over): 50–100 bpm, the sinus bradycardia limit of the 2018 ACC/AHA/HRS
// bradycardia guideline (Kusumoto FM et al., Circulation 2019;140:e382–e482: "sinus rate < 50 bpm")
// and the tachycardia limit of the 2015 ACC/AHA/HRS SVT guideline (Page RL et al., Circulation
// 2016;133:e506–e574: "> 100 bpm").
// Unknown age (no birthdate): 40–180 bpm, wide enough for any age at rest, and the report says so.

export interface RateRange {
  /** Lowest normal rate (bpm). */
  low: number;
  /** Highest normal rate (bpm). */
  high: number;
  /** The age band, in words: "9–12 months", "adult", "age unknown". */
  ageBand: string;
  /** Where the range comes from, for the report. */
  source: string;
}

const FLEMING = 'Fleming et al., Lancet 2011, 1st–99th centile';
const ADULT = 'ACC/AHA/HRS guidelines (bradycardia < 50, tachycardia > 100 bpm)';

/** [upper age limit in months (exclusive), 1st centile, 99th centile, age band] from Fleming et al. Table 2. */
const CHILD_BANDS: readonly [number, number, number, string][] = [
  [3, 107, 181, '0–3 months'],
  [6, 104, 175, '3–6 months'],
  [9, 98, 168, '6–9 months'],
  [12, 93, 161, '9–12 months'],
  [18, 88, 156, '12–18 months'],
  [24, 82, 149, '18–24 months'],
  [36, 76, 142, '2–3 years'],
  [48, 70, 136, '3–4 years'],
  [72, 65, 131, '4–6 years'],
  [96, 59, 123, '6–8 years'],
  [144, 52, 115, '8–12 years'],
  [180, 47, 108, '12–15 years'],
  [216, 43, 104, '15–18 years'],
];

export const UNKNOWN_AGE_RANGE: RateRange = {
  low: 40,
  high: 180,
  ageBand: 'age unknown',
  source: 'no birthdate: a range wide enough for any age at rest',
};

/** Whole months between two dates (calendar months, as ages are counted). */
export function ageInMonths(birthdate: Date, at: Date): number {
  let months = (at.getUTCFullYear() - birthdate.getUTCFullYear()) * 12 + (at.getUTCMonth() - birthdate.getUTCMonth());
  if (at.getUTCDate() < birthdate.getUTCDate()) months--;
  return months;
}

/** The normal range for a patient `months` old at the recording (null or negative: unknown). */
export function rateRangeForAge(months: number | null | undefined): RateRange {
  if (months === null || months === undefined || !Number.isFinite(months) || months < 0) return UNKNOWN_AGE_RANGE;
  for (const [upTo, low, high, ageBand] of CHILD_BANDS)
    if (months < upTo) return { low, high, ageBand, source: FLEMING };
  return { low: 50, high: 100, ageBand: 'adult', source: ADULT };
}
