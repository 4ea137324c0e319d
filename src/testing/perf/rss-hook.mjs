// Preloaded (NODE_OPTIONS=--import) into every Node process of a measured command: at exit, each process appends its
// own peak resident set (KB, from getrusage) to MCPFS_RSS_LOG. Exact, where polling /proc would miss the last peak.
import { appendFileSync } from 'node:fs';

const log = process.env.MCPFS_RSS_LOG;
if (log) process.on('exit', () => appendFileSync(log, `${process.pid} ${process.resourceUsage().maxRSS}\n`));
