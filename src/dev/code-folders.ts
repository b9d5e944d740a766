// A file at the top of the site's folder is watched as a file: that folder also holds content, output and node_modules.
import { dirname, resolve, sep } from 'node:path';

export async function codeFolders(siteFile: string, sources: readonly string[]): Promise<string[]> {
  const siteDir = dirname(resolve(siteFile));
  let inputs: string[] = [];
  try {
    const { build } = await import('esbuild');
    const result = await build({ entryPoints: [siteFile], absWorkingDir: siteDir, bundle: true, write: false, metafile: true, platform: 'node', format: 'esm', packages: 'external', jsx: 'automatic', logLevel: 'silent', loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty' } });
    inputs = Object.keys(result.metafile.inputs).filter((f) => !f.includes('node_modules/') && !f.includes(':')).map((f) => resolve(siteDir, f));
  } catch {
    // A definition that does not compile: the build says why, and the sources it lists are watched.
  }
  const watched = [...new Set([...inputs.map((file) => (dirname(file) === siteDir ? file : dirname(file))), ...sources.map((p) => resolve(p))])];
  return watched.filter((path) => !watched.some((other) => other !== path && path.startsWith(other + sep))).sort();
}
