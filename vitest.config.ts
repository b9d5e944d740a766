import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The longest files first (measured in CI, slowest first), then the rest: started last, one of them
 * would leave the other worker idle at the end. A fresh clone has no timings for vitest to sort by.
 */
const LONGEST = ['office-day', 'every-page.slow', 'package.slow', 'floating.slow', 'output-safety.slow', 'editor.slow', 'messages-build.slow', 'host-runtime', 'typecheck', 'widgets', 'dev.test', 'build.test', 'host-serve', 'parse-share', 'build-checks', 'messages.slow', 'uploads.slow', 'content-cost.slow', 'patient.slow', 'types.test', 'html-valid', 'cli.test'];
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const i = LONGEST.findIndex((name) => file.moduleId.includes(`/${name}`));
      return i === -1 ? LONGEST.length : i;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

/**
 * Files that need a module graph of their own: a vi.mock (a module another file loaded first would
 * stay real), a heap weighed between forced collections (held-memory: no other file's garbage in it),
 * and the slow files (browsers, installs, large builds: few and long, so isolating them costs nothing).
 */
const ISOLATED = ['test/**/*.slow.test.{ts,tsx}', 'test/bundle-cache.test.ts', 'test/units/held-memory.test.ts'];

export default defineConfig({
  // Sites import the engine by its package name; in tests, that is these sources.
  resolve: { alias: { sitewright: fileURLToPath(new URL('./src/index.ts', import.meta.url)) } },
  test: {
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Browser and build tests are heavy; two files at a time suits a 2-core machine.
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
    projects: [
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
      // The other files share each worker's modules (isolate: false): setting up a module graph per
      // file was ~40% of the quick set's time (184 → 93 s here). So a test must not change state a
      // shared module keeps (a helper's loaded site is the same object in every file: clone it first).
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.{ts,tsx}'], exclude: [...configDefaults.exclude, ...ISOLATED], isolate: false } },
    ],
  },
});
