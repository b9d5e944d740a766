// DNS rebinding: another site can point a name at 127.0.0.1 and read dev as its own origin, so (as Vite's server.allowedHosts)
// dev answers only localhost names, IP addresses, --host and --allowed-host.
import { isIP } from 'node:net';

/** The host name of a Host header, without its port or IPv6 brackets; undefined when malformed. */
export function hostName(header: string): string | undefined {
  const value = header.trim().toLowerCase();
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    return end > 0 ? value.slice(1, end) : undefined;
  }
  const name = value.replace(/:\d*$/, '');
  return /^[a-z0-9.-]+$/.test(name) ? name.replace(/\.$/, '') : undefined;
}

export function hostAllowed(header: string | undefined, options: { host: string; allowed?: readonly string[] }): boolean {
  if (header === undefined) return true; // HTTP/1.0 without Host: no browser sends that, so no page can read it
  const name = hostName(header);
  if (!name) return false;
  if (isIP(name) || name === 'localhost' || name.endsWith('.localhost')) return true;
  const listed = [options.host, ...(options.allowed ?? [])].map((h) => h.toLowerCase().replace(/^\[|\]$/g, ''));
  return listed.some((allowed) => (allowed.startsWith('.') ? name === allowed.slice(1) || name.endsWith(allowed) : name === allowed));
}
