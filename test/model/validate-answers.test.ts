import { expect } from "chai";
import type { Field, FormModel } from "../../src/model/index.js";
import { validateAnswers } from "../../src/model/index.js";

/**
 * The protocol-neutral answer check, rule by rule (docs/model.md, "Answer rules"): each row
 * answers a one-field form and lists exactly the problems expected, as `code path`.
 */
type Row = [what: string, field: Field, answer: unknown, expected: string[]];

const text = (extra: Partial<Extract<Field, { kind: "text" }>> = {}): Field => ({
  kind: "text",
  id: "q",
  required: false,
  ...extra,
});
const number = (extra: Partial<Extract<Field, { kind: "number" }>> = {}): Field => ({
  kind: "number",
  id: "q",
  required: false,
  integer: false,
  ...extra,
});
const options = [{ value: "a", label: "A" }, { value: "b" }, { value: "c" }];
const choice = (extra: Partial<Extract<Field, { kind: "choice" }>> = {}): Field => ({
  kind: "choice",
  id: "q",
  required: false,
  multiple: false,
  options,
  ...extra,
});
const resources = [
  { uri: "https://example.com/r/1", name: "one" },
  { uri: "https://example.com/r/2", name: "two" },
];
const resource = (extra: Partial<Extract<Field, { kind: "resource" }>> = {}): Field => ({
  kind: "resource",
  id: "q",
  required: false,
  multiple: false,
  options: resources,
  ...extra,
});
const file = (extra: Partial<Extract<Field, { kind: "file" }>> = {}): Field => ({
  kind: "file",
  id: "q",
  required: false,
  multiple: false,
  options: resources,
  pick: { kind: "file" },
  ...extra,
});

/** Rows for a text format: each good value accepted, each bad one `invalid_format`. */
function formatRows(
  format: NonNullable<Extract<Field, { kind: "text" }>["format"]>,
  good: string[],
  bad: string[],
): Row[] {
  return [
    ...good.map((value): Row => [`${format} ${JSON.stringify(value)}`, text({ format }), value, []]),
    ...bad.map((value): Row => [`${format} ${JSON.stringify(value)}`, text({ format }), value, ["invalid_format q"]]),
  ];
}

