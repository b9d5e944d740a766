// npm run bench:startup -- [--runs 5] [--tmp DIR] [--against DIR]
// The real site's `./bin/site build`, cold (its first build on a fresh clone: no engine cache, as after
// `npm ci`) and warm, and `./bin/site --help`, process start to exit: medians and peak memory. --against another checkout of the project (e.g. `git worktree add /tmp/before main`, with
// its node_modules) times that one too, alternating, and prints the ratios.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { compare, oursKept, type Contender } from './bench-compare.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    tmp: { type: 'string', default: tmpdir() },
    against: { type: 'string' },
  },
});
const roots = [{ name: 'this', root: ROOT }];
if (values.against) roots.push({ name: 'against', root: resolve(values.against) });

const work = await mkdtemp(join(values.tmp!, 'site-bench-startup-'));
try {
  const build = roots.map(({ name, root }): Contender => ({
    name: `${name} build`,
    command: (out) => [join(root, 'bin/site'), 'build', '-o', out],
    cwd: root,
    kept: oursKept(root),
  }));
  const help = roots.map(({ name, root }): Contender => ({ name: `${name} --help`, command: () => [join(root, 'bin/site'), '--help'], cwd: root }));
  console.log(`the real site, ${values.runs} runs each`);
  await compare(build, Number(values.runs), (i) => join(work, `dist-${i}`));
  await compare(help, Number(values.runs), () => '', undefined, process.env, ['warm']);
} finally {
  await rm(work, { recursive: true, force: true });
}
