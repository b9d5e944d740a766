// The publishing workflow as GitHub would run it: the workflow file is read, and each job's and
// step's `if:` is evaluated (a small evaluator of the expressions it uses) for the cases that matter:
// a content change and a code change, a failing check, a scheduled rebuild, a pull request, and the
// deploy secrets absent and present. And the scripts it calls, run as it calls them.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/fixtures.ts';

// The workflow's scripts are plain Node (no build step on the runner): loaded here as they are.
const script = (name: string) => import(join(ROOT, '.github/scripts', name));
const { needsWholeSuite } = (await script('changes.mjs')) as { needsWholeSuite(paths: string[]): boolean };
const { failureIssue } = (await script('failure-issue.mjs')) as { failureIssue(report: unknown, commit: { author: string; sha: string; runUrl: string; checks?: unknown }): { title: string; body: string; assignee?: string } };
const { lastGoodCommit } = (await script('last-good.mjs')) as { lastGoodCommit(answer: unknown): string | undefined };

interface Step { if?: string; run?: string; uses?: string; name?: string; id?: string }
interface Job { needs?: string | string[]; if?: string; steps: Step[]; env?: Record<string, string>; permissions?: Record<string, string> }
const workflow = parse(readFileSync(join(ROOT, '.github/workflows/site.yml'), 'utf8')) as { on: Record<string, unknown>; jobs: Record<string, Job> };

/** GitHub's expression language, as far as the workflow uses it: contexts, literals, ==, !=, !, &&, ||, (), always(). */
function evaluate(expression: string, context: Record<string, unknown>, failed: boolean): unknown {
  const source = expression.replace(/^\$\{\{|\}\}$/g, '').trim();
  const tokens = source.match(/'[^']*'|==|!=|&&|\|\||[()!]|[A-Za-z_][\w.-]*(?:\(\))?/g) ?? [];
  let i = 0;
  const lookup = (path: string) => path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], context);
  const primary = (): unknown => {
    const token = tokens[i++]!;
    if (token === '(') {
      const value = or();
      i++; // )
      return value;
    }
    if (token === '!') return !truthy(primary());
    if (token.startsWith("'")) return token.slice(1, -1);
    if (token === 'always()') return true;
    if (token === 'failure()') return failed;
    if (token === 'true' || token === 'false') return token === 'true';
    return lookup(token) ?? '';
  };
  const truthy = (v: unknown) => v !== '' && v !== false && v !== undefined && v !== null && v !== 0;
  const comparison = (): unknown => {
    const left = primary();
    if (tokens[i] === '==' || tokens[i] === '!=') {
      const op = tokens[i++];
      const right = primary();
      return op === '==' ? left === right : left !== right;
    }
    return left;
  };
  const and = (): unknown => {
    let value = comparison();
    while (tokens[i] === '&&') {
      i++;
      const right = comparison();
      value = truthy(value) ? right : value;
    }
    return value;
  };
  const or = (): unknown => {
    let value = and();
    while (tokens[i] === '||') {
      i++;
      const right = and();
      value = truthy(value) ? value : right;
    }
    return value;
  };
  const value = or();
  return value !== '' && value !== false && value !== undefined;
}

interface Case {
  event: 'push' | 'pull_request' | 'schedule' | 'workflow_dispatch';
  ref?: string;
  code: boolean;
  /** Jobs that fail when they run. */
  failing?: string[];
  secrets?: boolean;
}

