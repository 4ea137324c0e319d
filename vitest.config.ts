import { defineConfig } from 'vitest/config';
import HeavyFirstSequencer from './src/testing/heavy-first-sequencer.ts';
import { OWN_WORKER } from './src/testing/own-worker.ts';

const INCLUDE = ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/**/*.test.ts'];

export default defineConfig({
  test: {
    // A timeout here guards against a hang, never asserts speed (README: no timed assertions): 5 minutes, so a loaded
    // runner (two suites side by side, a build beside) slows a test down without failing it (issue 31).
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // Live servers bind ephemeral ports. Four files at a time: most test time is live servers and trials waiting on
    // timers, and Vitest's default on 2 cores (cores − 1 = one worker) left the CPU idle through it (768 s → 278 s).
    pool: 'forks',
    maxWorkers: 4,
    // First-use installs and fetches (the libraries under test) happen once, before any test file runs.
    globalSetup: ['src/testing/global-setup.ts'],
    // The slowest files start first, also in a clean clone without Vitest's results cache (issue 31).
    sequence: { sequencer: HeavyFirstSequencer },
    // Files share a worker (modules imported once per worker, not per file), except those src/testing/own-worker.ts
    // lists: they change process-wide state while they run.
    projects: [
      { extends: true, test: { name: 'shared-worker', include: INCLUDE, exclude: [...OWN_WORKER], isolate: false } },
      { extends: true, test: { name: 'own-worker', include: [...OWN_WORKER], isolate: true } },
    ],
  },
});
