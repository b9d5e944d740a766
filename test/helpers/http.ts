// A tiny HTTP client for tests: raw paths are sent exactly as written (no normalising of "..").
import { request } from 'node:http';

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The body's bytes as sent (compressed bodies are not decoded). */
  raw?: Buffer;
}

export function get(base: string, path: string, headers: Record<string, string> = {}, method = 'GET', keepRaw = false): Promise<Reply> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        resolve({ status: res.statusCode!, headers: res.headers, body: raw.toString('utf8'), raw: keepRaw ? raw : undefined });
      });
    });
    req.on('error', reject);
    req.end();
  });
}
