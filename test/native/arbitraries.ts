import fc from "fast-check";

/** Random native form requests that the native reader accepts: every field shape it reads. */

const name = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/);
const text = fc.string({ maxLength: 12 });
const icon = fc.record(
  {
    src: fc.constantFrom("https://example.com/i.png", "data:image/png;base64,AA=="),
    mimeType: fc.constant("image/png"),
    sizes: fc.constant(["48x48"]),
    theme: fc.constantFrom("light", "dark"),
  },
  { requiredKeys: ["src"] },
);
const option = (value: fc.Arbitrary<string>) =>
  fc.record(
    { const: value, title: text, description: text, "x-openai-thumbnail": icon, "x-openai-preview": icon },
    { requiredKeys: ["const", "title"] },
  );
const options = (min: number) =>
  fc.uniqueArray(option(name), { minLength: min, maxLength: 4, selector: (o) => o.const });
const common = { title: text, description: text };
const pattern = fc.constantFrom("\\S", "^[a-z]+$", "^(cad|file):");
const stringRules = { minLength: fc.nat(3), maxLength: fc.integer({ min: 3, max: 50 }), pattern };
const format = fc.constantFrom("email", "uri", "date", "date-time");

const resource = fc.record(
  {
    uri: name.map((n) => `cad://parts/${n}`),
    name: text,
    title: text,
    description: text,
    mimeType: fc.constant("application/pdf"),
    size: fc.nat(),
    icons: fc.array(icon, { maxLength: 2 }),
    annotations: fc.record(
      {
        audience: fc.constant(["user" as const]),
        priority: fc.double({ min: 0, max: 1, noNaN: true }),
        lastModified: fc.constant("2025-01-31T09:30:00Z"),
      },
      { requiredKeys: [] },
    ),
    _meta: fc.record(
      {
        "openai/thumbnail": icon,
        "openai/preview": fc.oneof(icon, fc.constant({ target: { type: "mcp_app_tool", name: "open" } })),
        "vendor/x": fc.constant({ a: 1 }),
      },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: ["uri", "name"] },
);
const resources = fc.uniqueArray(resource, { maxLength: 4, selector: (r) => r.uri });
const userOptions = fc.record(
  { kind: fc.constantFrom("file" as const, "directory" as const), accept: fc.constant([".csv"]) },
  { requiredKeys: [] },
);
const inputType = fc.constantFrom("resource", "file");

const scalarResource = fc
  .tuple(resources, fc.option(userOptions, { nil: undefined }), inputType, fc.boolean())
  .chain(([opts, user, type, withDefault]) =>
    fc.record({ ...common, ...stringRules }, { requiredKeys: [] }).map((rest) => ({
      type: "string",
      format: "uri",
      ...rest,
      ...(withDefault && opts.length > 0 && { default: opts[0]!.uri }),
      "x-openai-input": { type, options: opts, ...(user && { userOptions: user }) },
    })),
  );
const arrayResource = fc
  .tuple(
    resources,
    fc.option(userOptions, { nil: undefined }),
    inputType,
    fc.constantFrom(undefined, "explicit", "implicit"),
    fc.boolean(),
  )
  .chain(([opts, user, type, selection, withDefault]) =>
    fc
      .record(
        { ...common, minItems: fc.nat(2), maxItems: fc.integer({ min: 2, max: 24 }), uniqueItems: fc.constant(true) },
        { requiredKeys: [] },
      )
      .chain((rest) =>
        fc.record({ title: text, pattern, default: text }, { requiredKeys: [] }).map((items) => ({
          type: "array",
          ...rest,
          items: { type: "string", format: "uri", ...items },
          ...(withDefault && selection !== "implicit" && opts.length > 0 && { default: [opts[0]!.uri] }),
          "x-openai-input": {
            type,
            options: opts,
            ...(user && { userOptions: user }),
            ...(selection && { selection }),
          },
        })),
      ),
  );

const property = fc.oneof(
  fc.record(
    { type: fc.constant("string"), ...common, ...stringRules, format, default: text },
    { requiredKeys: ["type"] },
  ),
  fc.record(
    {
      type: fc.constant("string"),
      ...common,
      ...stringRules,
      "x-openai-suggestions": fc.uniqueArray(option(name), { maxLength: 3, selector: (o) => o.const }),
    },
    { requiredKeys: ["type", "x-openai-suggestions"] },
  ),
  // Bounds in order and defaults among the options: the reader rejects anything else (docs/native.md, decision 7).
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
  fc.uniqueArray(fc.integer({ min: -50, max: 50 }), { minLength: 1, maxLength: 4 }).chain((values) =>
    fc.record(
      {
        type: fc.constantFrom("number", "integer"),
        ...common,
        enum: fc.constant(values),
        default: fc.constantFrom(...values),
      },
      { requiredKeys: ["type", "enum"] },
    ),
  ),
  fc.record({ type: fc.constant("boolean"), ...common, default: fc.boolean() }, { requiredKeys: ["type"] }),
  options(1).chain((oneOf) =>
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
  fc.uniqueArray(name, { minLength: 1, maxLength: 4 }).chain((values) =>
    fc.record(
      {
        type: fc.constant("string"),
        ...common,
        enum: fc.constant(values),
        enumNames: fc.constant(values.map((v) => v.toUpperCase())),
      },
      { requiredKeys: ["type", "enum"] },
    ),
  ),
  fc.record(
    {
      type: fc.constant("array"),
      ...common,
      minItems: fc.nat(2),
      maxItems: fc.integer({ min: 2, max: 5 }),
      uniqueItems: fc.boolean(),
      items: fc.record({ type: fc.constant("string"), anyOf: options(1) }, { requiredKeys: ["anyOf"] }),
    },
    { requiredKeys: ["type", "items"] },
  ),
  fc.record(
    {
      type: fc.constant("array"),
      ...common,
      items: fc.uniqueArray(name, { minLength: 1, maxLength: 4 }).map((values) => ({ type: "string", enum: values })),
    },
    { requiredKeys: ["type", "items"] },
  ),
  fc.record(
    {
      type: fc.constant("array"),
      ...common,
      maxItems: fc.nat(5),
      items: fc.record(
        { type: fc.constant("string"), ...stringRules, title: text, "x-openai-suggestions": options(0) },
        { requiredKeys: ["type"] },
      ),
    },
    { requiredKeys: ["type", "items"] },
  ),
  scalarResource,
  arrayResource,
);

/** A native request's params, legacy or MRTR. */
export const nativeRequest = fc
  .tuple(
    fc.uniqueArray(fc.tuple(name, property, fc.boolean()), { minLength: 1, maxLength: 6, selector: ([id]) => id }),
    text,
    fc.boolean(),
    fc.boolean(),
  )
  .map(([entries, message, mrtr, withRequired]) => {
    const schema: Record<string, unknown> = {
      type: "object",
      properties: Object.fromEntries(entries.map(([id, p]) => [id, p])),
    };
    const required = entries.filter(([, , r]) => r).map(([id]) => id);
    if (withRequired || required.length > 0) schema.required = required;
    if (!mrtr) return { mode: "form", message, requestedSchema: schema };
    return {
      mode: "form",
      message,
      requestedSchema: { type: "object", properties: {} },
      _meta: { "openai/elicitation": { requestedSchema: schema } },
    };
  });
