import dgram from "node:dgram";
import type { AddressInfo } from "node:net";
import { parseIp } from "@/lib/net/public-address";

/**
 * A tiny DNS server on 127.0.0.1 (UDP) for tests: answers A and AAAA queries from a table the
 * test changes at will (a name that resolves somewhere public at registration and somewhere
 * forbidden at delivery), with TTL 0 so nothing is cached. Unknown names are NXDOMAIN; a name
 * without records of the asked type is an empty answer. Point WEBHOOK_DNS_SERVER at `server`.
 */
export type DnsStub = {
  /** "127.0.0.1:port", as WEBHOOK_DNS_SERVER takes it. */
  server: string;
  /** Sets (or with [] removes) a name's addresses, IPv4 and IPv6 mixed. */
  set(name: string, addresses: string[]): void;
  /** Every question asked so far: "name A" / "name AAAA". */
  queries: string[];
  close(): Promise<void>;
};

const TYPE_A = 1;
const TYPE_AAAA = 28;

function readQuestion(msg: Buffer): { name: string; type: number; end: number } | null {
  let i = 12;
  const labels: string[] = [];
  while (i < msg.length) {
    const len = msg[i]!;
    if (len === 0) break;
    if (len > 63) return null; // no compression in a question
    labels.push(msg.subarray(i + 1, i + 1 + len).toString("latin1"));
    i += 1 + len;
  }
  if (i + 5 > msg.length) return null;
  return { name: labels.join(".").toLowerCase(), type: msg.readUInt16BE(i + 1), end: i + 5 };
}

function answer(query: Buffer, table: Map<string, string[]>, log: string[]): Buffer | null {
  if (query.length < 12 || query.readUInt16BE(4) !== 1) return null;
  const q = readQuestion(query);
  if (!q) return null;
  log.push(`${q.name} ${q.type === TYPE_A ? "A" : q.type === TYPE_AAAA ? "AAAA" : q.type}`);
  const known = table.get(q.name);
  const records = (known ?? [])
    .map((a) => parseIp(a))
    .filter(
      (ip) =>
        ip && (q.type === TYPE_A ? ip.version === 4 : q.type === TYPE_AAAA && ip.version === 6),
    )
    .map((ip) => Buffer.from(ip!.bytes));
  const header = Buffer.alloc(12);
  header.writeUInt16BE(query.readUInt16BE(0), 0); // id
  const rd = query.readUInt16BE(2) & 0x0100;
  header.writeUInt16BE(0x8000 | 0x0400 | rd | 0x0080 | (known ? 0 : 3), 2); // QR AA RD RA rcode
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(records.length, 6);
  const rrs = records.map((rdata) => {
    const rr = Buffer.alloc(12);
    rr.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
    rr.writeUInt16BE(q.type, 2);
    rr.writeUInt16BE(1, 4); // IN
    rr.writeUInt32BE(0, 6); // TTL 0: never cached
    rr.writeUInt16BE(rdata.length, 10);
    return Buffer.concat([rr, rdata]);
  });
  return Buffer.concat([header, query.subarray(12, q.end), ...rrs]);
}

export async function startDnsStub(initial: Record<string, string[]> = {}): Promise<DnsStub> {
  const table = new Map(Object.entries(initial).map(([k, v]) => [k.toLowerCase(), v]));
  const queries: string[] = [];
  const socket = dgram.createSocket("udp4");
  socket.on("message", (msg, from) => {
    const reply = answer(msg, table, queries);
    if (reply) socket.send(reply, from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    server: `127.0.0.1:${port}`,
    set(name, addresses) {
      if (addresses.length === 0) table.delete(name.toLowerCase());
      else table.set(name.toLowerCase(), addresses);
    },
    queries,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
