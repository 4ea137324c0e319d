// Relay process started inside a trial's network namespace: `node relay-main.ts <listen> <connect>`, endpoints
// `tcp:<port>` or `unix:<path>`. Prints "ready" once listening; runs until killed with the namespace.
import { parseEndpoint, startRelay } from './relay.ts';

const [listen, to] = process.argv.slice(2);
if (!listen || !to) {
  console.error('usage: relay-main.ts <tcp:PORT|unix:PATH> <tcp:PORT|unix:PATH>');
  process.exit(2);
}
startRelay(parseEndpoint(listen), parseEndpoint(to)).then(
  () => process.stdout.write('ready\n'),
  (e: Error) => {
    console.error(`relay: cannot listen on ${listen}: ${e.message}`);
    process.exit(1);
  },
);
