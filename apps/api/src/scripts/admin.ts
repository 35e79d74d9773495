import { parseArgs } from 'node:util';
import { ZodError } from 'zod';
import { operatorCommandSchema } from '../operator/commands.js';
import { runCli, runCommand } from './cli-support.js';

const usage = `Usage: npm run admin -- <command> [options]

Commands:
  create-org "NAME"                                  make an organization
  invite --email ADDRESS --org "NAME" [--expires-in-days N]
                                                     print an invitation link (valid 7 days unless N is given;
                                                     --days N is the same)
  reset-password --email ADDRESS                     set a temporary password (printed once) that must be
                                                     changed at the next sign-in
  audit --patient ID                                 print a patient's audit trail (reads and changes)
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
        return await runCommand(operatorCommandSchema.parse({ command, email: values.email }));
      case 'audit':
        return await runCommand(operatorCommandSchema.parse({ command, patient: values.patient }));
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
