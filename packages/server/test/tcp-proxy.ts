import net from 'node:net';

/**
 * A TCP proxy on 127.0.0.1 between the server and PostgreSQL, which a test cuts, closes or stalls
 * to play a database outage (docs/operations.md, Database outage).
 */
export class TcpProxy {
  private readonly sockets = new Set<net.Socket>();
  /** Bytes held back in each direction while stalled, per connection. */
  private readonly held: (() => void)[] = [];
  private stalled = false;

  private constructor(
    private readonly server: net.Server,
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  /** A proxy to the PostgreSQL server of `url`, listening on a free port. */
  static async start(url: string): Promise<TcpProxy> {
    const u = new URL(url);
    const target = { host: u.hostname, port: Number(u.port || 5432) };
    const accepted: { proxy?: TcpProxy } = {};
    const server = net.createServer((socket) => accepted.proxy?.pipe(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    accepted.proxy = new TcpProxy(server, typeof address === 'object' && address ? address.port : 0, target);
    return accepted.proxy;
  }

  /** `url` with the proxy's address instead of the server's. */
  via(url: string): string {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  /** Connections open through the proxy. */
  get connections(): number {
    return this.sockets.size / 2;
  }

  private pipe(client: net.Socket): void {
    const upstream = net.connect(this.target.port, this.target.host);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      this.sockets.add(from);
      from.on('data', (chunk: Buffer) => {
        if (this.stalled) this.held.push(() => to.destroyed || to.write(chunk));
        else to.write(chunk);
      });
      from.on('error', () => undefined);
      from.on('close', () => {
        this.sockets.delete(from);
        to.destroy();
      });
    }
  }

  /** Destroys every connection at once, as a dropped network or a restarted server would. */
  cut(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  /** Stops listening (new connections are refused) and cuts the open ones: the server is down. */
  async refuse(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.cut();
    });
  }

  /** Listens again on the same port. */
  async accept(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
  }

  /**
   * A server that accepts connections and answers nothing: bytes in both directions are held (new
   * connections are still accepted) until `resume`.
   */
  stall(): void {
    this.stalled = true;
  }

  /** Forwards what was held and everything after it. */
  resume(): void {
    this.stalled = false;
    for (const send of this.held.splice(0)) send();
  }

  async close(): Promise<void> {
    this.resume();
    this.cut();
    if (this.server.listening) await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
