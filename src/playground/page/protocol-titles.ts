/** What the page calls each protocol of the registry; a protocol not listed here is shown by its name. */
const TITLES: Readonly<Record<string, string>> = {
  data: "Data tool",
  native: "Native",
  mcp: "MCP",
  "question-form": "question-form",
};

export function protocolTitle(name: string): string {
  return Object.hasOwn(TITLES, name) ? (TITLES[name] as string) : name;
}
