import { once } from 'node:events';
import {
  createServer,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { waitFor } from './poll';

interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A real HTTP receiver on 127.0.0.1 that records every request and answers each with the next
 * status of `statuses` (the last one repeats), or with `answer` for a custom reply.
 */
export async function startReceiver(options: {
  statuses?: number[];
  answer?: (res: ServerResponse) => void;
}) {
  const received: ReceivedWebhook[] = [];
  const statuses = options.statuses ?? [200];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (options.answer) options.answer(res);
      else res.writeHead(statuses[Math.min(received.length, statuses.length) - 1]!).end('ok');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** Resolves once the receiver has had `count` requests in all. */
    until: (count: number): Promise<ReceivedWebhook[]> =>
      waitFor(() => received, {
        what: `request ${count} at the webhook receiver`,
        until: (requests) => requests.length >= count,
        timeoutMs: 30_000,
        intervalMs: 20,
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A receiver on 127.0.0.1 that reads every request and never answers it (issue 39's attack):
 * each attempt holds its connection until the sender gives up. `answer()` makes it answer 200
 * from then on; `held()` counts the requests it holds open.
 */
export async function startSilentReceiver() {
  const sockets = new Set<Socket>();
  let received = 0;
  let answering = false;
  const open = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      if (answering) res.writeHead(200).end('ok');
      else {
        open.add(res);
        res.on('close', () => open.delete(res));
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}/hooks`,
    received: () => received,
    held: () => open.size,
    /** Resolves once the receiver holds `count` requests open at once. */
    untilHolding: (count: number) =>
      waitFor(() => open.size, {
        what: `${count} requests held by the silent receiver`,
        until: (held) => held >= count,
        timeoutMs: 30_000,
        intervalMs: 20,
      }),
    answer: () => {
      answering = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
