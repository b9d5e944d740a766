// The tests `npm run mutate` runs against each mutant of the engine's pure modules: unit tests and the
// content tests (which load the real content through the real loader), data.test.ts (a local server), and the editor's
// configuration checked against what the build enforces (editor-contract, editor-words); no browser, no whole build.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { sitewright: fileURLToPath(new URL('./src/index.ts', import.meta.url)) } },
  test: {
    include: ['test/units/**/*.test.{ts,tsx}', 'test/content/**/*.test.ts', 'test/routes.test.ts', 'test/serve-paths.test.ts', 'test/output-guard.test.ts', 'test/data.test.ts', 'test/editor-contract.test.ts', 'test/editor-words.test.ts'],
    testTimeout: 30_000,
  },
});
