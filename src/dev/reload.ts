// Live reload over server-sent events: open pages listen on /__dev/events and reload after each build.
import type { IncomingMessage, ServerResponse } from 'node:http';

export const RELOAD_SCRIPT_URL = '/__dev/reload.js';
const EVENTS_URL = '/__dev/events';

const CLIENT = `// dev only: reload when the site was rebuilt
const events = new EventSource(${JSON.stringify(EVENTS_URL)});
events.addEventListener('reload', () => location.reload());
`;

export class ReloadHub {
  private clients = new Set<ServerResponse>();

  /** Answers the reload script and the event stream; returns true when it handled the request. */
  handle = (req: IncomingMessage, res: ServerResponse, pathname: string): boolean => {
    if (pathname === RELOAD_SCRIPT_URL) {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(CLIENT);
      return true;
    }
    if (pathname === EVENTS_URL) {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
      res.write(': connected\n\n');
      this.clients.add(res);
      req.on('close', () => this.clients.delete(res));
      return true;
    }
    return false;
  };

  reload(): void {
    for (const client of this.clients) client.write('event: reload\ndata: \n\n');
  }

  close(): void {
    for (const client of this.clients) client.end();
    this.clients.clear();
  }
}
