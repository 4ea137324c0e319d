import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Live servers bind ephemeral ports; files run in parallel workers on 2 cores.
    pool: 'forks',
    // First-use installs and fetches (the libraries under test) happen once, before any test file runs.
    globalSetup: ['src/testing/global-setup.ts'],
  },
});
