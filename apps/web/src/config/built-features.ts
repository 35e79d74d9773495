import { builtFeatures as built } from '@auscura/contracts';

/** Which not-yet-finished screens exist: the table lives in the contracts so e2e tests read the same one. */
export const builtFeatures = built;
