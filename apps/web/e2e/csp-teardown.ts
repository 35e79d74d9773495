import fs from 'node:fs';
import { cspViolationsFile } from '../playwright.config';

/** Fails the end-to-end run when any page reported a Content-Security-Policy violation. */
export default async function cspTeardown() {
  // Reports are sent by the browser after the fact: give the last ones a moment to arrive.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  if (!fs.existsSync(cspViolationsFile)) return;
  const lines = fs.readFileSync(cspViolationsFile, 'utf8').trim();
  fs.rmSync(cspViolationsFile, { force: true });
  if (lines) throw new Error(`Content-Security-Policy violations were reported during the run:\n${lines}`);
}
