import { localhostAllowedHostnames, localhostAllowedOrigins, validateOriginHeader } from "@modelcontextprotocol/server";

/**
 * The `Host` values accepted (DNS-rebinding protection): this machine's names and the bound host,
 * at the bound port, and the names the operator allows. Checked here rather than by the SDK's
 * `validateHostHeader`, which compares host names only: a port matters here, since an allowed
 * name may be given for one port (`name:port`) and this machine's names are accepted at the bound
 * port only (another port of this machine is another server).
 */
export function allowedHostHeaders(host: string, port: number, allowed: readonly string[]): string[] {
  const bound = bracketed(host);
  const local = localhostAllowedHostnames();
  const names = local.includes(bound) ? local : [...local, bound];
  return [
    ...names.map((name) => `${name}:${port}`),
    ...allowed.flatMap((name) => (/:\d+$/.test(name) ? [name] : [name, `${name}:${port}`])),
  ];
}

/**
 * A browser page may only talk to the server from this machine (or the bound host), at any port:
 * another site's page must not be able to open a form in the person's name. The SDK's origin
 * check (host names, any port; no `Origin` passes, as MCP clients that are not browsers send
 * none; an unreadable one is refused).
 */
export function originAllowed(origin: string | undefined, host: string): boolean {
  return validateOriginHeader(origin, [...localhostAllowedOrigins(), host, bracketed(host)]).ok;
}

/** An IPv6 address as a URL writes it (`[::1]`); names and IPv4 addresses as they are. */
export function bracketed(host: string): string {
  return host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
}
