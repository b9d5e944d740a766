// npm run bench -- --images N [--runs 3]: the clinic site with N photos (generated, 1,600 × 1,067 JPEG
// of noise, as hard to encode as a real photo) in its uploads folder, built by the real CLI: cold
// (no processed variants kept, as in CI without its cache) and warm (variants kept), medians of the
// runs, with peak memory. The photos are made here and removed after; nothing is downloaded.
import { spawn } from 'node:child_process';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

export async function benchImages(root: string, work: string, photos: number, runs: number): Promise<void> {
  const project = join(work, 'clinic');
  for (const entry of ['content', 'static']) await cp(join(root, entry), join(project, entry), { recursive: true });
  // Noise is the worst case for a codec: its AVIF outweighs any photo budget, which is not what this measures.
  const settings = join(project, 'content/site.yaml');
  await writeFile(settings, (await readFile(settings, 'utf8')).replace(/largestImage: \d+/, 'largestImage: 100000000'));
  const uploads = join(project, 'static/images/uploads');
  await mkdir(uploads, { recursive: true });
  for (let i = 0; i < photos; i++) {
    await sharp({ create: { width: 1600, height: 1067, channels: 3, background: { r: 40 + i, g: 120, b: 90 }, noise: { type: 'gaussian', mean: 120, sigma: 40 } } }).jpeg({ quality: 85 }).toFile(join(uploads, `photo-${i + 1}.jpg`));
  }
  const kept = join(root, 'node_modules/.cache/sitewright/images');
  const build = () => new Promise<{ ms: number; mb: number }>((resolve, reject) => {
    const started = performance.now();
    const child = spawn(join(root, 'bin/site'), ['build', '-q', '--content', join(project, 'content'), '--static', join(project, 'static'), '--out', join(work, 'dist')], { cwd: root, env: { ...process.env, SITE_REPORT_MEMORY: '1' } });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => (code === 0 ? resolve({ ms: performance.now() - started, mb: Number(/peak memory (\d+) MB/.exec(out)?.[1] ?? 0) }) : reject(new Error(`build failed:\n${out}`))));
  });
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const cold: { ms: number; mb: number }[] = [];
  const warm: { ms: number; mb: number }[] = [];
  for (let run = 0; run < runs; run++) {
    await rm(kept, { recursive: true, force: true });
    cold.push(await build());
    warm.push(await build());
    console.log(`run ${run + 1}: cold ${(cold.at(-1)!.ms / 1000).toFixed(2)} s ${cold.at(-1)!.mb} MB, warm ${(warm.at(-1)!.ms / 1000).toFixed(2)} s ${warm.at(-1)!.mb} MB`);
  }
  await rm(kept, { recursive: true, force: true });
  for (const [name, list] of [['cold', cold], ['warm', warm]] as const) {
    console.log(`bench: images ${photos} photos, ${name}, median ${(median(list.map((r) => r.ms)) / 1000).toFixed(2)} s, peak ${median(list.map((r) => r.mb))} MB, ${(photos / (median(list.map((r) => r.ms)) / 1000)).toFixed(1)} photos/s`);
  }
}
