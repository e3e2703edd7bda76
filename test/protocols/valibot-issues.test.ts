import { expect } from "chai";
import * as v from "valibot";
import { fromValibot } from "../../src/protocols/valibot-issues.js";

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
    [["unknown_key", ["extra"], "is not a key the protocol allows here"]],
  ],
  [
    "an unknown key in a nested object",
    { ...good, nested: { flag: true, more: 1 } },
    [["unknown_key", ["nested", "more"], "is not a key the protocol allows here"]],
  ],
  ["a missing key", (({ count, ...rest }) => rest)(good), [["missing_property", ["count"], "is required"]]],
  ["a wrong type", { ...good, count: "3" }, [["invalid_type", ["count"], 'must be number, got "3"']]],
  [
    "an object where an array belongs",
    { ...good, items: {} },
    [["invalid_type", ["items"], "must be an array, got an object"]],
  ],
  ["a wrong item type", { ...good, items: ["a", 2] }, [["invalid_type", ["items", 1], "must be string, got 2"]]],
  ["a list too long", { ...good, items: ["a", "b", "c"] }, [["too_long", ["items"], "must have at most 2 items"]]],
  ["too short", { ...good, name: "a" }, [["too_short", ["name"], "must have at least 2 characters"]]],
  [
    "too long and off the pattern",
    { ...good, name: "abcD1" },
    [
      ["too_long", ["name"], "must have at most 4 characters"],
      ["pattern_mismatch", ["name"], "must match the pattern /^[a-z]+$/"],
    ],
  ],
  [
    "a fraction below the minimum",
    { ...good, count: 0.5 },
    [
      ["not_integer", ["count"], "must be a whole number, got 0.5"],
      ["too_small", ["count"], "must be at least 1, got 0.5"],
    ],
  ],
  ["above the maximum", { ...good, count: 10 }, [["too_big", ["count"], "must be at most 9, got 10"]]],
  [
    "not one of the listed values",
    { ...good, kind: "c" },
    [["invalid_value", ["kind"], 'must be ("a" | "b"), got "c"']],
  ],
  ["not the literal", { ...good, tag: "y" }, [["invalid_value", ["tag"], 'must be "x", got "y"']]],
  [
    "a failed check, its own message kept",
    { ...good, custom: "no" },
    [["invalid_value", ["custom"], "must not be no"]],
  ],
];

describe("fromValibot: valibot's issues as formgate issues", () => {
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
        message: "is not a key the protocol allows here",
        severity: "error",
      },
    ]);
  });
});
