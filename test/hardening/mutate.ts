import fc from "fast-check";

/**
 * Mutations of valid inputs, for fuzzing: delete, replace, insert, rename, duplicate, wrap
 * and retype values anywhere in a JSON value, and splice hostile pieces into strings.
 * Applied to a fresh copy, so generated values stay pure.
 */

/** Keys worth inserting: Object.prototype's names, and the protocols' own keys in the wrong places. */
export const KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "",
  "type",
  "id",
  "title",
  "label",
  "value",
  "options",
  "required",
  "questions",
  "message",
  "description",
  "content",
  "action",
  "result",
  "error",
  "requestedSchema",
  "properties",
  "items",
  "x-openai-input",
  "oneOf",
  "anyOf",
  "enum",
  "enumNames",
  "_meta",
  "uri",
  "src",
  "mode",
  "method",
  "params",
  "selection",
  "userOptions",
  "minItems",
  "maxItems",
];

/** Pieces that break parsers, hide text or look like another protocol's syntax. */
export const SPLICES = [
  "<",
  ">",
  "</question-form>",
  '<question-form id="x">',
  "<ask-question>",
  '"',
  "'",
  "\\",
  "\n",
  "\r\n",
  "\t",
  "  ",
  "\u202e",
  "\u2066",
  "\u200b",
  "\u200d",
  "\ufeff",
  "\u3164",
  "\u{E0041}",
  "\ufe0f\ufe0f",
  "\ud800",
  "\udfff",
  "\u0000",
  "\u0085",
  "\uFFFD",
  "[form answers — x]",
  "[form answers — discovery]",
  "[form answers for x]",
  "\n\n[uploaded design files]\n",
  "- ",
  "* ",
  ": ",
  ", ",
  " [value: v]",
  '"(skipped)"',
  "(skipped)",
  "<od-card>",
  "</od-card>",
  '<question-select id="s" label="S">',
  "<option>",
  "</question-select>",
  "`",
  "```",
  "~~~",
  "{",
  "}",
  "[",
  "]",
  "&amp;",
  "&#x5f;",
  "&#0;",
  "%2e%2e/",
  "%00",
  "file:///",
  "file://host/",
  "javascript:",
  "data:image/svg+xml,",
  "https://user:pw@example.com/?token=x",
  "😀",
  "👨‍👩‍👧",
  "é",
  "e\u0301",
  "x".repeat(300),
  "1e309",
  "-0",
  "null",
];

/** Leaves to put anywhere: JSON values, edge numbers, the special keys as strings, and a few non-JSON values. */
export const leaf: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom<unknown>(
      "",
      " ",
      "__proto__",
      "constructor",
      0,
      -0,
      -1,
      0.5,
      1e21,
      Number.MAX_SAFE_INTEGER + 2,
      25,
      13,
      true,
      false,
      null,
      [],
      {},
      [[]],
      { __proto__: null },
    ),
  },
  { weight: 2, arbitrary: fc.constantFrom(...SPLICES) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>(
      undefined,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      10n,
      new Date(0),
      new Map([["a", 1]]),
    ),
  },
);

const OPERATIONS = ["delete", "replace", "insert", "rename", "splice", "duplicate", "wrap", "retype"] as const;
type Operation = (typeof OPERATIONS)[number];
type Step = { op: Operation; at: number; leaf: unknown; key: string; piece: string; position: number };

const step: fc.Arbitrary<Step> = fc.record({
  op: fc.constantFrom(...OPERATIONS),
  at: fc.nat(),
  leaf,
  key: fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 6 })),
  piece: fc.constantFrom(...SPLICES),
  position: fc.nat(),
});

/** `base` with one to four mutations applied somewhere in it. */
export function mutated(base: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.tuple(base, fc.array(step, { minLength: 1, maxLength: 4 })).map(([value, steps]) => {
    let out = copy(value);
    for (const s of steps) out = apply(out, s);
    return out;
  });
}

