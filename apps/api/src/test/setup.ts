// Runs before every API test file (vitest `setupFiles`).
import { setPasswordCostForTests } from '../identity/passwords.js';

// scrypt at N = 2^10 (1 MiB, about 1 ms) instead of the product's 2^15 (32 MiB, ~50–100 ms here):
// the integration tests sign in, lock out and change passwords hundreds of times. What they test
// does not depend on the cost; passwords.test.ts tests the product's cost.
setPasswordCostForTests(2 ** 10);
