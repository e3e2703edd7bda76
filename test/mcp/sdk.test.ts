import { expect } from "chai";
import fc from "fast-check";
import { readFileSync, readdirSync } from "node:fs";
import {
  ElicitRequestFormParamsSchema,
  ElicitRequestSchema,
  ElicitResultSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { translate } from "../../src/gateway/translate.js";
import { mcpProtocol } from "../../src/protocols/mcp/index.js";
import { dataInput } from "../support/data-arbitraries.js";
import { nativeRequest } from "../native/arbitraries.js";
import { mcpRequest } from "./arbitraries.js";
import { GATEWAY } from "../gateway/shared-fixtures.js";
import { runCli } from "../support/cli.js";
import { compileSchema } from "../support/json-schema.js";

/**
 * The MCP TypeScript SDK's own schemas, and formgate's canonical schemas/mcp-*.schema.json, (v1,
 * `@modelcontextprotocol/sdk/types.js`) accept every
 * form and result formgate writes for mcp: the request, its form params, and nothing that the
 * SDK would strip (its zod objects drop unknown keys, so the parsed value must equal ours).
 * `requestedSchema.$schema`, `title` and `description` are outside the SDK's zod schema
 * (`$schema` is in the specification's schema.ts): formgate writes them only when it read them.
 */

const canonical = compileSchema("mcp-request.schema.json");
const canonicalResult = compileSchema("mcp-result.schema.json");

/** Checks one params value against the SDK (and formgate's own schema) and returns the error text, if any. */
function sdkProblem(params: unknown): string | undefined {
  if (!canonical(params)) return `schemas/mcp-request.schema.json: ${JSON.stringify(canonical.errors)}`;
  const request = ElicitRequestSchema.safeParse({ method: "elicitation/create", params });
  if (!request.success) return request.error.message;
  const form = ElicitRequestFormParamsSchema.safeParse(params);
  if (!form.success) return form.error.message;
  expect(form.data).to.deep.equal(params, "the SDK would strip something formgate wrote");
  return undefined;
}

describe("mcp: the MCP SDK accepts every form formgate writes", () => {
  const expected = new URL("expected/", GATEWAY);
  for (const file of readdirSync(expected).filter((name) => name.endsWith(".to-mcp.json"))) {
    it(`the golden ${file}`, () => {
      expect(sdkProblem(JSON.parse(readFileSync(new URL(file, expected), "utf8")))).to.equal(undefined);
    });
  }

  it("the bundled example as `formgate translate --to mcp examples/report-template.data.json` prints it", async () => {
    const run = await runCli(["translate", "--to", "mcp", "examples/report-template.data.json"]);
    expect(run.status, run.stderr).to.equal(0);
    expect(sdkProblem(JSON.parse(run.stdout))).to.equal(undefined);
  });

  it("the upload example is refused, naming its files question (no standard form can ask for files)", async () => {
    const run = await runCli(["translate", "--to", "mcp", "--json", "examples/upload.data.json"]);
    expect(run.status).to.equal(1);
    const { error } = JSON.parse(run.stdout) as {
      error: { code: string; issues: { code: string; path: unknown[]; message: string }[] };
    };
    expect(error.code).to.equal("unsupported_form");
    expect(error.issues.map((issue) => [issue.code, issue.path])).to.deep.equal([["unsupported_field", ["fields", 0]]]);
    expect(error.issues[0]?.message).to.match(/^Question `data`: it asks for the person's own files/);
  });

  for (const [name, source, from] of [
    ["Data tool inputs", dataInput, "data"],
    ["native requests", nativeRequest, "native"],
    ["standard forms", mcpRequest, "mcp"],
  ] as const) {
    it(`random ${name}, written as mcp where they can be held`, () => {
      fc.assert(
        fc.property(source as fc.Arbitrary<unknown>, (input) => {
          const result = translate(input, { from, to: "mcp" });
          if (!result.ok) expect(result.error.code).to.equal("unsupported_form");
          else expect(sdkProblem(result.value)).to.equal(undefined);
        }),
        { numRuns: 100 },
      );
    });
  }

  it("every mcp answer golden is an ElicitResult", () => {
    for (const file of readdirSync(expected).filter((name) => name.endsWith(".answers.mcp.json"))) {
      const value = JSON.parse(readFileSync(new URL(file, expected), "utf8"));
      expect(canonicalResult(value), file).to.equal(true);
      const parsed = ElicitResultSchema.safeParse(value);
      expect(parsed.success, file).to.equal(true);
      expect(parsed.data, file).to.deep.equal(value);
    }
  });

  it("what the SDK refuses, formgate refuses too: a URL request is no form, an unknown field type is named", () => {
    expect(
      ElicitRequestFormParamsSchema.safeParse({ mode: "url", message: "m", url: "https://a.example" }).success,
    ).to.equal(false);
    expect(
      mcpProtocol.readForm({ mode: "url", message: "m", url: "https://a.example", elicitationId: "1" }).ok,
    ).to.equal(false);
    const nested = { message: "m", requestedSchema: { type: "object", properties: { o: { type: "object" } } } };
    expect(ElicitRequestFormParamsSchema.safeParse(nested).success).to.equal(false);
    const read = mcpProtocol.readForm(nested);
    expect(!read.ok && read.error.issues.map((issue) => issue.path.join("."))).to.deep.equal([
      "requestedSchema.properties.o.type",
    ]);
  });

  it(
    "what the SDK reads past, formgate reads too, with a warning naming each keyword (docs/mcp.md, decision " + "10)",
    () => {
      // Keywords the SDK's zod schema strips and the C# SDK ignores: annotations and keywords JSON Schema lacks.
      const extra = fc.dictionary(
        fc.constantFrom("examples", "$comment", "deprecated", "readOnly", "x-ui-order", "unknownObject", "widget"),
        fc.jsonValue(),
        { minKeys: 1, maxKeys: 3 },
      );
      fc.assert(
        fc.property(mcpRequest, extra, fc.boolean(), (params, keywords, closed) => {
          const schema = params.requestedSchema as { properties: Record<string, Record<string, unknown>> };
          const [first] = Object.keys(schema.properties) as [string];
          const sent = structuredClone(params) as typeof params & { requestedSchema: Record<string, unknown> };
          Object.assign((sent.requestedSchema.properties as Record<string, object>)[first] as object, keywords);
          if (closed) sent.requestedSchema.additionalProperties = false;
          expect(ElicitRequestFormParamsSchema.safeParse(sent).success, "the SDK accepts it").to.equal(true);
          const plain = mcpProtocol.readForm(params);
          const read = mcpProtocol.readForm(sent);
          if (!plain.ok) return void expect(read.ok).to.equal(false);
          if (!read.ok) return void expect.fail(JSON.stringify(read.error.issues));
          expect(read.value, "the same form as without them").to.deep.equal(plain.value);
          const named = read.warnings
            .filter((issue) => issue.code === "ignored_key" || issue.code === "unknown_key")
            .map((issue) => issue.path.join("."));
          expect(named).to.deep.equal([
            ...(closed ? ["requestedSchema.additionalProperties"] : []),
            ...Object.keys(keywords).map((key) => `requestedSchema.properties.${first}.${key}`),
          ]);
        }),
        { numRuns: 100 },
      );
    },
  );

  it("a result the SDK accepts with an undeclared key or a repeated selection is read, with a warning each", () => {
    const form = mcpProtocol.readForm({
      message: "m",
      requestedSchema: {
        type: "object",
        properties: { tags: { type: "array", items: { type: "string", enum: ["a", "b"] } } },
      },
    });
    if (!form.ok) return expect.fail(form.error.message);
    const result = { action: "accept", content: { tags: ["a", "b", "a"], note: "kept by the SDK" } };
    expect(ElicitResultSchema.safeParse(result).success).to.equal(true);
    const read = mcpProtocol.readAnswers(result, form.value);
    if (!read.ok) return expect.fail(JSON.stringify(read.error.issues));
    expect(read.value).to.deep.equal({ action: "accept", answers: { tags: ["a", "b"] } });
    expect(read.warnings.map((issue) => [issue.code, issue.path])).to.deep.equal([
      ["duplicate_answer", ["content", "tags", 2]],
      ["unknown_field", ["content", "note"]],
    ]);
  });
});