const ROWS: Row[] = [
  // Types, without coercion
  ["a string for text", text(), "hi", []],
  ["a number for text", text(), 5, ["invalid_type q"]],
  ["null for text", text(), null, ["invalid_type q"]],
  ["an array for text", text(), ["hi"], ["invalid_type q"]],
  ["a number written as text for a number", number(), "5", ["invalid_type q"]],
  ["NaN for a number", number(), Number.NaN, ["invalid_type q"]],
  ["Infinity for a number", number(), Number.POSITIVE_INFINITY, ["invalid_type q"]],
  ["true for a boolean", { kind: "boolean", id: "q", required: true }, true, []],
  ['"true" for a boolean', { kind: "boolean", id: "q", required: true }, "true", ["invalid_type q"]],
  ["1 for a boolean", { kind: "boolean", id: "q", required: false }, 1, ["invalid_type q"]],
  ["an array for a single choice", choice(), ["a"], ["invalid_type q"]],
  ["a string for a multiple choice", choice({ multiple: true }), "a", ["invalid_type q"]],
  ["a number inside a list answer", choice({ multiple: true }), ["a", 2], ["invalid_type q.1"]],
  // Required
  ["blank text for a required field", text({ required: true, minLength: 3 }), " \t ", ["blank_answer q"]],
  ["empty text for an optional field", text({ minLength: 3 }), "", ["too_short q"]],
  ["empty text for an optional email", text({ format: "email" }), "", []],
  ["an empty list for a required multiple choice", choice({ multiple: true, required: true }), [], ["too_few q"]],
  ["an empty list for an optional multiple choice", choice({ multiple: true }), [], []],
  // Lengths, in code points
  ["3 characters, minLength 3", text({ minLength: 3 }), "abc", []],
  ["2 characters, minLength 3", text({ minLength: 3 }), "ab", ["too_short q"]],
  ["2 emoji (4 UTF-16 units), minLength 3", text({ minLength: 3 }), "😀😀", ["too_short q"]],
  ["3 emoji (6 UTF-16 units), maxLength 3", text({ maxLength: 3 }), "😀😀😀", []],
  ["4 characters, maxLength 3", text({ maxLength: 3 }), "abcd", ["too_long q"]],
  // Patterns
  ["a match of the pattern", text({ pattern: "^[a-z]+$" }), "abc", []],
  ["no match of the pattern", text({ pattern: "^[a-z]+$" }), "ab1", ["pattern_mismatch q"]],
  ["a pattern that does not compile", text({ pattern: "([" }), "anything", ["pattern_mismatch q"]],
  [
    "several broken rules at once",
    text({ maxLength: 2, pattern: "^[0-9]+$", format: "email" }),
    "abc",
    ["too_long q", "pattern_mismatch q", "invalid_format q"],
  ],
  // Formats (lenient where HTML inputs are: a date-time may omit seconds and zone)
  ...formatRows(
    "email",
    ["ada@example.com", "a.b+c@mail.example.org"],
    ["ada@example", "ada example.com", "@example.com"],
  ),
  ...formatRows(
    "uri",
    ["https://example.com/a?b=c", "mailto:ada@example.com", "urn:isbn:0451450523"],
    ["example.com", "/relative/path", "https://exa mple.com"],
  ),
  ...formatRows("date", ["2024-02-29", "1999-12-31"], ["2023-02-29", "2024-13-01", "2024-1-1", "31.12.1999"]),
  ...formatRows("time", ["23:59", "12:30:15.5Z", "08:00:00+05:30"], ["24:00", "12:60", "8:00"]),
  ...formatRows(
    "date-time",
    ["2024-01-02T03:04", "2024-01-02 03:04:05+01:00", "2024-01-02t03:04:05.123z"],
    ["2024-02-30T00:00", "2024-01-02", "2024-01-02T25:00"],
  ),
  ...formatRows("color", ["#abc", "#abcd", "#A0B1C2", "#a0b1c2ff"], ["red", "#abcde", "abc"]),
  ...formatRows("tel", ["+1 (555) 123-4567", "030 1234567"], ["---", "phone", "12"]),
  // Ranges
  ["the minimum", number({ minimum: 1, maximum: 10 }), 1, []],
  ["below the minimum", number({ minimum: 1, maximum: 10 }), 0.5, ["too_small q"]],
  ["the maximum", number({ minimum: 1, maximum: 10 }), 10, []],
  ["above the maximum", number({ minimum: 1, maximum: 10 }), 11, ["too_big q"]],
  ["a fraction for an integer", number({ integer: true }), 2.5, ["not_integer q"]],
  [
    "a fraction below the minimum of an integer",
    number({ integer: true, minimum: 3 }),
    2.5,
    ["not_integer q", "too_small q"],
  ],
  ["a whole number for an integer", number({ integer: true }), -7, []],
  // Closed sets
  ["an offered option", choice(), "b", []],
  ["an option label instead of its value", choice(), "A", ["not_an_option q"]],
  ["an option of another case", choice(), "B", ["not_an_option q"]],
  ["a value outside the options of a list", choice({ multiple: true }), ["a", "z"], ["not_an_option q.1"]],
  ["typed text where a custom answer is allowed", choice({ custom: { maxLength: 5 } }), "mine", []],
  ["typed text over the custom answer's maxLength", choice({ custom: { maxLength: 5 } }), "too long", ["too_long q"]],
  ["blank typed text for a required custom choice", choice({ required: true, custom: {} }), "  ", ["blank_answer q"]],
  ["an offered resource", resource(), "https://example.com/r/2", []],
  ["a resource that is not offered", resource(), "https://example.com/r/3", ["not_an_option q"]],
  [
    "a resource in a list, one not offered",
    resource({ multiple: true }),
    ["https://example.com/r/1", "https://evil.example/"],
    ["not_an_option q.1"],
  ],
  ["an offered resource for a file field", file(), "https://example.com/r/1", []],
  ["a local file", file(), "file:///Users/ada/report.csv", []],
  ["a local file on localhost", file(), "file://localhost/tmp/a.csv", []],
  ["a file on another host", file(), "file://evil.example/etc/passwd", ["invalid_file_uri q"]],
  ["a file path with ..", file(), "file:///Users/ada/../../etc/passwd", ["invalid_file_uri q"]],
  ["a relative file name", file(), "report.csv", ["invalid_file_uri q"]],
  ["an https URL that is not offered, for a file field", file(), "https://example.com/r/9", ["invalid_file_uri q"]],
  // Item counts and repeats
  ["two picks, minItems 2", choice({ multiple: true, minItems: 2 }), ["a", "b"], []],
  ["one pick, minItems 2", choice({ multiple: true, minItems: 2 }), ["a"], ["too_few q"]],
  ["two picks, maxItems 1", choice({ multiple: true, maxItems: 1 }), ["a", "b"], ["too_many q"]],
  ["a repeated pick", choice({ multiple: true }), ["a", "a"], ["duplicate_answer q.1"]],
  [
    "a repeated pick over maxItems",
    choice({ multiple: true, maxItems: 2 }),
    ["c", "a", "c"],
    ["too_many q", "duplicate_answer q.2"],
  ],
  // Past 16 items repeats are found with an index rather than a search: the same answers.
  [
    "a repeat in a list of 18",
    choice({ multiple: true }),
    ["a", ...Array<string>(16).fill("b"), "a"],
    [...Array.from({ length: 15 }, (_, i) => `duplicate_answer q.${i + 2}`), "duplicate_answer q.17"],
  ],
  ["a repeat in a list of 3", choice({ multiple: true }), ["a", "b", "a"], ["duplicate_answer q.2"]],
];

