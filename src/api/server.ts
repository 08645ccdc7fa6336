import type { App } from './app.js';

export interface Listening {
  /** http://host:port as bound (the real port when 0 was asked). */
  url: string;
  /** Stops accepting connections, lets in-flight requests finish, closes the store. */
  close(): Promise<void>;
}

/** Listens on host:port. */
export async function listen(app: App, host: string, port: number): Promise<Listening> {
  await app.listen({ host, port });
  const address = app.server.address();
  const bound = typeof address === 'object' && address !== null ? address.port : port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return { url: `http://${shownHost}:${bound}`, close: () => app.close() };
}

/**
 * Closes the app once on SIGINT or SIGTERM (in-flight requests finish, the database
 * closes), then resolves. A second signal exits at once.
 */
export function closeOnSignals(app: App, signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM']): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    let closing = false;
    const onSignal = (signal: NodeJS.Signals) => {
      if (closing) process.exit(130);
      closing = true;
      app.log.info({ signal }, 'shutting down');
      app.close().then(() => {
        for (const s of signals) process.off(s, onSignal);
        resolve(signal);
      }, (error: unknown) => {
        // Still resolve: the process is ending either way, but say why the close failed.
        app.log.error({ err: error }, 'closing the server failed');
        resolve(signal);
      });
    };
    for (const s of signals) process.on(s, onSignal);
  });
}
