import { expect } from "chai";
import * as v from "valibot";
import type { PathSegment } from "../../src/model/index.js";
import { Report } from "../../src/protocols/report/index.js";

/** valibot's issues through the one converter (`Report.valibot`), reported below `at`. */
function fromValibot(issues: readonly v.BaseIssue<unknown>[], at: PathSegment[] = []) {
  const report = Report.start(at);
  report.valibot(issues);
  return report.errors;
}

/** The one converter of valibot's issues: each kind of issue, its code, path and message. */
const SCHEMA = v.strictObject({
  name: v.pipe(v.string(), v.minLength(2), v.maxLength(4), v.regex(/^[a-z]+$/)),
  count: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(9)),
  kind: v.picklist(["a", "b"]),
  tag: v.literal("x"),
  items: v.pipe(v.array(v.string()), v.maxLength(2)),
  nested: v.strictObject({ flag: v.boolean() }),
  custom: v.pipe(
    v.string(),
    v.check((text) => text !== "no", "must not be no"),
  ),
});

const good = { name: "abc", count: 3, kind: "a", tag: "x", items: [], nested: { flag: true }, custom: "yes" };

const CASES: [string, Record<string, unknown>, [string, (string | number)[], string][]][] = [
  [
    "a key the schema does not list",
    { ...good, extra: 1 },
    [["unknown_key", ["extra"], "The key `extra` is not allowed here."]],
  ],
  [
    "an unknown key in a nested object",
    { ...good, nested: { flag: true, more: 1 } },
    [["unknown_key", ["nested", "more"], "The key `more` is not allowed here."]],
  ],
  [
    "a missing key",
    (({ count, ...rest }) => rest)(good),
    [["missing_property", ["count"], "The `count` is required but missing."]],
  ],
  ["a wrong type", { ...good, count: "3" }, [["invalid_type", ["count"], 'The `count` must be a number, not "3".']]],
  [
    "an object where an array belongs",
    { ...good, items: {} },
    [["invalid_type", ["items"], "The `items` must be an array, not an object."]],
  ],
  [
    "a wrong item type",
    { ...good, items: ["a", 2] },
    [["invalid_type", ["items", 1], "Item 2 of `items` must be a string, not 2."]],
  ],
  [
    "a list too long",
    { ...good, items: ["a", "b", "c"] },
    [["too_long", ["items"], "The `items` must have at most 2 items."]],
  ],
  ["too short", { ...good, name: "a" }, [["too_short", ["name"], "The `name` must have at least 2 characters."]]],
  [
    "too long and off the pattern",
    { ...good, name: "abcD1" },
    [
      ["too_long", ["name"], "The `name` must have at most 4 characters."],
      ["pattern_mismatch", ["name"], "The `name` must match the pattern /^[a-z]+$/."],
    ],
  ],
  [
    "a fraction below the minimum",
    { ...good, count: 0.5 },
    [
      ["not_integer", ["count"], "The `count` must be a whole number, not 0.5."],
      ["too_small", ["count"], "The `count` must be at least 1, not 0.5."],
    ],
  ],
  ["above the maximum", { ...good, count: 10 }, [["too_big", ["count"], "The `count` must be at most 9, not 10."]]],
  [
    "not one of the listed values",
    { ...good, kind: "c" },
    [["invalid_value", ["kind"], 'The `kind` must be "a" or "b", not "c".']],
  ],
  ["not the literal", { ...good, tag: "y" }, [["invalid_value", ["tag"], 'The `tag` must be "x", not "y".']]],
  [
    "a failed check, its own message said of its key",
    { ...good, custom: "no" },
    [["invalid_value", ["custom"], "The `custom` must not be no."]],
  ],
];

describe("Report.valibot: valibot's issues as formgate issues", () => {
  for (const [what, input, expected] of CASES) {
    it(`${what}: ${expected.map(([code]) => code).join(", ")}`, () => {
      const parsed = v.safeParse(SCHEMA, input, { abortEarly: false });
      if (parsed.success) return expect.fail("accepted");
      expect(fromValibot(parsed.issues).map((issue) => [issue.code, issue.path, issue.message])).to.deep.equal(
        expected,
      );
    });
  }

  it("puts `at` in front of every path, and every issue is an error", () => {
    const parsed = v.safeParse(SCHEMA, { ...good, extra: 1 });
    if (parsed.success) return expect.fail("accepted");
    expect(fromValibot(parsed.issues, ["params", 0])).to.deep.equal([
      {
        code: "unknown_key",
        path: ["params", 0, "extra"],
        message: "The key `extra` is not allowed here.",
        severity: "error",
      },
    ]);
  });
});
