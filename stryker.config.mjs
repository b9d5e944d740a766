// npm run mutate: Stryker changes the engine's pure modules one small edit at a time (a condition
// flipped, a string emptied, a branch removed) and runs the tests that cover each change. A change
// no test notices is a behaviour no test guards. Scoped to modules that are data in, data out, so a
// run takes minutes on two cores; the report is in reports/mutation/ (html and json).
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutate.config.ts' },
  coverageAnalysis: 'perTest',
  mutate: [
    'src/content/check-locales.ts',
    'src/content/classify.ts',
    'src/content/markdown.ts',
    'src/content/merge-problems.ts',
    'src/content/parse-share.ts',
    'src/content/suggest.ts',
    'src/content/track.ts',
    'src/content/validate.ts',
    'src/routes/*.ts',
    'src/checks/*.ts',
    'src/problems/*.ts',
    'src/security/*.ts',
    'src/report/problems.ts',
    'src/report/plural.ts',
    'src/report/annotations.ts',
    'src/pipeline/load-site.ts',
    'src/startup/compiled.ts',
    'src/startup/run-compiled.mjs',
    'src/admin/fields.ts',
    'src/admin/cms-config.ts',
    'src/render/shared.tsx',
  ],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0 },
  concurrency: 2,
  // Static mutants (module-level constants) would rerun every test for each one; they are counted as ignored.
  ignoreStatic: true,
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  timeoutMS: 20_000,
  thresholds: { high: 90, low: 85, break: null },
  ignorePatterns: ['dist', '.site-dev', 'reports', 'types', 'coverage', '.compiled'],
};
