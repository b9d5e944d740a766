// `site dev`: build, serve, rebuild on change and reload open pages; a failed build's message shows until the next good one.
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { BuildOptions } from '../pipeline/build.ts';
import { devHeaders } from '../security/headers.ts';
import { errorPage } from '../serve/error-page.ts';
import { createSiteServer, listen } from '../serve/server.ts';
import type { BuildReply, BuildRequest } from './build-worker.ts';
import { mappedStack, wholeStacks } from '../loader/stack.ts';
import { RELOAD_SCRIPT_URL, ReloadHub } from './reload.ts';
import { sibling } from '../files/about.ts';
import { refusalTold, untrustedCaches } from '../files/cache.ts';
import { watchFolders } from './watch.ts';
import { EDITOR_LEFTOVER } from '../files/walk.ts';
import { hostAllowed, hostName } from './allowed-hosts.ts';
import { inert } from '../problems/inert.ts';

/** Scratch files editors write beside a file as they save it: sed -i's "sedXXXXXX", vim's "4913", JetBrains' "___jb_tmp___". */
const SCRATCH = /(^|\/)(sed[A-Za-z0-9]{6}|4913|[^/]*___jb_(tmp|old)___)$/;

export interface DevOptions {
  /** The site definition module (a path). */
  site: string;
  contentDir: string;
  staticDir: string;
  /** The site's code (templates, definition): a change there starts a fresh build worker. */
  codePaths: string[];
  /** Looked at again after a change of the code (a new import adds a folder to watch). */
  codePathsNow?: () => Promise<string[]>;
  outDir: string;
  /** Replace an output folder of files this engine did not write. */
  emptyOutDir?: boolean;
  port: number;
  host: string;
  /** Host names dev answers besides localhost, IP addresses and host (--allowed-host). */
  allowedHosts?: string[];
  drafts?: boolean;
  /** --now: every rebuild as of this moment (a scheduled post previewed). */
  now?: Date | string;
  log?: (line: string) => void;
}

export interface DevServer {
  url: string;
  close(): Promise<void>;
}

export async function startDev(options: DevOptions): Promise<DevServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  const buildOptions: BuildOptions = {
    site: options.site,
    contentDir: options.contentDir,
    staticDir: options.staticDir,
    outDir: options.outDir,
    extraScripts: [RELOAD_SCRIPT_URL],
    compress: false,
    emptyOutDir: options.emptyOutDir,
    drafts: options.drafts,
    now: options.now,
  };
  let worker = newWorker();
  let failure: string | undefined;
  const hub = new ReloadHub();

  function newWorker(): Worker {
    return new Worker(sibling('./build-worker', import.meta.url));
  }

  function runBuild(request: BuildRequest): Promise<BuildReply> {
    return new Promise((done) => {
      const onMessage = (reply: BuildReply) => {
        worker.off('error', onError);
        done(reply);
      };
      const onError = (error: Error) => {
        worker.off('message', onMessage);
        worker = newWorker();
        done({ ok: false, message: error.stack ? mappedStack(error.stack) : error.message });
      };
      worker.once('message', onMessage);
      worker.once('error', onError);
      worker.postMessage(request);
    });
  }

  // Builds run one at a time; changes during a build queue exactly one more.
  let running: Promise<void> | undefined;
  let again = false;
  /** What changed during the running build: the next build's reason. */
  let waiting = '';
  let templatesChanged = false;
  let staticChanged = false;
  /** Watches the folders the site's code now imports from, when they changed (set once watching). */
  let followCode: (() => Promise<void>) | undefined;
  /** Refused cache folders already told (each build worker tells its own). */
  const told = new Set(untrustedCaches);
  async function rebuild(why: string): Promise<void> {
    // A save during a build is built next, and told by its own name (not the one the running build was for).
    let reason = why;
    if (running) {
      again = true;
      waiting = waiting ? `${waiting}, ${why}` : why;
      return running;
    }
    running = (async () => {
      do {
        if (again) [reason, waiting] = [waiting, ''];
        again = false;
        if (templatesChanged) {
          templatesChanged = false;
          await worker.terminate();
          worker = newWorker();
          await followCode?.();
        }
        const started = performance.now();
        const full = staticChanged;
        staticChanged = false;
        const reply = await runBuild({ options: buildOptions, full, debug: wholeStacks() });
        for (const refused of reply.refused ?? []) {
          if (told.has(refused)) continue;
          told.add(refused);
          log(refusalTold(refused));
        }
        if (reply.ok) {
          failure = undefined;
          server.reindex();
          log(`${reason}: ${reply.summary} in ${Math.round(performance.now() - started)} ms`);
        } else {
          failure = reply.message;
          log(`${reason}: build failed\n${reply.message}`);
        }
        hub.reload();
      } while (again);
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  const server = createSiteServer({
    dir: options.outDir,
    watch: true,
    // The same headers as `serve` sends (from the build's _headers), minus what needs HTTPS.
    headers: devHeaders,
    before(req, res, pathname) {
      if (!hostAllowed(req.headers.host, { host: options.host, allowed: options.allowedHosts })) {
        const name = (hostName(req.headers.host ?? '') ?? 'this name').slice(0, 100);
        const text = `Blocked request: dev does not answer the host name "${name}". If it is yours, run site dev with --allowed-host ${name}\n`;
        res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
        return true;
      }
      if (hub.handle(req, res, pathname)) return true;
      if (failure && !pathname.startsWith('/assets/')) {
        const html = errorPage(failure, { extraScripts: [RELOAD_SCRIPT_URL] });
        res.writeHead(500, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(html), 'Cache-Control': 'no-store' });
        res.end(html);
        return true;
      }
      return false;
    },
  });

  await rebuild('start');
  const url = await listen(server, options.port, options.host);
  let codePaths = options.codePaths.map((p) => resolve(p));
  const staticDir = resolve(options.staticDir);
  let timer: NodeJS.Timeout | undefined;
  const changed = new Set<string>();
  const onChange = (path: string) => {
    // An editor's own files (a backup, sed -i's or vim's scratch file renamed over the real one): the real file's event follows.
    if (EDITOR_LEFTOVER.test(path) || SCRATCH.test(path)) return;
    if (codePaths.some((p) => path === p || path.startsWith(`${p}/`))) templatesChanged = true;
    if (path === staticDir || path.startsWith(`${staticDir}/`)) staticChanged = true;
    changed.add(path);
    clearTimeout(timer);
    // A short pause gathers the several events an editor's save produces.
    timer = setTimeout(() => {
      // File names are data: a control character in one is shown escaped, never sent to the terminal.
      const names = [...changed].map((p) => inert(p.replace(`${process.cwd()}/`, '')));
      changed.clear();
      void rebuild(names.join(', '));
    }, 20);
  };
  // Awaited: edits made before the folders were scanned would go unseen.
  let watcher = await watchFolders([options.contentDir, options.staticDir, ...codePaths], onChange);
  followCode = options.codePathsNow && (async () => {
    const now = (await options.codePathsNow!()).map((p) => resolve(p));
    if (now.join('\0') === codePaths.join('\0')) return;
    codePaths = now;
    const old = watcher;
    watcher = await watchFolders([options.contentDir, options.staticDir, ...codePaths], onChange);
    await old.close();
  });

  return {
    url,
    async close() {
      clearTimeout(timer);
      await watcher.close();
      hub.close();
      await new Promise<void>((done) => server.close(() => done()));
      server.closeAllConnections();
      await worker.terminate();
    },
  };
}
