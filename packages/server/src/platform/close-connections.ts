import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Ends a connection once what was written to it has left. */
function release(socket: Socket): void {
  if (socket.writableLength === 0) socket.destroy();
  else socket.once('drain', () => socket.destroy());
}

/**
 * Closing the app ends every connection that has no request in flight, and each other one as soon
 * as its last answer has gone. Fastify closes idle keep-alive connections on close
 * (`forceCloseConnections: 'idle'`, Node's `closeIdleConnections()`), but on Node 20 that missed
 * connections: one accepted before its first request (a browser's preconnect, an HTTP client's spare
 * socket), and, on a loaded machine, a kept-alive one after a multipart upload. `server.close()` then
 * waited for them until Node's headersTimeout: a test server took 60 s to close, a worker as long to
 * shut down (docs/decisions.md, Platform). A request in flight is answered first.
 */
export function closeConnectionsOnClose(app: FastifyInstance): void {
  /** Requests in flight per open connection. */
  const inFlight = new Map<Socket, number>();
  let closing = false;
  app.server.on('connection', (socket: Socket) => {
    inFlight.set(socket, 0);
    socket.once('close', () => inFlight.delete(socket));
  });
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    res.once('close', () => {
      const left = Math.max(0, (inFlight.get(socket) ?? 1) - 1);
      if (inFlight.has(socket)) inFlight.set(socket, left);
      if (closing && left === 0) release(socket);
    });
  });
  app.addHook('preClose', (done) => {
    closing = true;
    for (const [socket, requests] of inFlight) if (requests === 0) release(socket);
    done();
  });
}
