import net from "node:net";

/** A TCP listener on 127.0.0.1 that only counts who connects: proof that nothing was reached. */
export async function tcpListener() {
  let connections = 0;
  const server = net.createServer((s) => {
    connections++;
    s.destroy();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => connections,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
