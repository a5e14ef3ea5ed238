import { describe, expect, it } from "vitest";
import { classifyAddress, parseIp } from "./public-address";

describe("classifyAddress", () => {
  it.each([
    ["93.184.216.34", "public"],
    ["8.8.8.8", "public"],
    ["172.15.255.255", "public"],
    ["172.32.0.0", "public"],
    ["100.63.255.255", "public"],
    ["100.128.0.0", "public"],
    ["2606:4700:4700::1111", "public"],
    ["2a00:1450:4001:80b::200e", "public"],
    ["::ffff:93.184.216.34", "public"],
    ["64:ff9b::5db8:d822", "public"],
    ["2002:5db8:d822::1", "public"],
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["::1", "loopback"],
    ["0:0:0:0:0:0:0:1", "loopback"],
    ["[::1]", "loopback"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "private"],
    ["fd00::1", "private"],
    ["fc00::1", "private"],
    ["169.254.169.254", "metadata"],
    ["::ffff:169.254.169.254", "metadata"],
    ["::ffff:a9fe:a9fe", "metadata"],
    ["64:ff9b::a9fe:a9fe", "metadata"],
    ["2002:a9fe:a9fe::", "metadata"],
    ["fd00:ec2::254", "metadata"],
    ["100.100.100.200", "metadata"],
    ["168.63.129.16", "metadata"],
    ["169.254.0.1", "link-local"],
    ["fe80::1", "link-local"],
    ["febf::1", "link-local"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["::", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["ff02::1", "multicast"],
    ["255.255.255.255", "reserved"],
    ["240.0.0.1", "reserved"],
    ["192.0.0.192", "reserved"],
    ["192.0.2.1", "reserved"],
    ["198.18.0.1", "reserved"],
    ["198.19.255.255", "reserved"],
    ["198.51.100.7", "reserved"],
    ["203.0.113.9", "reserved"],
    ["2001:db8::1", "reserved"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "reserved"], // Teredo
    ["2001:2::1", "reserved"], // benchmarking
    ["3fff::1", "reserved"],
    ["::7f00:1", "reserved"], // IPv4-compatible (deprecated)
    ["::127.0.0.1", "reserved"],
    ["100::1", "reserved"], // discard-only
    ["64:ff9b:1::1", "reserved"],
    ["4000::1", "reserved"], // unallocated
  ])("%s → %s", (address, kind) => expect(classifyAddress(address)).toBe(kind));

  it.each([
    "",
    "example.com",
    "1.2.3",
    "1.2.3.4.5",
    "256.1.1.1",
    "01.2.3.4x",
    "1::2::3",
    "1:2:3:4:5:6:7:8:9",
    "1:2:3:4:5:6:7::8",
    "12345::1",
    "::ffff:1.2.3",
    "fe80::1%eth0",
  ])("%j is not an address", (text) => expect(classifyAddress(text)).toBeNull());

  it("reads IPv6 with an embedded dotted IPv4 into 16 bytes", () => {
    expect(parseIp("::ffff:1.2.3.4")?.bytes).toEqual([
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 1, 2, 3, 4,
    ]);
    expect(parseIp("1:2:3:4:5:6:7:8")?.bytes.length).toBe(16);
  });
});
