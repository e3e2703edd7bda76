import { expect } from "chai";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { detectProtocol } from "../../src/gateway/translate.js";
import { NONE } from "../../src/protocols/protocol.js";
import { detectAskUserQuestion } from "../../src/protocols/ask-user-question/index.js";
import { protocolNames, protocols } from "../../src/protocols/index.js";

/**
 * Detection by specificity against every other protocol's fixtures: AskUserQuestion claims none
 * of theirs, and none of them claims an AskUserQuestion form.
 */

const FIXTURES = "test/fixtures";

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/**
 * Every value a fixture file holds that could be a form: the file itself, and its `request`, `input`, `form` or
 * `params`.
 */
function candidates(file: string): unknown[] {
  const text = readFileSync(file, "utf8");
  if (!file.endsWith(".json")) return [text];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [text];
  }
  if (typeof value !== "object" || value === null) return [value];
  const record = value as Record<string, unknown>;
  return [value, ...["request", "input", "form", "params"].filter((key) => key in record).map((key) => record[key])];
}

const theirs = [
  ...[
    "data",
    "native",
    "mcp",
    "question-form",
    "gateway/forms",
    "hostile/data",
    "hostile/native",
    "hostile/mcp",
    "hostile/question-form",
  ]
    .flatMap((dir) => files(join(FIXTURES, dir)))
    .filter((file) => !file.includes("ask-user-question")),
  ...files("examples").filter((file) => /\.(json|md)$/.test(file) && !file.includes("ask-user-question")),
];
const ours = [
  ...files(join(FIXTURES, "ask-user-question/read")).map(
    (file) => (JSON.parse(readFileSync(file, "utf8")) as { input: unknown }).input,
  ),
  JSON.parse(readFileSync(join(FIXTURES, "gateway/forms/setup.ask-user-question.json"), "utf8")),
  JSON.parse(readFileSync("examples/database.ask-user-question.json", "utf8")),
];

describe("ask-user-question: detection against every other protocol", () => {
  it(`claims none of the other protocols' ${theirs.length} fixture files and examples`, () => {
    expect(theirs.length).to.be.greaterThan(50);
    for (const file of theirs)
      for (const value of candidates(file)) expect(detectAskUserQuestion(value), file).to.equal(NONE);
  });

  it("no other protocol claims an AskUserQuestion form, which is detected as ask-user-question", () => {
    for (const input of ours) {
      for (const name of protocolNames.filter((p) => p !== "ask-user-question"))
        expect(protocols[name].detect(input), name).to.equal(NONE);
      expect(detectProtocol(input)).to.deep.equal({ ok: true, value: "ask-user-question", warnings: [] });
    }
  });
});
