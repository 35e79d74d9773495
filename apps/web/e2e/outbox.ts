import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The mails in the e2e server's outbox (the mail adapter's file folder) now, to tell new ones apart later. */
export function outboxFiles(): Set<string> {
  try {
    return new Set(readdirSync(path.join(process.env.E2E_DATA_DIR!, 'outbox')));
  } catch {
    return new Set<string>();
  }
}

/** The newest mail addressed to `to` that was not in `before`, or null. */
export function newestMailTo(to: string, before: Set<string>): string | null {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  let files: string[];
  try {
    files = readdirSync(outbox).filter((file) => !before.has(file));
  } catch {
    return null;
  }
  for (const file of files.reverse()) {
    const text = readFileSync(path.join(outbox, file), 'utf8');
    if (text.includes(`To: ${to}`)) return text;
  }
  return null;
}
