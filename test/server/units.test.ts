import { readFileSync } from "node:fs";
import { expect } from "chai";
import fc from "fast-check";
import { supportsNativeForms, supportsStandardForms } from "../../src/server/client-capability.js";
import { argumentsDigest } from "../../src/server/request-state.js";
import { DEFAULT_TIMEOUT_MS, defaultServerConfig, parseStateKey, readServerConfig } from "../../src/server/config.js";
import { FORM_TOOL_NAME, formToolDescriptor } from "../../src/server/tool.js";
import { toCallToolResult } from "../../src/server/tool-result.js";

describe("server config: DATA_FORMS_TIMEOUT_MS", () => {
  it("defaults to 15 minutes when unset or empty", () => {
    expect(readServerConfig({})).to.deep.equal({ ok: true, value: defaultServerConfig(), warnings: [] });
    expect(defaultServerConfig().timeoutMs).to.equal(900_000);
    expect(readServerConfig({ DATA_FORMS_TIMEOUT_MS: "  " })).to.deep.include({
      ok: true,
      value: defaultServerConfig(),
    });
    expect(DEFAULT_TIMEOUT_MS).to.equal(900_000);
  });

  it("accepts every integer from 1 to 1,500,000", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_500_000 }), (ms) => {
        const config = readServerConfig({ DATA_FORMS_TIMEOUT_MS: String(ms) });
        return config.ok && config.value.timeoutMs === ms;
      }),
    );
  });

  it("rejects integers out of range with a message naming the variable and the range", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 1_500_001 })),
        (ms) => !readServerConfig({ DATA_FORMS_TIMEOUT_MS: String(ms) }).ok,
      ),
    );
    const config = readServerConfig({ DATA_FORMS_TIMEOUT_MS: "1500001" });
    expect(config).to.deep.equal({
      ok: false,
      error: {
        code: "invalid_config",
        message:
          "DATA_FORMS_TIMEOUT_MS: must be a whole number of milliseconds from 1 to 1,500,000 (15 minutes when " +
          'unset), got "1500001"',
        issues: [
          {
            code: "invalid_timeout",
            path: ["DATA_FORMS_TIMEOUT_MS"],
            message:
              'must be a whole number of milliseconds from 1 to 1,500,000 (15 minutes when unset), got "1500001"',
            severity: "error",
          },
        ],
      },
    });
  });

  for (const raw of ["15m", "1e3", "1.5", "-5", "0x10", "1_000", "abc", "0"]) {
    it(`rejects ${JSON.stringify(raw)}`, () => {
      const config = readServerConfig({ DATA_FORMS_TIMEOUT_MS: raw });
      expect(config.ok).to.equal(false);
    });
  }
});

describe("server capability check", () => {
  const form = { "openai/elicitation": { form: {} } };
  it("accepts capabilities.extensions[openai/elicitation].form", () => {
    expect(supportsNativeForms({ extensions: form })).to.equal(true);
  });
  it("accepts the legacy capabilities.experimental location", () => {
    expect(supportsNativeForms({ experimental: form })).to.equal(true);
  });
  const refused: [string, unknown][] = [
    ["no capabilities", undefined],
    ["standard elicitation only", { elicitation: { form: {} } }],
    ["the extension without form", { extensions: { "openai/elicitation": {} } }],
    ["form: true", { extensions: { "openai/elicitation": { form: true } } }],
    ["form: null", { extensions: { "openai/elicitation": { form: null } } }],
    ["form as an array", { extensions: { "openai/elicitation": { form: [] } } }],
    ["another vendor's extension", { extensions: { "acme/elicitation": { form: {} } } }],
    ["form inherited from the prototype", { extensions: { "openai/elicitation": Object.create({ form: {} }) } }],
  ];
  for (const [what, capabilities] of refused) {
    it(`refuses ${what}`, () => {
      expect(supportsNativeForms(capabilities as Parameters<typeof supportsNativeForms>[0])).to.equal(false);
    });
  }
});

