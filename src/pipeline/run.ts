// One build in progress: what its steps share, what became of the output folder so far, SITE_TIMINGS' timings. The checks of
// where the output may go come first (output/guard.ts), after a build killed mid-swap has its previous output put back.
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { walk } from '../files/walk.ts';
import { cacheDirFor, readIndex, type CacheIndex } from '../output/compression-cache.ts';
import { planOutput, type OutputPlan } from '../output/guard.ts';
import { removeDebris, restoreInterrupted, stagingDir } from '../output/publish.ts';
import { listStatic, type StaticListing } from '../output/static-files.ts';
import { staticPolicyProblems } from '../output/static-policy.ts';
import { DEFAULT_ENCODINGS, type Encoding } from '../output/write-files.ts';
import { DEFAULT_HOST, HOST_TRAITS, type Host } from '../site/hosts.ts';
import type { Plugin, PluginContext, PolicyArea } from '../site/plugin.ts';
import { callPlugin, pluginsOf } from '../plugins/run.ts';
import { BuildFailure, Problem } from '../problems/problem.ts';
import { shown } from '../problems/shown.ts';
import { systemError } from '../problems/system-error.ts';
import { checkReportPath } from '../report/json-report.ts';
import { localeUrls, type LocaleUrls } from '../routes/urls.ts';
import type { SiteDefinition } from '../site/definition.ts';
import type { BuildOptions, OutputFate } from './build-types.ts';
import { loadSite } from './load-site.ts';
import { RenderPool, WORKER_THRESHOLD } from './render-pool.ts';
import type { StaticCopy } from './render-pages.ts';

export class BuildRun {
  readonly started = performance.now();
  /** Each phase's name, end and the process's memory then (SITE_TIMINGS; workers' heaps included). */
  private readonly phases: [string, number, number][] = [];
  /** What became of the output folder so far. */
  fate: OutputFate;
  staging?: string;
  staticCopied?: Promise<StaticCopy>;
  cacheIndex?: CacheIndex;
  /** Set once the content is loaded (the base URL may come from it). */
  context!: PluginContext;

  readonly options!: BuildOptions;
  readonly site!: SiteDefinition;
  readonly siteModule!: string;
  readonly siteFile!: string;
  readonly dirs!: { content: string; static: string; out: string };
  readonly plan!: OutputPlan;
  readonly statics!: StaticListing;
  readonly pool!: RenderPool | undefined;

  private constructor(parts: Pick<BuildRun, 'options' | 'site' | 'siteModule' | 'siteFile' | 'dirs' | 'plan' | 'statics' | 'pool'>) {
    Object.assign(this, parts);
    this.fate = parts.plan.exists ? 'untouched' : 'absent';
  }

  /** Loads the site and decides where and how the output may be written; nothing is written yet. */
  static async start(options: BuildOptions): Promise<BuildRun> {
    const siteModule = options.site.startsWith('file:') ? options.site : resolve(options.site);
    const siteFile = siteModule.startsWith('file:') ? fileURLToPath(siteModule) : siteModule;
    const dirs = { content: resolve(options.contentDir), static: resolve(options.staticDir), out: resolve(options.outDir) };
    // Workers are slow to start, so a large site's start first; a content folder that cannot be listed starts none.
    const want = options.workers ?? 'auto';
    const large = async () => ((await walk(dirs.content).catch(() => undefined))?.files.length ?? 0) >= WORKER_THRESHOLD;
    const pool = !options.track && (want === true || (want === 'auto' && (await large()))) ? new RenderPool(siteModule) : undefined;
    try {
      const site = await loadSite(siteModule);
      // A build killed mid-swap left the previous output aside: put back before anything is judged.
      await restoreInterrupted(dirs.out);
      const { plan, statics } = await checkOutput(site, siteFile, { contentDir: dirs.content, staticDir: dirs.static, outDir: dirs.out, emptyOutDir: options.emptyOutDir, reportFile: options.reportFile });
      const run = new BuildRun({ options, site, siteModule, siteFile, dirs, plan, statics, pool });
      // Files a plugin publishes its own way (the images plugin's photos) are not copied as they are.
      run.staticSources = statics.files;
      statics.files = statics.files.filter((file) => !run.plugins.some((p) => p.claims?.(file)));
      return run;
    } catch (error) {
      await pool?.close(); // no thread left running
      throw error;
    }
  }

  /** Every publishable file of static/, those plugins claim among them. */
  staticSources: readonly string[] = [];

  get plugins(): Plugin[] {
    return pluginsOf(this.site);
  }

