import type {
  ListResourcesResult,
  ListToolsResult,
  McpServer,
  ReadResourceResult,
  RegisteredTool,
  Result,
  ServerContext,
  StandardSchemaV1,
  StandardSchemaWithJSON,
} from "@modelcontextprotocol/server";
import { dataProtocol } from "../../protocols/data/index.js";
import { ANSWER_BY_MESSAGE_META_KEY, SUBMIT_TOOL_NAME } from "../../mcp-app/names.js";
import { FORM_TOOL_NAME } from "../tool.js";
import { failureResult, toCallToolResult } from "../tool-result.js";
import type { AppForms, RequestId } from "./app-forms.js";
import { requestEra } from "../request-era.js";
import {
  supportsMcpApps,
  APP_MIME_TYPE,
  FORM_APP_URI,
  LEGACY_RESOURCE_URI_KEY,
  showsFormsOnlyAsApp,
} from "./capability.js";
import { formAppHtml } from "./html.js";

/**
 * What the Data tool's descriptor carries for a client that shows MCP Apps,
 * under both keys: older hosts read the flat one.
 */
export const FORM_TOOL_APP_META = { ui: { resourceUri: FORM_APP_URI }, [LEGACY_RESOURCE_URI_KEY]: FORM_APP_URI };

/**
 * On MCP 2026-07-28 the Data tool also says that no call waits for the app's answer: a host hands
 * the app the tool as listed (`hostContext.toolInfo.tool`), so the app answers by message from the
 * start, even when the person answers before the call's result reaches it.
 */
const MODERN_FORM_TOOL_APP_META = { ...FORM_TOOL_APP_META, [ANSWER_BY_MESSAGE_META_KEY]: true };

const submitInputSchema = {
  type: "object",
  properties: {
    requestId: {
      type: ["string", "integer"],
      description: "The pending form_elicitation_v2_request call's request id (the app's hostContext.toolInfo.id).",
    },
    response: {
      type: "object",
      description:
        'What the person answered, as the Data tool result: {action: "accept", content}, {action: "decline"} or ' +
        '{action: "cancel"}.',
    },
  },
  required: ["requestId", "response"],
  additionalProperties: false,
};

/** Listed as written; the handler checks the arguments itself and answers with a result the app can show. */
const submitInput: StandardSchemaWithJSON<unknown, unknown> = {
  "~standard": {
    version: 1,
    vendor: "formgate",
    validate: (value: unknown): StandardSchemaV1.Result<unknown> => ({ value }),
    jsonSchema: { input: () => submitInputSchema, output: () => submitInputSchema },
  },
};

const APP_RESOURCE = {
  name: "formgate form",
  mimeType: APP_MIME_TYPE,
  description: "The form of one form_elicitation_v2_request call.",
};

/**
 * Adds the app to a server. 2025 era: the submit tool and the `ui://formgate/form` resource, both
 * listed only to a client whose `initialize` advertised MCP Apps, which also sees the app on the
 * Data tool. 2026-07-28: per request, the resource and the app on the Data tool for a request whose
 * client shows MCP Apps and no form elicitation (no submit tool: no call waits). Any other client
 * sees the server as it was without them.
 */
export function registerFormApp(
  mcp: McpServer,
  formTool: RegisteredTool,
  forms: AppForms,
  standardFallback: boolean,
): void {
  const submit = mcp.registerTool(
    SUBMIT_TOOL_NAME,
    {
      description: "Sends what the person answered in formgate's form back to the pending form call. For the app only.",
      inputSchema: submitInput,
      _meta: { ui: { resourceUri: FORM_APP_URI, visibility: ["app"] } },
    },
    (args: unknown) => submitAnswer(args, forms),
  );
  const resource = mcp.registerResource(
    APP_RESOURCE.name,
    FORM_APP_URI,
    { mimeType: APP_RESOURCE.mimeType, description: APP_RESOURCE.description },
    () => appContents(),
  );
  // Registered before the connection, so these send no list_changed.
  submit.disable();
  resource.disable();
  const server = mcp.server;
  const previous = server.oninitialized;
  server.oninitialized = () => {
    previous?.();
    // Deprecated only as a 2026-era accessor: on a 2025-era connection it holds what `initialize` said.
    if (!supportsMcpApps(server.getClientCapabilities())) return;
    formTool.update({ _meta: { ...formTool._meta, ...FORM_TOOL_APP_META } });
    submit.enable();
    resource.enable();
  };
  gateModernRequests(mcp, standardFallback);
}

