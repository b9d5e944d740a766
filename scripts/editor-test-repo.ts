// Sveltia's in-browser test repository, for the editor's browser test and the docs' screenshots: the
// served configuration with `test-repo` as its backend, and the repository (the browser's
// origin-private file system) seeded with a content folder, read back file by file.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

const REPO = 'sveltia-cms-test';

/** Serves /admin/config.json as generated, with the test repository as its backend. */
export async function useTestRepo(context: BrowserContext): Promise<void> {
  await context.route(/\/admin\/config\.json(\?|$)/, async (route) => {
    const config = (await (await route.fetch()).json()) as Record<string, unknown>;
    await route.fulfill({ contentType: 'application/json', body: JSON.stringify({ ...config, backend: { name: 'test-repo' } }) });
  });
}

/** Every file of a content folder, by its path from the repository's root ("content/site.yaml"). */
export function contentFiles(contentDir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(contentDir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files[`content/${relative(contentDir, path)}`] = readFileSync(path, 'utf8');
  }
  return files;
}

/** Replaces the test repository's files with these. */
export async function seedTestRepo(page: Page, files: Record<string, string>): Promise<void> {
  await page.evaluate(async ({ files, repoName }) => {
    const root = await navigator.storage.getDirectory();
    await root.removeEntry(repoName, { recursive: true }).catch(() => undefined);
    const repo = await root.getDirectoryHandle(repoName, { create: true });
    for (const [path, text] of Object.entries(files)) {
      const parts = path.split('/');
      const name = parts.pop()!;
      let dir = repo;
      for (const part of parts) dir = await dir.getDirectoryHandle(part, { create: true });
      const writable = await (await dir.getFileHandle(name, { create: true })).createWritable();
      await writable.write(text);
      await writable.close();
    }
  }, { files, repoName: REPO });
}

/** One file of the test repository, as the editor last saved it. */
export function readTestRepo(page: Page, path: string): Promise<string> {
  return page.evaluate(async ({ path, repoName }) => {
    let dir = await (await navigator.storage.getDirectory()).getDirectoryHandle(repoName);
    const parts = path.split('/');
    const name = parts.pop()!;
    for (const part of parts) dir = await dir.getDirectoryHandle(part);
    const handle = await dir.getFileHandle(name);
    // A file the editor is writing at that moment cannot be read (NotReadableError): read it again once written.
    for (let tries = 1; ; tries++) {
      try {
        return await (await handle.getFile()).text();
      } catch (error) {
        if ((error as Error).name !== 'NotReadableError' || tries === 50) throw error;
        await new Promise((done) => setTimeout(done, 100));
      }
    }
  }, { path, repoName: REPO });
}

/** Every file of the test repository as the editor left it (uploads included), by path, as bytes. */
export async function readTestRepoFiles(page: Page): Promise<Map<string, Buffer>> {
  const files = await page.evaluate(async (repoName) => {
    const found: [string, string][] = [];
    const walk = async (dir: FileSystemDirectoryHandle, prefix: string) => {
      for await (const [name, handle] of (dir as unknown as { entries(): AsyncIterable<[string, FileSystemHandle]> }).entries()) {
        if (handle.kind === 'directory') await walk(handle as FileSystemDirectoryHandle, `${prefix}${name}/`);
        else {
          let bytes: Uint8Array | undefined;
          // As readTestRepo: a file being written is read again once written.
          for (let tries = 1; !bytes; tries++) {
            try {
              bytes = new Uint8Array(await (await (handle as FileSystemFileHandle).getFile()).arrayBuffer());
            } catch (error) {
              if ((error as Error).name !== 'NotReadableError' || tries === 50) throw error;
              await new Promise((done) => setTimeout(done, 100));
            }
          }
          let binary = '';
          for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
          found.push([`${prefix}${name}`, btoa(binary)]);
        }
      }
    };
    await walk(await (await navigator.storage.getDirectory()).getDirectoryHandle(repoName), '');
    return found;
  }, REPO);
  return new Map(files.map(([path, base64]) => [path, Buffer.from(base64, 'base64')]));
}
