import type { Tool } from "@modelcontextprotocol/server";
import { FORM_TOOL_NAME } from "../protocols/data/index.js";
import { DATA_TOOL_INPUT_SCHEMA, FORM_TOOL_DESCRIPTION } from "../protocols/data/tool.js";

export { FORM_TOOL_NAME, FORM_TOOL_DESCRIPTION };

/** The descriptor `tools/list` advertises: the canonical input schema unchanged, no output schema. */
export const formToolDescriptor: Tool = {
  name: FORM_TOOL_NAME,
  description: FORM_TOOL_DESCRIPTION,
  // The JSON import widens `"type": "object"` to string; the file itself is the contract.
  inputSchema: DATA_TOOL_INPUT_SCHEMA as Tool["inputSchema"],
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: false,
  },
};