/**
 * The app's document. No `csp`: it loads nothing, so the host's default (no network) fits. No
 * border from the host (`prefersBorder: false`, which SEP-1865 asks apps to say): the form draws
 * its own box.
 */
function appContents(): ReadResourceResult {
  const meta = { ui: { prefersBorder: false } };
  return { contents: [{ uri: FORM_APP_URI, mimeType: APP_MIME_TYPE, text: formAppHtml(), _meta: meta }] };
}

type StoredHandler = (request: unknown, ctx: ServerContext) => Promise<Result>;

/**
 * 2026-07-28 has no `initialize`: each request carries its client's capabilities, so the listings
 * and the read are decided per request, around the SDK's own handlers (which, on a connection that
 * never initialized, list neither the resource nor the submit tool).
 */
function gateModernRequests(mcp: McpServer, standardFallback: boolean): void {
  const server = mcp.server;
  // The SDK keeps its handlers behind a protected accessor; the wrappers call them unchanged.
  const stored = (method: string): StoredHandler => {
    const handler = (
      server as unknown as { _getRequestHandler(method: string): StoredHandler | undefined }
    )._getRequestHandler(method);
    if (handler === undefined) throw new Error(`no ${method} handler to gate`);
    return handler;
  };
  const appOnly = (ctx: ServerContext) => {
    const era = requestEra(server, ctx);
    return era.modern && showsFormsOnlyAsApp(era.clientCapabilities, true, standardFallback);
  };
  const listTools = stored("tools/list");
  server.setRequestHandler("tools/list", async (request, ctx) => {
    const listed = (await listTools(request, ctx)) as ListToolsResult;
    if (!appOnly(ctx)) return listed;
    const tools = listed.tools.map((tool) =>
      tool.name === FORM_TOOL_NAME ? { ...tool, _meta: { ...tool._meta, ...MODERN_FORM_TOOL_APP_META } } : tool,
    );
    return { ...listed, tools };
  });
  const listResources = stored("resources/list");
  server.setRequestHandler("resources/list", async (request, ctx) => {
    const listed = (await listResources(request, ctx)) as ListResourcesResult;
    if (!appOnly(ctx)) return listed;
    return { ...listed, resources: [...listed.resources, { uri: FORM_APP_URI, ...APP_RESOURCE }] };
  });
  const readResource = stored("resources/read");
  server.setRequestHandler("resources/read", async (request, ctx) =>
    request.params.uri === FORM_APP_URI && appOnly(ctx)
      ? appContents()
      : ((await readResource(request, ctx)) as ReadResourceResult),
  );
}

function submitAnswer(args: unknown, forms: AppForms) {
  const { requestId, response } = (typeof args === "object" && args !== null ? args : {}) as Record<string, unknown>;
  if (typeof requestId !== "string" && typeof requestId !== "number")
    return refused("requestId", "must be the pending call's request id, a string or a number");
  const call = forms.get(requestId as RequestId);
  if (call === undefined)
    return refused(
      "requestId",
      `names no pending ${FORM_TOOL_NAME} call of this session: it was answered or ended already, or is another ` +
        "session's",
    );
  const read = dataProtocol.readAnswers(response, call.form);
  if (!read.ok) return toCallToolResult(failureResult("invalid_response", read.error));
  const written = dataProtocol.writeAnswers(read.value, call.form);
  if (!written.ok) return toCallToolResult(failureResult("invalid_response", written.error));
  call.finish(written.value);
  return { content: [{ type: "text" as const, text: "The answers were sent." }], structuredContent: written.value };
}

function refused(key: string, message: string) {
  return toCallToolResult({
    error: {
      code: "invalid_response",
      message: "The answers were not applied: the form call they answer was not found.",
      issues: [{ path: [key], message }],
    },
  });
}
