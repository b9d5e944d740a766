import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Sites import the engine by its package name; in tests, that is these sources.
  resolve: { alias: { sitewright: fileURLToPath(new URL('./src/index.ts', import.meta.url)) } },
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Browser and build tests are heavy; two files at a time suits a 2-core machine.
    maxWorkers: 2,
  },
});
