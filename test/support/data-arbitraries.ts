import fc from "fast-check";
import type { DataToolInput, Question } from "../../generated/data-tool-input.js";

/** Random inputs that satisfy every rule of the Data tool contract. */
const id = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_-]{0,15}$/);
const title = (max: number) =>
  fc
    .string({ minLength: 1, maxLength: max, unit: "grapheme" })
    .map((s) => s.trim())
    .filter((s) => s.length > 0 && [...s].length <= max);
const image = fc.record(
  {
    src: fc.constantFrom(
      "https://example.com/a.png",
      "data:image/png;base64,iVBORw0KGgo=",
      "https://sdmntpr1.oaiusercontent.com/s.png?sig=x",
    ),
  },
  { requiredKeys: ["src"] },
);

const choiceOptions = fc.uniqueArray(
  fc.record(
    { id, title: title(40), description: fc.string({ maxLength: 30 }), thumbnail: image },
    { requiredKeys: ["id", "title"] },
  ),
  { minLength: 1, maxLength: 6, selector: (option) => option.id },
);
const resourceOptions = (min: number) =>
  fc.uniqueArray(
    fc.record(
      {
        uri: fc.webUrl({ withQueryParameters: false, withFragments: false }).filter((uri) => !/\s/.test(uri)),
        name: title(20),
        title: title(40),
        mimeType: fc.constantFrom("text/csv", "application/pdf"),
        icons: fc.array(image, { maxLength: 2 }),
        thumbnail: image,
      },
      { requiredKeys: ["uri", "name", "title"] },
    ),
    { minLength: min, maxLength: 5, selector: (option) => option.uri },
  );

/** Selection bounds consistent with `count` options and `required`. */
const bounds = (count: number, required: boolean) =>
  fc
    .record(
      {
        minItems: fc.integer({ min: required ? 1 : 0, max: count }),
        maxItems: fc.integer({ min: Math.max(count, 1), max: count }),
      },
      { requiredKeys: [] },
    )
    .filter((b) => (b.minItems ?? 0) <= (b.maxItems ?? count) && !(required && b.minItems === 0));

const common = { id, title: title(80), description: fc.string({ maxLength: 40 }), required: fc.boolean() };
const commonKeys: ["id", "title", "required"] = ["id", "title", "required"];

const question: fc.Arbitrary<Question> = fc.oneof(
  fc.record(
    { ...common, type: fc.constant("text" as const), maxLength: fc.integer({ min: 1, max: 16000 }) },
    { requiredKeys: [...commonKeys, "type"] },
  ),
  fc.record(
    { ...common, type: fc.constant("single_select" as const), options: choiceOptions },
    { requiredKeys: [...commonKeys, "type", "options"] },
  ),
  fc.record(
    { ...common, type: fc.constant("resource" as const), options: resourceOptions(1) },
    { requiredKeys: [...commonKeys, "type", "options"] },
  ),
  fc
    .tuple(fc.record(common, { requiredKeys: commonKeys }), choiceOptions)
    .chain(([base, options]) =>
      bounds(options.length, base.required).map((b) => ({ ...base, ...b, type: "multi_select" as const, options })),
    ),
  fc
    .tuple(fc.record(common, { requiredKeys: commonKeys }), resourceOptions(1))
    .chain(([base, options]) =>
      bounds(options.length, base.required).map((b) => ({ ...base, ...b, type: "resources" as const, options })),
    ),
  fc
    .tuple(
      fc.record(common, { requiredKeys: commonKeys }),
      resourceOptions(0),
      fc.option(fc.constant<string[]>([".csv", "image/*"]), { nil: undefined }),
    )
    .chain(([base, options, accept]) =>
      bounds(24, base.required).map((b) => ({
        ...base,
        ...b,
        type: "files" as const,
        ...(options.length > 0 && { options }),
        ...(accept && { accept }),
      })),
    ),
);

export const dataInput: fc.Arbitrary<DataToolInput> = fc.record({
  message: title(80),
  questions: fc.uniqueArray(question, { minLength: 1, maxLength: 12, selector: (q) => q.id }),
});

/** The input as the contract means it: every computed default written out. */
export function withComputedDefaults(input: DataToolInput): DataToolInput {
  return {
    ...input,
    questions: input.questions.map((question): Question => {
      switch (question.type) {
        case "text":
          return { ...question, maxLength: question.maxLength ?? 4000 };
        case "multi_select":
        case "resources":
          return {
            ...question,
            minItems: question.minItems ?? (question.required ? 1 : 0),
            maxItems: question.maxItems ?? question.options.length,
          };
        case "files":
          return {
            ...question,
            minItems: question.minItems ?? (question.required ? 1 : 0),
            maxItems: question.maxItems ?? 24,
          };
        default:
          return question;
      }
    }),
  };
}
