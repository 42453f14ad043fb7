/**
 * The literal IP addresses the stack server (API 2.36.0) refuses as a webhook's host: its
 * guard against requests to private networks (`isPrivateIp` in its validators, with the
 * ranges of the address library it uses). Only literal addresses are checked; a host name is
 * not resolved, as on the server. The host is the URL parser's, so IPv4 is a dotted quad and
 * IPv6 is lower-case hex groups in brackets.
 */

/** Loopback, private, link-local, multicast, shared (CGNAT), unspecified and the reserved blocks. */
const V4_REFUSED = [
  "127.0.0.0/8",
  "10.0.0.0/8",
  "172.16.0.0/12",
  "192.168.0.0/16",
  "169.254.0.0/16",
  "224.0.0.0/4",
  "100.64.0.0/10",
  "0.0.0.0/8",
  "192.0.0.0/24",
  "198.18.0.0/15",
  "192.0.2.0/24",
  "198.51.100.0/24",
  "203.0.113.0/24",
  "240.0.0.0/4",
] as const;

/** Link-local, unique local, multicast, documentation, discard-only. */
const V6_REFUSED = ["fe80::/10", "fc00::/7", "ff00::/8", "2001:db8::/32", "100::/64"] as const;

/**
 * IPv4 inside IPv6, mapped (`::ffff:a.b.c.d`) or in the deprecated compatible form, judged as
 * that IPv4 address; `::` and `::1` are of the compatible form (0.0.0.0 and 0.0.0.1).
 */
const V6_CARRYING_V4 = ["::ffff:0:0/96", "::/96"] as const;

/**
 * The NAT64 prefix: the server's address library reads its embedded IPv4 address for the
 * loopback, link-local, multicast and unspecified tests only, so `64:ff9b::a00:1` (10.0.0.1)
 * passes there and here.
 */
const NAT64 = "64:ff9b::/96";
const NAT64_V4_REFUSED = ["127.0.0.0/8", "169.254.0.0/16", "224.0.0.0/4", "0.0.0.0/32"] as const;

/** An IPv4 dotted quad as a number, or undefined. */
function parseV4(text: string): bigint | undefined {
  const parts = text.split(".");
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return undefined;
  return parts.reduce((n, p) => (n << 8n) | BigInt(p), 0n);
}

/** An IPv6 address of hex groups (one `::` at most) as a number, or undefined. */
function parseV6(text: string): bigint | undefined {
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const groups = (half: string) => (half === "" ? [] : half.split(":"));
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if ((halves.length === 2 && missing < 1) || (halves.length === 1 && missing !== 0)) return undefined;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (all.some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return undefined;
  return all.reduce((n, g) => (n << 16n) | BigInt(parseInt(g, 16)), 0n);
}

/** True when `address` (of `bits` bits) lies in `cidr`. */
function inBlock(address: bigint, bits: number, cidr: string, parse: (text: string) => bigint | undefined): boolean {
  const [base, length] = cidr.split("/");
  const shift = BigInt(bits - Number(length));
  return address >> shift === parse(base)! >> shift;
}

const inV4 = (address: bigint, blocks: readonly string[]) => blocks.some((b) => inBlock(address, 32, b, parseV4));
const inV6 = (address: bigint, blocks: readonly string[]) => blocks.some((b) => inBlock(address, 128, b, parseV6));

/**
 * True when `host` (a URL's hostname: brackets around IPv6 allowed) is a literal address the
 * server refuses; false for a name or an address it lets through.
 */
export function isRefusedAddress(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "");
  const v4 = parseV4(bare);
  if (v4 !== undefined) return inV4(v4, V4_REFUSED);
  const v6 = parseV6(bare);
  if (v6 === undefined) return false;
  const low32 = v6 & 0xffffffffn;
  if (inV6(v6, V6_CARRYING_V4)) return inV4(low32, V4_REFUSED);
  if (inV6(v6, [NAT64]) && inV4(low32, NAT64_V4_REFUSED)) return true;
  return inV6(v6, V6_REFUSED);
}
