import fc from "fast-check";

/**
 * Random standard MCP form elicitations (2025-11-25 `ElicitRequestFormParams`) that the mcp
 * reader accepts: every primitive schema MCP defines, bounds in order, defaults among the options.
 */

const name = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/);
const text = fc.string({ maxLength: 12 });
const common = { title: text, description: text };
const titled = (min: number) =>
  fc.uniqueArray(fc.record({ const: name, title: text }), { minLength: min, maxLength: 4, selector: (o) => o.const });
const values = fc.uniqueArray(name, { minLength: 1, maxLength: 4 });
const some = <T>(list: T[]) => fc.subarray(list, { maxLength: Math.min(2, list.length) });

const property = fc.oneof(
  fc.record(
    {
      type: fc.constant("string"),
      ...common,
      minLength: fc.nat(3),
      maxLength: fc.integer({ min: 3, max: 50 }),
      format: fc.constantFrom("email", "uri", "date", "date-time"),
      default: text,
    },
    { requiredKeys: ["type"] },
  ),
  fc.record(
    {
      type: fc.constantFrom("number", "integer"),
      ...common,
      minimum: fc.integer({ max: 0 }),
      maximum: fc.integer({ min: 0 }),
      default: fc.integer(),
    },
    { requiredKeys: ["type"] },
  ),
  fc.record({ type: fc.constant("boolean"), ...common, default: fc.boolean() }, { requiredKeys: ["type"] }),
  values.chain((list) =>
    fc.record(
      { type: fc.constant("string"), ...common, enum: fc.constant(list), default: fc.constantFrom(...list) },
      { requiredKeys: ["type", "enum"] },
    ),
  ),
  values.chain((list) =>
    fc.record(
      {
        type: fc.constant("string"),
        ...common,
        enum: fc.constant(list),
        enumNames: fc.constant(list.map((v) => v.toUpperCase())),
      },
      { requiredKeys: ["type", "enum", "enumNames"] },
    ),
  ),
  titled(1).chain((oneOf) =>
    fc.record(
      {
        type: fc.constant("string"),
        ...common,
        oneOf: fc.constant(oneOf),
        default: fc.constantFrom(...oneOf.map((o) => o.const)),
      },
      { requiredKeys: ["type", "oneOf"] },
    ),
  ),
  values.chain((list) =>
    fc.record(
      {
        type: fc.constant("array"),
        ...common,
        minItems: fc.nat(1),
        maxItems: fc.integer({ min: 1, max: 5 }),
        items: fc.constant({ type: "string", enum: list }),
        default: some(list),
      },
      { requiredKeys: ["type", "items"] },
    ),
  ),
  titled(1).chain((anyOf) =>
    fc.record(
      {
        type: fc.constant("array"),
        ...common,
        minItems: fc.nat(1),
        maxItems: fc.integer({ min: 1, max: 5 }),
        items: fc.constant({ anyOf }),
        default: some(anyOf.map((o) => o.const)),
      },
      { requiredKeys: ["type", "items"] },
    ),
  ),
);

/** A standard form's params: `mode` said or left out, `required` listed or not. */
export const mcpRequest = fc
  .tuple(
    fc.uniqueArray(fc.tuple(name, property, fc.boolean()), { minLength: 1, maxLength: 6, selector: ([id]) => id }),
    text,
    fc.boolean(),
    fc.boolean(),
  )
  .map(([entries, message, withMode, withRequired]) => {
    const schema: Record<string, unknown> = {
      type: "object",
      properties: Object.fromEntries(entries.map(([id, p]) => [id, p])),
    };
    const required = entries.filter(([, , r]) => r).map(([id]) => id);
    if (withRequired || required.length > 0) schema.required = required;
    return withMode ? { mode: "form", message, requestedSchema: schema } : { message, requestedSchema: schema };
  });
