// The whole project type-checks: the engine, the clinic's site definition and templates, the scripts
// and the tests (tsconfig.json). esbuild strips types without checking them, so without this a type
// error in a template or an engine module would build, pass every other test and reach main. In the
// slow set: the TypeScript checker on the whole project takes ~12 s alone.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { ROOT } from './helpers/fixtures.ts';

const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');

it('has no type error anywhere tsconfig.json includes (npm run typecheck)', async () => {
  const result = await promisify(execFile)(process.execPath, [TSC, '--noEmit', '--pretty', 'false', '-p', join(ROOT, 'tsconfig.json')], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  );
  // Each error as tsc prints it: file(line,col): error TSnnnn: message.
  expect(result.stdout.trim().split('\n').filter(Boolean).slice(0, 20)).toEqual([]);
  expect(result.code).toBe(0);
}, 180_000);
