#!/usr/bin/env node
// The `mcpfs-probe` command of the prober package (npm run pack-probe): `npm run probe` as an installed tool. The
// package carries the scenarios and its own package.json (the benchmark version), so the project root is the package
// folder, whatever the caller's working directory; report paths stay relative to that directory.
import { fileURLToPath } from 'node:url';

process.env.MCPFS_ROOT ??= fileURLToPath(new URL('../../../', import.meta.url));
await import('../../scripts/probe.ts');
