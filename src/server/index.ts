/** The MCP server exposing `form_elicitation_v2_request` (see docs/server.md). */
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
} from "./config.js";
export { FORM_TOOL_NAME, formToolDescriptor } from "./tool.js";
export { supportsNativeForms, supportsStandardForms } from "./client-capability.js";
export {
  runFormTool,
  runModernFormRound,
  type ToolCallChannel,
  type ModernRound,
} from "./adapter.js";
export type { Log, LogLevel } from "./log.js";
export { toCallToolResult } from "./tool-result.js";
