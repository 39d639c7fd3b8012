/** A small server-sent-events client over node:http, for reading a stream as a browser would. */
import http from 'node:http';

export interface StreamEvent {
  event: string;
  data: string;
}

export interface EventStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: StreamEvent[];
  comments: string[];
  /** `retry:` values the server sent. */
  retries: number[];
  /** The raw body, for answers that are not streams (a problem document). */
  text(): string;
  /** Resolves with the first event (already received or to come) that matches, or rejects after timeoutMs. */
  next(match: (event: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  /** Resolves once the server has ended the stream. */
  ended: Promise<void>;
  close(): void;
}

export function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { Accept: 'text/event-stream', ...headers } }, (res) => {
      res.setEncoding('utf8');
      let raw = '';
      let pending = '';
      const events: StreamEvent[] = [];
      const comments: string[] = [];
      const retries: number[] = [];
      const waiters = new Set<() => void>();
      let endStream: () => void = () => undefined;
      const ended = new Promise<void>((done) => (endStream = done));
      res.on('data', (chunk: string) => {
        raw += chunk;
        pending += chunk;
        let boundary: number;
        while ((boundary = pending.indexOf('\n\n')) >= 0) {
          const block = pending.slice(0, boundary);
          pending = pending.slice(boundary + 2);
          let event = 'message';
          const data: string[] = [];
          let isEvent = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('retry:')) retries.push(Number(line.slice(6).trim()));
            else if (line.startsWith('event:')) {
              event = line.slice(6).trim();
              isEvent = true;
            } else if (line.startsWith('data:')) {
              data.push(line.slice(5).trim());
              isEvent = true;
            }
          }
          if (isEvent) events.push({ event, data: data.join('\n') });
        }
        for (const wake of [...waiters]) wake();
      });
      res.on('end', () => endStream());
      res.on('close', () => endStream());
      // Closing our side mid-stream aborts the response: that is how a client leaves.
      res.on('error', () => endStream());
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        comments,
        retries,
        text: () => raw,
        ended,
        next(match, timeoutMs = 5000) {
          return new Promise((found, fail) => {
            const look = () => {
              const hit = events.find(match);
              if (!hit) return false;
              clearTimeout(timer);
              waiters.delete(wake);
              found(hit);
              return true;
            };
            const wake = () => void look();
            const timer = setTimeout(() => {
              waiters.delete(wake);
              fail(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
            }, timeoutMs);
            if (!look()) waiters.add(wake);
          });
        },
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
  });
}

export const isBalance = (event: StreamEvent) => event.event === 'balance';

export function positionOf(event: StreamEvent): number {
  return (JSON.parse(event.data) as { position: number }).position;
}
