import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Files that need a module graph of their own: a vi.mock (a module another file loaded first would
 * stay real), a heap weighed between forced collections (held-memory: no other file's garbage in it),
 * and the slow files (browsers, installs, large builds: few and long, so isolating them costs nothing).
 */
const ISOLATED = ['test/**/*.slow.test.{ts,tsx}', 'test/bundle-cache.test.ts', 'test/units/held-memory.test.ts', 'test/units/compression-links.test.ts'];

export default defineConfig({
  // Sites import the engine by its package name; in tests, that is these sources.
  resolve: { alias: { sitewright: fileURLToPath(new URL('./src/index.ts', import.meta.url)) } },
  test: {
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Browser and build tests are heavy; two files at a time suits a 2-core machine.
    maxWorkers: 2,
    // Vitest's own order starts the long files first: the 'isolated' project (the slow files) before
    // 'shared', each by the time it took last (in node_modules/.vite), or on a fresh clone by its size.
    projects: [
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
      // The other files share each worker's modules (isolate: false): setting up a module graph per
      // file was ~40% of the quick set's time (184 → 93 s here). So a test must not change state a
      // shared module keeps (a helper's loaded site is the same object in every file: clone it first).
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.{ts,tsx}'], exclude: [...configDefaults.exclude, ...ISOLATED], isolate: false } },
    ],
  },
});