  /** The parts of the output with a policy of their own (the editor's), by plugin name, asked of the plugins once a build. */
  get areas(): ReadonlyMap<string, PolicyArea> {
    return (this.#areas ??= new Map(this.plugins.flatMap((plugin) => (plugin.area ? [[plugin.name, callPlugin(plugin, 'area', undefined, () => plugin.area!(this.context))] as const] : []))));
  }
  #areas?: ReadonlyMap<string, PolicyArea>;

  /** Where the site is published (its output.host, else the default host). */
  get host(): Host {
    return this.site.output?.host ?? DEFAULT_HOST;
  }

  get locales(): string[] {
    return Object.keys(this.site.locales);
  }

  get urls(): LocaleUrls {
    return localeUrls(this.locales, this.site.defaultLocale);
  }

  /**
   * The twins' encodings: the site's output.precompress, else brotli where the host sends twins
   * (nginx, Caddy) and none where it compresses as it serves (Cloudflare Pages, the default; Netlify;
   * GitHub Pages), which ignores them; the build's own choice (--precompress) before both; none in
   * dev or with --no-compress.
   */
  get encodings(): readonly Encoding[] {
    if (this.options.compress === false) return [];
    return this.options.precompress ?? this.site.output?.precompress ?? (HOST_TRAITS[this.host].usesTwins ? DEFAULT_ENCODINGS : []);
  }

  /** Where the compressed twins are kept between builds (none without twins). */
  get cacheDir(): string | undefined {
    return this.options.compress === false ? undefined : cacheDirFor(this.dirs.out, dirname(this.siteFile));
  }

  /**
   * Refuses static/'s problems, and with worker threads has one copy static/ into the staging folder
   * while this thread loads the content (awaited before the pages are rendered).
   */
  async beginStaticCopy(): Promise<void> {
    if (this.statics.problems.length) throw new BuildFailure(this.statics.problems);
    if (!this.pool) return;
    const dir = await this.stagingFolder();
    this.staticCopied = this.pool.copyStatic({ staticDir: this.dirs.static, files: this.statics.files, dir, cacheDir: this.cacheDir, encodings: this.encodings, cacheIndex: this.cacheIndex });
    this.staticCopied.catch(() => undefined); // awaited before the pages; a build that fails before then ends the worker first
  }

  /** The staging folder, made on first use (after removing a killed build's debris). */
  async stagingFolder(): Promise<string> {
    if (!this.staging) {
      await removeDebris(this.dirs.out);
      this.staging = await stagingDir(this.dirs.out);
      this.cacheIndex = this.cacheDir ? readIndex(this.cacheDir) : undefined;
    }
    return this.staging;
  }

  phase(name: string): void {
    this.phases.push([name, performance.now(), process.env.SITE_TIMINGS ? process.memoryUsage.rss() : 0]);
  }

  timings(): string {
    const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
    return `${this.phases.map(([n, t], i) => `${n} ${Math.round(t - (i ? this.phases[i - 1]![1] : this.started))} ms`).join(', ')}\nmemory at each end (MB): ${this.phases.map(([n, , rss]) => `${n} ${mb(rss)}`).join(', ')}`;
  }

  /** The error a failed build throws: a system error told in a sentence, with the output folder's fate on it. */
  failed(error: unknown): unknown {
    const told = systemError(error, `the new output for ${shown(this.dirs.out)}`) ?? error;
    if (told && typeof told === 'object') Object.assign(told, { outputFate: this.fate });
    return told;
  }

  /** Ends the worker threads and removes the staging folder of a build that did not publish it. */
  async close(): Promise<void> {
    await this.pool?.close();
    // A failed cleanup must not hide the error that stopped the build.
    if (this.staging) await rm(this.staging, { recursive: true, force: true, maxRetries: 3 }).catch(() => undefined);
  }
}

/** Checks static/ and the output folder (output/guard.ts) before anything is written; a UsageError when it may not be. */
export async function checkOutput(site: SiteDefinition, siteFile: string, paths: { contentDir: string; staticDir: string; outDir: string; emptyOutDir?: boolean; reportFile?: string }) {
  const policy = { mediaFolder: site.uploads, allow: site.staticTypes };
  const statics = await listStatic(paths.staticDir, shown(paths.staticDir), policy);
  statics.problems.unshift(...staticPolicyProblems(policy).map((message) => new Problem('site/definition', { part: shown(siteFile) }, 'allows a type static/ may not publish', [{ path: 'staticTypes', message }])));
  const siteDir = dirname(siteFile);
  const sourceFolders = site.sources.map((url) => fileURLToPath(url)).filter((path) => path.endsWith('/')).map((path) => ({ path, name: relative(siteDir, path) || 'code' }));
  // The report (--report) goes neither into the output nor among the sources.
  if (paths.reportFile) checkReportPath(paths.reportFile, [{ path: paths.outDir, name: 'output' }, { path: paths.contentDir, name: 'content' }, { path: paths.staticDir, name: 'static' }, ...sourceFolders]);
  const plan = guarded(() => planOutput(paths.outDir, {
    shown: shown(paths.outDir),
    protect: { roots: [process.cwd(), siteDir], sources: [{ path: paths.contentDir, name: 'content' }, { path: paths.staticDir, name: 'static' }, ...sourceFolders] },
    emptyOutDir: paths.emptyOutDir,
    defaultOut: join(siteDir, 'dist'),
    staticFiles: statics.files,
  }), existsSync(paths.outDir) ? 'untouched' : 'absent');
  return { plan, statics };
}

/** Its error says the output is as it was. */
function guarded<T>(check: () => T, fate: OutputFate): T {
  try {
    return check();
  } catch (error) {
    throw Object.assign(error as object, { outputFate: fate });
  }
}
