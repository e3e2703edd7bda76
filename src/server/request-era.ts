import {
  CLIENT_CAPABILITIES_META_KEY,
  PROTOCOL_VERSION_META_KEY,
  type ClientCapabilities,
  type Server,
  type ServerContext,
} from "@modelcontextprotocol/server";

/** The era one request is served in: 2026-07-28 with the capabilities it carries, or the connection's 2025 era. */
export type RequestEra = { modern: true; clientCapabilities: ClientCapabilities | undefined } | { modern: false };

/**
 * The era is the connection's: on one that began with `initialize` (a 2025-era session) a
 * request's 2026-07-28 envelope is ignored and the request is served as 2025-era, in the session.
 */
export function requestEra(server: Server, ctx: ServerContext): RequestEra {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  // Deprecated only as a 2026-era accessor: on a 2025-era connection it is what `initialize` negotiated.
  const negotiated = server.getNegotiatedProtocolVersion();
  const version = envelope?.[PROTOCOL_VERSION_META_KEY];
  if (version === undefined || (negotiated !== undefined && negotiated !== version)) return { modern: false };
  return {
    modern: true,
    clientCapabilities: envelope?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined,
  };
}