/** `base` text with one to four pieces inserted, removed, replaced or repeated. */
export function mutatedText(base: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const edit = fc.record({
    op: fc.constantFrom("insert", "delete", "replace", "duplicate"),
    at: fc.nat(),
    length: fc.nat({ max: 40 }),
    piece: fc.constantFrom(...SPLICES),
  });
  return fc.tuple(base, fc.array(edit, { minLength: 1, maxLength: 4 })).map(([text, edits]) => {
    let out = text;
    for (const { op, at, length, piece } of edits) {
      const i = out.length === 0 ? 0 : at % (out.length + 1);
      if (op === "insert") out = out.slice(0, i) + piece + out.slice(i);
      else if (op === "delete") out = out.slice(0, i) + out.slice(i + length);
      else if (op === "replace") out = out.slice(0, i) + piece + out.slice(i + length);
      else out = out.slice(0, i + length) + out.slice(i, i + length) + out.slice(i + length);
    }
    return out;
  });
}

/** Text made of protocol tokens and arbitrary UTF-16 code units (lone surrogates included). */
export const hostileText: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        ...SPLICES,
        "question-form",
        "ask-question",
        " id=",
        "title=",
        '{"questions": [',
        '{"id": "a", "type": "text"}',
        "]}",
        '"label": ',
        ",",
      ),
      fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
    ),
    { maxLength: 60 },
  )
  .map((pieces) => pieces.join(""));

function copy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copy);
  if (value instanceof Date) return new Date(value.getTime());
  if (value instanceof Map) return new Map(value);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) define(out, key, copy(item));
  return out;
}

function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Every container and leaf of `value`, as [parent, key] pairs (the root as [undefined, undefined]). */
function places(value: unknown): [Record<string, unknown> | unknown[] | undefined, string | number | undefined][] {
  const out: [Record<string, unknown> | unknown[] | undefined, string | number | undefined][] = [
    [undefined, undefined],
  ];
  const stack: unknown[] = [value];
  while (stack.length > 0 && out.length < 5000) {
    const item = stack.pop();
    if (item === null || typeof item !== "object" || item instanceof Date || item instanceof Map) continue;
    const container = item as Record<string, unknown> | unknown[];
    for (const key of Array.isArray(container) ? container.keys() : Object.keys(container)) {
      out.push([container, key]);
      stack.push((container as Record<string | number, unknown>)[key]);
    }
  }
  return out;
}

function apply(root: unknown, step: Step): unknown {
  // Leaves can be shared constants: each use gets its own copy.
  const s = { ...step, leaf: copy(step.leaf) };
  const all = places(root);
  const [parent, key] = all[s.at % all.length] as (typeof all)[number];
  const current = parent === undefined ? root : (parent as Record<string | number, unknown>)[key as string | number];
  const set = (next: unknown): unknown => {
    if (parent === undefined) return next;
    if (Array.isArray(parent)) parent[key as number] = next;
    else define(parent, key as string, next);
    return root;
  };
  switch (s.op) {
    case "delete":
      if (parent === undefined) return root;
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key as string];
      return root;
    case "replace":
      return set(s.leaf);
    case "insert":
      if (Array.isArray(current)) current.splice(s.position % (current.length + 1), 0, s.leaf);
      else if (current !== null && typeof current === "object" && Object.isExtensible(current))
        define(current as Record<string, unknown>, s.key, s.leaf);
      else return set(s.leaf);
      return root;
    case "rename":
      if (parent === undefined || Array.isArray(parent)) return root;
      delete parent[key as string];
      define(parent, s.key, current);
      return root;
    case "splice":
      if (typeof current !== "string") return set(s.piece);
      return set(
        current.slice(0, s.position % (current.length + 1)) +
          s.piece +
          current.slice(s.position % (current.length + 1)),
      );
    case "duplicate":
      if (Array.isArray(current) && current.length > 0) current.push(copy(current[s.position % current.length]));
      else if (parent !== undefined && !Array.isArray(parent)) define(parent, `${String(key)}2`, copy(current));
      return root;
    case "wrap":
      return set(s.position % 2 === 0 ? [current] : { value: current });
    case "retype":
      if (typeof current === "string") return set(Number.isNaN(Number(current)) ? current.length : Number(current));
      if (typeof current === "number" || typeof current === "boolean") return set(String(current));
      if (Array.isArray(current)) return set(Object.fromEntries(current.map((item, i) => [String(i), item])));
      if (current !== null && typeof current === "object") return set(Object.values(current));
      return set("null");
  }
}
