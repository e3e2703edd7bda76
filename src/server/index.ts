/**
 * The MCP server exposing `form_elicitation_v2_request` (see docs/server.md): what an embedder
 * needs to build, serve and configure it. How a tool call runs stays internal.
 */
export { createFormServer, formServerFactory, type FormServerOptions, type FormServerFactory } from "./server.js";
export { serveStdio, type StdioOptions, type RunningServer } from "./stdio.js";
export {
  serveHttp,
  MCP_PATH,
  HEALTH_PATH,
  DEFAULT_HTTP_HOST,
  DEFAULT_HTTP_PORT,
  type HttpOptions,
  type HttpServer,
} from "./http.js";
export {
  readServerConfig,
  defaultServerConfig,
  DEFAULT_TIMEOUT_MS,
  TIMEOUT_VARIABLE,
  type ServerConfig,
  type StateKeys,
  type Env,
} from "./config.js";
export { FORM_TOOL_NAME, formToolDescriptor } from "./tool.js";
// The type of FormServerOptions.log.
export type { Log, LogLevel } from "./log.js";
