// npm run sweep -- --manifest runs/<id>.json [--jobs n] [--shard i/n] [--out dir]
//   | --manifest runs/<id>.json --dry-run [--shards n]
// Expands a run manifest into its trial list and runs this shard's trials into a resumable bundle
// (bundles/<run>/shard-<i>-of-<n>/ by default): records and sidecars at their results/… paths, and bundle.json listing
// every file with its SHA-256. --dry-run prints the plan as JSON (trials with keys and shards, skips, the shard matrix).
// Exit 1 when the bundle lists an infra-error trial, 2 on bad input.
import { runCli } from '../src/harness/cli-args.ts';
import { sweepCommand } from '../src/harness/sweep/command.ts';

runCli('sweep', () => sweepCommand(process.argv.slice(2), { out: (line) => console.log(line), err: process.stderr }));
