import { readFileSync } from "node:fs";
import { expect } from "chai";
import { DATA_TOOL_ERROR_CODES } from "../../src/protocols/data/answers.js";
import * as limits from "../../src/protocols/data/limits.js";

const schemaOf = (file: string) => JSON.parse(readFileSync(new URL(`../../schemas/${file}`, import.meta.url), "utf8"));
const inputSchema = schemaOf("data-tool-input.schema.json");

/** Every upper bound and pattern keyword of a schema, keyed by its path (`$defs/…/maxLength`). */
function boundKeywords(node: unknown, path: string[] = [], found = new Map<string, unknown>()): Map<string, unknown> {
  if (node === null || typeof node !== "object") return found;
  for (const [key, value] of Object.entries(node)) {
    if (["maxLength", "maxItems", "maximum", "pattern"].includes(key) && typeof value !== "object")
      found.set([...path, key].join("/"), value);
    else boundKeywords(value, [...path, key], found);
  }
  return found;
}

/** Which constant of limits.ts each keyword is, by where it stands (first match wins). */
const RULES: [RegExp, string | number][] = [
  [/^properties\/message\/maxLength$/, limits.MAX_MESSAGE_LENGTH],
  [/^properties\/questions\/maxItems$/, limits.MAX_QUESTIONS],
  [/\/id\/pattern$/, limits.ID_PATTERN.source],
  [/\/(title|name)\/pattern$/, limits.TRIMMED_PATTERN.source],
  [/Question\/properties\/title\/maxLength$/, limits.MAX_TITLE_LENGTH],
  [/Question\/properties\/description\/maxLength$/, limits.MAX_DESCRIPTION_LENGTH],
  [/Question\/properties\/options\/maxItems$/, limits.MAX_OPTIONS],
  [/Question\/properties\/(minItems|maxItems)\/maximum$/, limits.MAX_OPTIONS],
  [/TextQuestion\/properties\/maxLength\/maximum$/, limits.MAX_TEXT_MAX_LENGTH],
  [/accept\/maxItems$/, limits.MAX_ACCEPT_ENTRIES],
  [/accept\/items\/maxLength$/, limits.MAX_MIME_TYPE_LENGTH],
  [/accept\/items\/pattern$/, limits.ACCEPT_PATTERN.source],
  [/Option\/properties\/(title|name)\/maxLength$/, limits.MAX_OPTION_TITLE_LENGTH],
  [/Option\/properties\/description\/maxLength$/, limits.MAX_OPTION_DESCRIPTION_LENGTH],
  [/\/uri\/maxLength$/, limits.MAX_URI_LENGTH],
  [/\/mimeType\/maxLength$/, limits.MAX_MIME_TYPE_LENGTH],
  [/\/icons\/maxItems$/, limits.MAX_ICONS],
  [/Image\/properties\/src\/maxLength$/, limits.MAX_IMAGE_SRC_LENGTH],
];

/** Schema keywords applied elsewhere than limits.ts, and where. */
const APPLIED_ELSEWHERE: Record<string, string> = {
  // The prefix rule is part of imageSourceProblem's stricter one (test/data/image-url.test.ts).
  "$defs/Image/properties/src/pattern": "src/protocols/data/image-url.ts",
};

describe("Data limits: limits.ts agrees with schemas/data-tool-input.schema.json", () => {
  const keywords = boundKeywords(inputSchema);

  for (const [path, value] of keywords) {
    it(`${path} is ${JSON.stringify(value)}, as limits.ts says`, () => {
      if (Object.hasOwn(APPLIED_ELSEWHERE, path)) return;
      const rule = RULES.find(([where]) => where.test(path));
      if (rule === undefined) return expect.fail(`${path} has no constant in limits.ts: add one, and a rule here`);
      // A pattern is compared as a RegExp reads it (`source` writes `/` as `\/`).
      expect(rule[1]).to.equal(typeof value === "string" ? new RegExp(value).source : value);
    });
  }

  it("every rule names a keyword of the schema (no constant outlives the schema's rule)", () => {
    for (const [where] of RULES)
      expect(
        [...keywords.keys()].some((path) => where.test(path)),
        String(where),
      ).to.equal(true);
  });

  it("the id pattern allows at most MAX_ID_LENGTH characters", () => {
    expect(limits.ID_PATTERN.test("a".repeat(limits.MAX_ID_LENGTH))).to.equal(true);
    expect(limits.ID_PATTERN.test("a".repeat(limits.MAX_ID_LENGTH + 1))).to.equal(false);
  });

  it("the defaults and the 1 MiB limit are the ones the schema's descriptions state", () => {
    const en = (n: number) => n.toLocaleString("en");
    expect(inputSchema.description).to.include(`${en(limits.MAX_ARGUMENTS_LENGTH)} characters of JSON`);
    expect(inputSchema.$defs.TextQuestion.properties.maxLength.description).to.include(
      `Default ${en(limits.DEFAULT_TEXT_MAX_LENGTH)}.`,
    );
    expect(inputSchema.$defs.FilesQuestion.properties.maxItems.description).to.include(
      `Defaults to ${limits.DEFAULT_FILES_MAX_ITEMS}.`,
    );
  });

  it("a Data tool result's error codes are the ones schemas/data-tool-result.schema.json lists", () => {
    const result = schemaOf("data-tool-result.schema.json");
    const errorResult = result.oneOf.find((shape: { title: string }) => shape.title === "DataToolError");
    expect([...DATA_TOOL_ERROR_CODES]).to.deep.equal(errorResult.properties.error.properties.code.enum);
  });
});
