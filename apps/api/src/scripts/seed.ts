import { runCli, runCommand } from './cli-support.js';

// npm run seed [-- --reset]: seeds the demo data into an empty database, or rebuilds it.
const reset = process.argv.slice(2).includes('--reset');
await runCli(() => runCommand({ command: 'seed', reset }));