describe("server tool descriptor", () => {
  it("advertises the canonical input schema unchanged", () => {
    const schema: unknown = JSON.parse(
      readFileSync(new URL("../../schemas/data-tool-input.schema.json", import.meta.url), "utf8"),
    );
    expect(formToolDescriptor.inputSchema).to.deep.equal(schema);
  });

  it("has the name, annotations and no output schema", () => {
    expect(formToolDescriptor.name).to.equal("form_elicitation_v2_request");
    expect(FORM_TOOL_NAME).to.equal(formToolDescriptor.name);
    expect(formToolDescriptor.annotations).to.deep.equal({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: false,
    });
    expect(formToolDescriptor).to.not.have.property("outputSchema");
  });

  it("organizes its description into the four sections, in order", () => {
    const headings = [...(formToolDescriptor.description ?? "").matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    expect(headings).to.deep.equal(["When to call", "Question types", "Build the form", "Results and boundaries"]);
  });

  it("names every question type and every error code in its description", () => {
    const description = formToolDescriptor.description ?? "";
    for (const word of ["text", "single_select", "multi_select", "resource", "resources", "files"])
      expect(description).to.include(`\`${word}\``);
    for (const code of [
      "invalid_arguments",
      "unsupported_client",
      "invalid_response",
      "request_cancelled",
      "timeout",
      "transport_error",
    ]) {
      expect(description).to.include(`\`${code}\``);
    }
  });
});

describe("server tool results", () => {
  it("puts the same object in structuredContent and content[0].text", () => {
    const result = { action: "accept" as const, content: { a: "x", b: ["y"] } };
    expect(toCallToolResult(result)).to.deep.equal({
      content: [{ type: "text", text: JSON.stringify(result) }],
      structuredContent: result,
    });
  });

  it("marks error results with isError", () => {
    const result = { error: { code: "timeout" as const, message: "late" } };
    expect(toCallToolResult(result)).to.deep.equal({
      content: [{ type: "text", text: JSON.stringify(result) }],
      structuredContent: result,
      isError: true,
    });
  });
});

describe("server config: the other variables", () => {
  const hexKey = "ab".repeat(32);
  it("reads a state key in hex or base64 (standard or URL-safe), and previous keys as a list", () => {
    const bytes = Buffer.from(hexKey, "hex");
    for (const written of [hexKey, bytes.toString("base64"), bytes.toString("base64url")]) {
      expect(parseStateKey(written), written).to.deep.equal(new Uint8Array(bytes));
    }
    const config = readServerConfig({
      FORMGATE_STATE_KEY: hexKey,
      FORMGATE_STATE_KEY_PREVIOUS: ` ${"cd".repeat(32)}, ${"ef".repeat(40)} ,`,
    });
    expect(config.ok && config.value.stateKeys?.previous.length).to.equal(2);
  });

  it(
    "refuses a key shorter than 32 bytes or in neither encoding, and previous keys without a current one, naming " +
      "the variable",
    () => {
      const cases: [Record<string, string>, string][] = [
        [{ FORMGATE_STATE_KEY: "ab".repeat(31) }, "FORMGATE_STATE_KEY"],
        [{ FORMGATE_STATE_KEY: "not a key!" }, "FORMGATE_STATE_KEY"],
        [{ FORMGATE_STATE_KEY: hexKey, FORMGATE_STATE_KEY_PREVIOUS: "short" }, "FORMGATE_STATE_KEY_PREVIOUS"],
        [{ FORMGATE_STATE_KEY_PREVIOUS: hexKey }, "FORMGATE_STATE_KEY"],
      ];
      for (const [env, variable] of cases) {
        const config = readServerConfig(env);
        expect(config.ok, JSON.stringify(env)).to.equal(false);
        if (!config.ok) expect(config.error.issues.map((issue) => issue.path)).to.deep.equal([[variable]]);
      }
    },
  );

  it("reads the switches, the keep-alive, the session settings and the allowed hosts", () => {
    const config = readServerConfig({
      FORMGATE_NO_FALLBACK: "true",
      FORMGATE_KEEPALIVE_MS: "0",
      FORMGATE_MAX_SESSIONS: "7",
      FORMGATE_SESSION_IDLE_MS: "1000",
      FORMGATE_ALLOWED_HOSTS: "mcp.example.com:443, localhost:7801",
    });
    expect(config.ok && config.value).to.deep.include({
      standardFallback: false,
      keepAliveMs: 0,
      maxSessions: 7,
      sessionIdleMs: 1000,
      allowedHosts: ["mcp.example.com:443", "localhost:7801"],
    });
    expect(readServerConfig({ FORMGATE_NO_FALLBACK: "0" })).to.deep.include({ ok: true });
  });

  it("reports every bad variable at once", () => {
    const config = readServerConfig({
      FORMGATE_NO_FALLBACK: "yes",
      FORMGATE_MAX_SESSIONS: "0",
      FORMGATE_SESSION_IDLE_MS: "1e3",
      FORMGATE_KEEPALIVE_MS: "-1",
    });
    expect(config.ok).to.equal(false);
    if (!config.ok)
      expect(config.error.issues.map((issue) => issue.path[0]).sort()).to.deep.equal([
        "FORMGATE_KEEPALIVE_MS",
        "FORMGATE_MAX_SESSIONS",
        "FORMGATE_NO_FALLBACK",
        "FORMGATE_SESSION_IDLE_MS",
      ]);
  });
});

describe("server: standard-forms capability", () => {
  it("accepts elicitation.form and the empty elicitation object (form mode before modes existed)", () => {
    expect(supportsStandardForms({ elicitation: { form: {} } })).to.equal(true);
    expect(supportsStandardForms({ elicitation: {} })).to.equal(true);
    expect(supportsStandardForms({ elicitation: { form: {}, url: {} } })).to.equal(true);
  });
  it("refuses URL mode only, form: true, no elicitation, and the native extension alone", () => {
    expect(supportsStandardForms({ elicitation: { url: {} } })).to.equal(false);
    expect(supportsStandardForms({ elicitation: { form: true } } as never)).to.equal(false);
    expect(supportsStandardForms({})).to.equal(false);
    expect(supportsStandardForms({ extensions: { "openai/elicitation": { form: {} } } } as never)).to.equal(false);
  });
});

describe("server: the arguments digest that binds a 2026-07-28 state", () => {
  it("is the same for the same arguments with keys in any order, and differs when any value differs", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.string(), (object, key) => {
        const reversed = Object.fromEntries(Object.entries(object).reverse());
        const changed = { ...object, [key]: object[key] === "x" ? "y" : "x" };
        return (
          argumentsDigest(object) === argumentsDigest(reversed) && argumentsDigest(object) !== argumentsDigest(changed)
        );
      }),
    );
  });

  it("keeps a __proto__ key (from JSON) as a key", () => {
    const withProto = JSON.parse('{"b": 1, "__proto__": {"x": 1}}') as unknown;
    expect(argumentsDigest(withProto)).to.not.equal(argumentsDigest({ b: 1 }));
  });
});