const summary = (issues: { code: string; path: (string | number)[] }[]) =>
  issues.map((issue) => `${issue.code} ${issue.path.join(".")}`);

describe("validateAnswers: every rule, one field at a time", () => {
  for (const [what, field, answer, expected] of ROWS) {
    it(`${what}: ${expected.length === 0 ? "accepted" : expected.join(", ")}`, () => {
      const form: FormModel = { fields: [field] };
      expect(summary(validateAnswers(form, { q: answer }))).to.deep.equal(expected);
    });
  }
});

describe("validateAnswers: the answers as a whole", () => {
  const form: FormModel = {
    fields: [
      { kind: "text", id: "name", required: true },
      { kind: "number", id: "age", required: false, integer: true },
      { kind: "boolean", id: "__proto__", required: false },
    ],
  };

  const cases: [string, Record<string, unknown>, string[]][] = [
    ["every answer good", { name: "Ada", age: 36 }, []],
    ["a required answer missing, an optional one too", {}, ["missing_answer name"]],
    ["an answer to a question the form lacks", { name: "Ada", extra: 1 }, ["unknown_field extra"]],
    [
      "every problem reported, unknown keys first",
      { extra: 1, age: "36" },
      ["unknown_field extra", "missing_answer name", "invalid_type age"],
    ],
    ["constructor is a key like any other", { name: "Ada", constructor: "x" }, ["unknown_field constructor"]],
  ];
  for (const [what, answers, expected] of cases) {
    it(`${what}: ${expected.length === 0 ? "accepted" : expected.join(", ")}`, () => {
      expect(summary(validateAnswers(form, answers))).to.deep.equal(expected);
    });
  }

  it("reads __proto__ as a field id, as an own key of the answers", () => {
    expect(summary(validateAnswers(form, JSON.parse('{"name": "Ada", "__proto__": true}')))).to.deep.equal([]);
    expect(summary(validateAnswers(form, JSON.parse('{"name": "Ada", "__proto__": "yes"}')))).to.deep.equal([
      "invalid_type __proto__",
    ]);
  });

  it("puts `at` in front of every path", () => {
    expect(summary(validateAnswers(form, { extra: 1, age: 1.5 }, ["content"]))).to.deep.equal([
      "unknown_field content.extra",
      "missing_answer content.name",
      "not_integer content.age",
    ]);
  });

  it("says in each message what was expected and what came", () => {
    const [issue] = validateAnswers({ fields: [number()] }, { q: "5" });
    expect(issue?.message).to.equal("The answer must be a finite number, not a string.");
    const [pick] = validateAnswers({ fields: [choice()] }, { q: "z" });
    expect(pick?.message).to.equal('The answer "z" is not one of the offered options ("a", "b", "c").');
  });
});