/** Which jobs run (and how they end), and which steps of the deploy job run, in a case. */
function simulate({ event, ref = 'refs/heads/main', code, failing = [], secrets = false }: Case) {
  const results: Record<string, { result: string; outputs: Record<string, string> }> = {};
  const order = Object.keys(workflow.jobs);
  const steps: Record<string, string[]> = {};
  for (let round = 0; round < order.length; round++) {
    for (const name of order) {
      if (results[name]) continue;
      const job = workflow.jobs[name]!;
      const needs = [job.needs ?? []].flat();
      if (!needs.every((n) => results[n])) continue;
      const anyFailed = needs.some((n) => results[n]!.result === 'failure');
      const context = {
        github: { event_name: event, ref, sha: 'abc', repository: 'practice/site' },
        vars: { STRICT_BUILD: '' },
        needs: Object.fromEntries(needs.map((n) => [n, results[n]])),
      };
      const condition = job.if ?? 'success()';
      const runs = condition.includes('always()') ? evaluate(condition, context, anyFailed) : // Without always(), GitHub runs a job only when every job it needs succeeded (a skipped one too skips it).
        needs.every((n) => results[n]!.result === 'success') && (job.if ? evaluate(job.if, context, anyFailed) : true);
      if (!runs) {
        results[name] = { result: 'skipped', outputs: {} };
        continue;
      }
      const env = Object.fromEntries(Object.entries(job.env ?? {}).map(([k, v]) => [k, /secrets\.|vars\.CLOUDFLARE/.test(v) ? (secrets ? 'set' : '') : v]));
      steps[name] = job.steps.filter((step) => !step.if || evaluate(step.if, { ...context, env }, false)).map((step) => step.name ?? step.uses ?? step.run!.split('\n')[0]!);
      const outputs: Record<string, string> = name === 'changes' ? { code: String(code) } : name === 'deploy' && steps.deploy!.includes('Deploy to Cloudflare Pages') ? { published: 'true' } : {};
      results[name] = { result: failing.includes(name) ? 'failure' : 'success', outputs };
    }
  }
  const ran = Object.entries(results).filter(([, r]) => r.result !== 'skipped').map(([n]) => n);
  return { ran, results, steps };
}

describe('the publishing workflow', () => {
  it('runs on pushes to main, pull requests, every day at 09:17 UTC, and by hand', () => {
    expect(Object.keys(workflow.on).sort()).toEqual(['pull_request', 'push', 'schedule', 'workflow_dispatch']);
    expect(workflow.on.schedule).toEqual([{ cron: '17 9 * * *' }]);
  });

  it('a staff edit (content only) runs the content checks, not the whole suite, and deploys when they pass', () => {
    const { ran, steps } = simulate({ event: 'push', code: false, secrets: true });
    expect(ran).toEqual(['changes', 'content', 'build', 'deploy', 'close-told']);
    expect(steps.content).toEqual(expect.arrayContaining(['Check the content', 'Check the pages']));
    const content = workflow.jobs.content!.steps.map((s) => s.run ?? '').join('\n');
    // The build's report and the page tests' report both reach the author's issue.
    expect(content).toContain('--report problems.json');
    expect(content).toContain('npm run test:content -- --reporter=default --reporter=json --outputFile.json=checks.json');
    expect(steps.deploy).toContain('Deploy to Cloudflare Pages');
  });

  it('a code change runs the whole suite (.ci/run) before building', () => {
    const { ran, steps } = simulate({ event: 'push', code: true, secrets: true });
    expect(ran).toEqual(['changes', 'test', 'build', 'deploy', 'close-told']);
    expect(steps.test).toContain('bash .ci/run');
  });

  it('a change that fails its checks is not built or deployed, and its author is told', () => {
    for (const [code, job] of [[false, 'content'], [true, 'test']] as const) {
      const { ran } = simulate({ event: 'push', code, failing: [job], secrets: true });
      expect(ran, job).toEqual(['changes', job, 'tell-author']);
    }
    // The build itself failing (a broken link): no deploy, the author told.
    expect(simulate({ event: 'push', code: false, failing: ['build'], secrets: true }).ran).toEqual(['changes', 'content', 'build', 'tell-author']);
  });

  it('without the deploy secrets, publishing fails saying "Not published: the host is not set up yet": never a green tick for a change that is not live', () => {
    const { ran, steps } = simulate({ event: 'push', code: false, secrets: false });
    expect(ran).toEqual(['changes', 'content', 'build', 'deploy']);
    expect(steps.deploy).toEqual(['Not published, the host is not set up yet']);
    const step = workflow.jobs.deploy!.steps.find((s) => s.name === 'Not published, the host is not set up yet')!;
    expect(step.run).toContain('::error title=Not published::Not published: the host is not set up yet.');
    expect(step.run).toContain('GITHUB_STEP_SUMMARY');
    expect(step.run!.trim().split('\n').at(-1)).toBe('exit 1');
  });

  it('a pull request is checked and built, never deployed, and tells no one', () => {
    const { ran } = simulate({ event: 'pull_request', ref: 'refs/pull/7/merge', code: true, secrets: true });
    expect(ran).toEqual(['changes', 'test', 'build']);
  });

  it('the scheduled rebuild builds the last good commit and deploys it, without re-running the checks', () => {
    const { ran, steps } = simulate({ event: 'schedule', code: false, secrets: true });
    expect(ran).toEqual(['changes', 'build', 'deploy']);
    expect(steps.build).toContain('Choose the commit (scheduled rebuild)');
  });

  it('deploys only what site stage made (no engine records), with the secrets the docs name', () => {
    const build = workflow.jobs.build!.steps.map((s) => s.run ?? '').join('\n');
    expect(build).toContain('./bin/site stage upload');
    const deploy = workflow.jobs.deploy!;
    expect(deploy.steps.map((s) => s.run ?? '').join('\n')).toContain('npx wrangler pages deploy upload/site');
    expect(Object.values(deploy.env!).join(' ')).toMatch(/secrets\.CLOUDFLARE_API_TOKEN.*secrets\.CLOUDFLARE_ACCOUNT_ID.*vars\.CLOUDFLARE_PROJECT/);
    const docs = readFileSync(join(ROOT, 'docs/deploy.md'), 'utf8');
    for (const name of ['CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_ACCOUNT_ID', 'CLOUDFLARE_PROJECT']) expect(docs).toContain(name);
  });
});

