/** Writes formgate's MCP App document to `outfile` and returns its HTML. */
export function buildMcpApp(outfile: string): Promise<string>;
