import { parseArgs } from 'node:util';
import { ZodError } from 'zod';
import { operatorCommandSchema } from '@auscura/contracts';
import { runCli, runCommand } from './cli-support.js';
import { backup, exportAudit, restore } from './data-commands.js';

const usage = `Usage: npm run admin -- <command> [options]

Commands:
  create-org "NAME"                                  make an organization
  invite --email ADDRESS --org "NAME" [--expires-in-days N]
                                                     print an invitation link (valid 7 days unless N is given;
                                                     --days N is the same)
  reset-password --email ADDRESS                     set a temporary password (printed once) that must be
                                                     changed at the next sign-in (ends every session)
  revoke-sessions --email ADDRESS                    end every session, grant and refresh token of a provider
                                                     (its access tokens are refused within a second)
  audit --patient ID                                 print a patient's audit trail (reads and changes)
  audit --verify                                     check the audit log's hash chain; name the first broken entry
  audit --export --from DATE --to DATE [--out FILE]  write the entries of [from, to) as JSON lines
  backup DIR                                         copy the embedded database and recordings into DIR
                                                     (consistent while the server runs; the master key stays out)
  restore DIR                                        restore a backup into an empty DATA_DIR (server stopped;
                                                     the recordings master key must be in place)
  grant-council --email ADDRESS [--revoke]           grant (or revoke) the council-member role
`;

async function main(): Promise<string> {
  const [command, ...rest] = process.argv.slice(2);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      org: { type: 'string' },
      days: { type: 'string' },
      'expires-in-days': { type: 'string' },
      patient: { type: 'string' },
      revoke: { type: 'boolean' },
      verify: { type: 'boolean' },
      export: { type: 'boolean' },
      from: { type: 'string' },
      to: { type: 'string' },
      out: { type: 'string' },
    },
  });
  try {
    switch (command) {
      case 'create-org':
        return await runCommand(operatorCommandSchema.parse({ command, name: positionals.join(' ') }));
      case 'invite': {
        const days = values['expires-in-days'] ?? values.days;
        return await runCommand(
          operatorCommandSchema.parse({
            command,
            email: values.email,
            org: values.org,
            ...(days ? { expiresInDays: Number(days) } : {}),
          }),
        );
      }
      case 'reset-password':
      case 'revoke-sessions':
        return await runCommand(operatorCommandSchema.parse({ command, email: values.email }));
      case 'audit':
        if (values.verify) return await runCommand({ command: 'audit-verify' });
        if (values.export) return await exportAudit({ from: values.from, to: values.to, out: values.out });
        return await runCommand(operatorCommandSchema.parse({ command, patient: values.patient }));
      case 'backup':
        return await backup(positionals[0]);
      case 'restore':
        return await restore(positionals[0]);
      case 'grant-council':
        return await runCommand(
          operatorCommandSchema.parse({ command, email: values.email, revoke: values.revoke ?? false }),
        );
      default:
        throw new Error(usage);
    }
  } catch (error) {
    if (error instanceof ZodError)
      throw new Error(`${error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n')}\n\n${usage}`);
    throw error;
  }
}

await runCli(main);