describe('the scripts the workflow calls', () => {
  const run = (script: string, args: string[]) => execFileSync(process.execPath, [join(ROOT, '.github/scripts', script), ...args], { encoding: 'utf8' });

  it('changes: content and uploads only → the content checks; anything else, or nothing known → everything', () => {
    expect(needsWholeSuite(['content/en/pages/home.yaml', 'static/images/uploads/door.jpg'])).toBe(false);
    expect(needsWholeSuite(['content/site.yaml', 'templates/pages/Home.tsx'])).toBe(true);
    expect(needsWholeSuite(['static/icons/icon.svg'])).toBe(true);
    expect(needsWholeSuite([])).toBe(true);
    expect(run('changes.mjs', ['content/es/reviews.yaml'])).toBe('code=false\n');
    expect(run('changes.mjs', ['package.json'])).toBe('code=true\n');
  });

  it('changes: reads the names git writes with -z, one name each whatever it holds, and both sides of a rename', () => {
    const fed = (names: string[]) => execFileSync(process.execPath, [join(ROOT, '.github/scripts/changes.mjs')], { input: names.map((n) => `${n}\0`).join(''), encoding: 'utf8' });
    // A name with a space, a newline and a glob is one content path, not three words a shell expands.
    expect(fed(['content/en/pages/a b.yaml', 'content/en/x\ny *.md'])).toBe('code=false\n');
    // git mv src/x.ts content/x.ts, as --no-renames lists it: the deleted source counts.
    expect(fed(['content/x.ts', 'src/x.ts'])).toBe('code=true\n');
    expect(fed(['content/../src/x.ts'])).toBe('code=true\n');
    expect(fed([])).toBe('code=true\n');
    // The workflow gives git's NUL-separated names on standard input, never through the shell's words.
    const paths = workflow.jobs.changes!.steps.map((s) => s.run ?? '').join('\n');
    expect(paths).toMatch(/git diff --name-only --no-renames -z "\$BEFORE" "\$AFTER" \| node \.github\/scripts\/changes\.mjs/);
    expect(paths).not.toMatch(/\$\(git diff/);
  });

  it('last-good: the newest successful push run of main, never a red one, a pull request or another branch', () => {
    const sha = (c: string) => c.repeat(40);
    const runs = { workflow_runs: [
      { head_sha: sha('c'), conclusion: 'failure', event: 'push', head_branch: 'main', created_at: '2026-11-25T10:00:00Z' },
      { head_sha: sha('b'), conclusion: 'success', event: 'push', head_branch: 'main', created_at: '2026-11-24T10:00:00Z' },
      { head_sha: sha('d'), conclusion: 'success', event: 'pull_request', head_branch: 'main', created_at: '2026-11-25T11:00:00Z' },
      { head_sha: sha('e'), conclusion: 'success', event: 'push', head_branch: 'draft', created_at: '2026-11-25T12:00:00Z' },
      { head_sha: sha('a'), conclusion: 'success', event: 'push', head_branch: 'main', created_at: '2026-11-20T10:00:00Z' },
    ] };
    expect(lastGoodCommit(runs)).toBe(sha('b'));
    expect(lastGoodCommit({ workflow_runs: [] })).toBeUndefined();
  });

  it('failure-issue: plain words to the author, file and line, what to do, and content quoted inert', () => {
    const report = { problems: [{ code: 'link/broken', file: 'content/es/services/vaccines.md', line: 12, message: 'links to a page that does not exist\n/es/servicios → no such page ``` @everyone <img src=x onerror=alert(1)>' }] };
    const issue = failureIssue(report, { author: 'maria-office', sha: 'abcdef1234', runUrl: 'https://github.com/practice/site/actions/runs/1' });
    expect(issue.title).toBe('Your change was not published: content/es/services/vaccines.md needs a fix');
    expect(issue.assignee).toBe('maria-office');
    expect(issue.body).toContain('@maria-office, your change (commit abcdef1) was saved, but **the website was not updated**');
    expect(issue.body).toContain('Patients still see the site as it was before this change');
    expect(issue.body).toContain('**`content/es/services/vaccines.md`, line 12**');
    // The content's words stay inside a code block: its backticks cannot close it.
    const block = issue.body.slice(issue.body.indexOf('```text'), issue.body.indexOf('```', issue.body.indexOf('```text') + 7) + 3);
    expect(block).toContain('@everyone <img src=x onerror=alert(1)>');
    expect(block.match(/```/g)).toHaveLength(2);
    // An author name that is not a GitHub login is not mentioned.
    expect(failureIssue(report, { author: 'x y', sha: '1', runUrl: '' }).assignee).toBeUndefined();
    const printed = run('failure-issue.mjs', ['/nonexistent.json', 'maria-office', 'abc', 'url', '/nonexistent-checks.json']);
    expect(printed.split('\n')[0]).toBe("Your change was not published: the site's checks did not pass");
    expect(printed).not.toContain('A developer needs to look');
  });

  /** The issue's Markdown with code blocks and code spans taken out: what GitHub would render as Markdown. */
  const outsideCode = (body: string) => body.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');

  it('failure-issue: a file name carrying Markdown, a link, a mention or HTML stays inline code', () => {
    const file = 'content/en/services/x** [Sign in again](https:&#47;&#47;evil.example&#47;login) ![](https://t.example/p.gif) @octocat <img src=x onerror=alert(1)> `**y.md';
    const issue = failureIssue({ problems: [{ code: 'link/broken', file, line: 3, message: 'links to [a](https://evil.example) @octocat' }] }, { author: 'maria-office', sha: 'abc', runUrl: '' });
    const rendered = outsideCode(issue.body);
    for (const live of ['evil.example', '@octocat', '<img', '](', 't.example']) expect(rendered, live).not.toContain(live);
    expect(issue.body).toContain('Sign in again');
  });

  it('failure-issue: names the file, the entry and the field as the editor does when the build gives them', () => {
    const report = { problems: [{ code: 'content/schema', file: 'content/locations.yaml', line: 7, message: 'the locations do not match their schema\n[0].hours: expected >=1 items, found 0 items', words: ['Locations › Miami › Opening hours: needs at least 1 row; it has none'] }] };
    const { body } = failureIssue(report, { author: 'maria-office', sha: 'abc', runUrl: '' });
    expect(body).toContain('Locations › Miami › Opening hours: needs at least 1 row; it has none');
    expect(body).not.toContain('[0]');
    expect(body).not.toContain('schema');
  });

  it('failure-issue: a page check that failed after the content was read is named, with what it found', () => {
    const checks = { testResults: [{ name: 'test/site.test.tsx', assertionResults: [
      { ancestorTitles: ['every page'], title: 'shows the phone number', status: 'failed', failureMessages: ['AssertionError: /es/about: expected "…" to contain "(305) 448-2210"\n    at Object.<anonymous> (test/site.test.tsx:60:5)'] },
      { ancestorTitles: ['every page'], title: 'has a title', status: 'passed', failureMessages: [] },
    ] }] };
    const { body } = failureIssue({ problems: [] }, { author: 'maria-office', sha: 'abc', runUrl: '', checks });
    expect(body).toContain('`every page › shows the phone number`');
    expect(body).toContain('/es/about: expected');
    expect(body).not.toContain('has a title');
    expect(body).not.toContain('at Object.<anonymous>');
    expect(body).not.toContain('A developer needs to look');
  });
});
