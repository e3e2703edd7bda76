import fc from "fast-check";
import type { AnswerValue, Field, FormModel, FormResponse, Resource } from "../../src/model/index.js";
import { validateAnswers } from "../../src/model/index.js";
import { protocols } from "../../src/protocols/index.js";
import { escapeAttribute } from "../../src/protocols/question-form/block/attributes.js";

/** Random `<question-form>` messages the reader accepts: every question type and the keys each has. */

const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,10}[A-Za-z0-9]$/);
const id = fc.stringMatching(/^[a-z][a-z0-9_-]{0,8}$/);
const copy = fc.oneof(word, fc.constantFrom("Who's it for?", "Tone: calm, or bold", "Café ✨", "Mobile (iOS)"));
const option = fc.oneof(
  copy,
  fc.record({ label: copy, value: id, description: copy }, { requiredKeys: ["label", "value"] }),
);
const options = fc.uniqueArray(option, {
  minLength: 1,
  maxLength: 4,
  selector: (o) => (typeof o === "string" ? o : o.value),
});
const image = fc.constantFrom(
  "https://example.com/a.png",
  "https://example.com/b.jpg?v=2",
  "data:image/png;base64,iVBORw0KGgo=",
  "http://example.com/c.png",
);
const card = fc.record(
  {
    id,
    label: copy,
    mood: copy,
    references: fc.array(fc.oneof(word, image), { maxLength: 3 }),
    palette: fc.array(fc.constantFrom("#111111", "#f5f0e8", "rebeccapurple"), { maxLength: 3 }),
    displayFont: fc.constant("Georgia, serif"),
    bodyFont: fc.constant("system-ui"),
  },
  { requiredKeys: ["id", "label"] },
);
const base = { label: copy, help: copy, required: fc.boolean(), placeholder: copy };
const custom = { allowCustom: fc.boolean(), customLabel: copy, customPlaceholder: copy };
const bounds = fc
  .tuple(fc.integer({ min: -5, max: 5 }), fc.integer({ min: 0, max: 20 }))
  .map(([min, span]) => ({ min, max: min + span }));

const question = fc.oneof(
  fc.record(
    { ...base, ...custom, type: fc.constantFrom("radio", "select"), options, defaultValue: word },
    { requiredKeys: ["type", "options"] },
  ),
  fc.record(
    { ...base, ...custom, type: fc.constant("checkbox"), options, maxSelections: fc.integer({ min: 1, max: 4 }) },
    { requiredKeys: ["type", "options"] },
  ),
  fc.record(
    {
      ...base,
      ...custom,
      type: fc.constant("direction-cards"),
      cards: fc.uniqueArray(card, { minLength: 1, maxLength: 3, selector: (c) => c.id }),
    },
    { requiredKeys: ["type", "cards"] },
  ),
  fc.record(
    {
      ...base,
      type: fc.constantFrom("text", "textarea", "date", "time", "datetime-local", "color", "url", "email", "tel"),
      defaultValue: word,
    },
    { requiredKeys: ["type"] },
  ),
  fc
    .tuple(
      fc.record(
        {
          ...base,
          type: fc.constantFrom("number", "range"),
          step: fc.constantFrom(1, 0.5, 5),
          defaultValue: fc.constant(0),
        },
        { requiredKeys: ["type"] },
      ),
      fc.option(bounds, { nil: undefined }),
    )
    .map(([q, b]) => ({ ...q, ...b })),
  fc.record({ ...base, type: fc.constant("switch"), defaultValue: fc.boolean() }, { requiredKeys: ["type"] }),
  fc.record(
    {
      ...base,
      type: fc.constant("file"),
      multiple: fc.boolean(),
      accept: fc.constantFrom(".png", ".csv,text/csv", "image/*"),
    },
    { requiredKeys: ["type"] },
  ),
);

/** A whole assistant message holding one valid `<question-form>` block (1 to 8 questions). */
export const questionFormMessage: fc.Arbitrary<string> = fc
  .record({
    formId: id,
    title: fc.option(copy, { nil: undefined }),
    description: fc.option(copy, { nil: undefined }),
    submitLabel: fc.option(word, { nil: undefined }),
    questions: fc.uniqueArray(fc.tuple(id, question), { minLength: 1, maxLength: 8, selector: ([qid]) => qid }),
  })
  .map(({ formId, title, description, submitLabel, questions }) => {
    const body = {
      ...(description !== undefined && { description }),
      ...(submitLabel !== undefined && { submitLabel }),
      questions: questions.map(([qid, q]) => ({ id: qid, ...q })),
    };
    const titleAttribute = title === undefined ? "" : ` title="${escapeAttribute(title)}"`;
    return (
      `Before I start:\n\n<question-form ` +
      `id="${formId}"${titleAttribute}>\n${JSON.stringify(body, null, 2)}\n</question-form>\n`
    );
  });

/**
 * Candidate answers for a field, kept only where the model's own answer check accepts them:
 * no empty answers (the text protocol reads those as unanswered, with a warning).
 */
export function validAnswers(field: Field): AnswerValue[] {
  const candidates: AnswerValue[] = [];
  const texts = [
    "abc",
    "Hello there",
    "ada@example.com",
    "https://example.com/x",
    "2025-06-01",
    "19:30",
    "2025-06-01T19:30:00Z",
    "#ff8800",
    "+33 1 23 45 67",
    "cad:part",
    "A title",
    "x, y",
  ];
  switch (field.kind) {
    case "text":
      candidates.push(...texts);
      break;
    case "number":
      for (const n of [field.minimum, field.maximum, 0, 1, 2.5, -3, 42]) if (n !== undefined) candidates.push(n);
      break;
    case "boolean":
      candidates.push(true, false);
      break;
    case "choice": {
      const values = field.options.map((o) => o.value);
      const typed = field.custom === undefined ? [] : texts;
      if (field.multiple) {
        for (let n = 1; n <= values.length; n++) candidates.push(values.slice(0, n), values.slice(-n));
        for (const text of typed) candidates.push([...values.slice(0, 1), text]);
      } else candidates.push(...values, ...typed);
      break;
    }
    case "resource":
    case "file": {
      const uris = [
        ...field.options.map((o) => o.uri),
        ...(field.kind === "file" ? ["file:///Users/me/report.csv", "file:///tmp/a%20b.png"] : []),
      ];
      if (field.multiple) for (let n = 1; n <= uris.length; n++) candidates.push(uris.slice(0, n), uris.slice(-n));
      else candidates.push(...uris);
      break;
    }
  }
  // Valid for the model and for every protocol's own rules (native resource fields add URI keywords).
  const alone: FormModel = { fields: [field] };
  return candidates.filter((value) => {
    const response: FormResponse = { action: "accept", answers: { [field.id]: value } };
    return (
      validateAnswers(alone, response.answers).length === 0 &&
      Object.values(protocols).every((protocol) => protocol.writeAnswers(response, alone).ok)
    );
  });
}

/** A valid accepted response to `form`, or undefined when some required field has no valid candidate. */
export function responseFor(form: FormModel): fc.Arbitrary<FormResponse> | undefined {
  const perField: fc.Arbitrary<[string, AnswerValue | undefined]>[] = [];
  for (const field of form.fields) {
    const valid = validAnswers(field);
    if (valid.length === 0) {
      if (field.required) return undefined;
      continue;
    }
    const pick = fc.constantFrom(...valid);
    perField.push((field.required ? pick : fc.option(pick, { nil: undefined })).map((value) => [field.id, value]));
  }
  return fc.tuple(...perField).map((entries) => {
    const answers = Object.create(null) as Record<string, AnswerValue>;
    for (const [key, value] of entries) if (value !== undefined) answers[key] = value;
    return { action: "accept", answers };
  });
}

const modelImage = fc.record(
  {
    src: fc.constantFrom("https://example.com/i.png", "data:image/png;base64,iVBORw0KGgo=", "http://example.com/j.png"),
    mimeType: fc.constant("image/png"),
    sizes: fc.constant<string[]>(["48x48"]),
    theme: fc.constantFrom("light" as const, "dark" as const),
  },
  { requiredKeys: ["src"] },
);
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
const format = fc.constantFrom(
  "email" as const,
  "uri" as const,
  "date" as const,
  "time" as const,
  "date-time" as const,
  "color" as const,
  "tel" as const,
);
const modelCard = fc.record(
  {
    mood: copy,
    references: fc.array(fc.oneof(word, image), { maxLength: 2 }),
    palette: fc.constant<string[]>(["#111111"]),
    displayFont: fc.constant("Georgia"),
    bodyFont: fc.constant("system-ui"),
  },
  { requiredKeys: [] },
);
const modelOption = fc.record(
  {
    value: id,
    label: copy,
    description: copy,
    thumbnail: modelImage,
    icons: fc.array(modelImage, { maxLength: 2 }),
    card: modelCard,
  },
  { requiredKeys: ["value"] },
);
const modelResource = fc.record(
  {
    uri: id.map((name) => `https://example.com/r/${name}`),
    name: word,
    title: copy,
    description: copy,
    mimeType: fc.constant("text/csv"),
    size: fc.nat(),
    icons: fc.array(modelImage, { maxLength: 3 }),
    thumbnail: modelImage,
    annotations: fc.constant<Resource["annotations"]>({ audience: ["user"], priority: 0.5 }),
    meta: fc.constant<Record<string, unknown>>({ "vendor/x": 1 }),
  },
  { requiredKeys: ["uri", "name"] },
);
const fieldBase = { id, label: maybe(copy), description: maybe(copy), required: fc.boolean() };
const clean = <T extends object>(record: T): T =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;
/** `minItems` and `maxItems`, on any choice, resource or file field (multiple or not). */
const itemBounds = fc
  .record({ minItems: maybe(fc.nat(3)), maxItems: maybe(fc.integer({ min: 0, max: 30 })) })
  .map(clean);

const modelField: fc.Arbitrary<Field> = fc.oneof(
  fc
    .record({
      ...fieldBase,
      kind: fc.constant("text" as const),
      placeholder: maybe(copy),
      multiline: maybe(fc.boolean()),
      minLength: maybe(fc.nat(3)),
      maxLength: maybe(fc.integer({ min: 3, max: 20000 })),
      format: maybe(format),
      pattern: maybe(fc.constantFrom("\\S", "^[a-z]+$")),
      default: maybe(word),
    })
    .map(clean),
  fc
    .record({
      ...fieldBase,
      kind: fc.constant("number" as const),
      placeholder: maybe(copy),
      integer: fc.boolean(),
      minimum: maybe(fc.integer({ min: -5, max: 0 })),
      maximum: maybe(fc.integer({ min: 1, max: 10 })),
      step: maybe(fc.constantFrom(1, 0.5)),
      slider: maybe(fc.boolean()),
      default: maybe(fc.integer({ min: 0, max: 1 })),
    })
    .map(clean),
  fc.record({ ...fieldBase, kind: fc.constant("boolean" as const), default: maybe(fc.boolean()) }).map(clean),
  fc
    .tuple(
      fc
        .record({
          ...fieldBase,
          kind: fc.constant("choice" as const),
          placeholder: maybe(copy),
          multiple: fc.boolean(),
          options: fc.uniqueArray(modelOption, { minLength: 1, maxLength: 4, selector: (o) => o.value }),
          display: maybe(fc.constantFrom("radio" as const, "select" as const, "checkbox" as const, "cards" as const)),
          custom: maybe(
            fc.record(
              {
                label: copy,
                placeholder: copy,
                minLength: fc.nat(2),
                maxLength: fc.integer({ min: 2, max: 40 }),
                pattern: fc.constant("^[A-Za-z ]+$"),
                format,
              },
              { requiredKeys: [] },
            ),
          ),
        })
        .map(clean),
      itemBounds,
    )
    .map(([field, b]) => ({ ...field, ...b })),
  fc
    .tuple(
      fc
        .record({
          ...fieldBase,
          kind: fc.constant("resource" as const),
          multiple: fc.boolean(),
          options: fc.uniqueArray(modelResource, { minLength: 1, maxLength: 3, selector: (r) => r.uri }),
          selection: maybe(fc.constantFrom("explicit" as const, "implicit" as const)),
        })
        .map(clean),
      itemBounds,
    )
    .map(([field, b]) => ({ ...field, ...b })),
  fc
    .tuple(
      fc
        .record({
          ...fieldBase,
          kind: fc.constant("file" as const),
          placeholder: maybe(copy),
          multiple: fc.boolean(),
          options: fc.uniqueArray(modelResource, { maxLength: 2, selector: (r) => r.uri }),
          pick: fc.record(
            {
              kind: fc.constantFrom("file" as const, "directory" as const),
              accept: fc.constant<string[]>([".csv", "image/*"]),
            },
            { requiredKeys: [] },
          ),
          selection: maybe(fc.constantFrom("explicit" as const, "implicit" as const)),
        })
        .map(clean),
      itemBounds,
    )
    .map(([field, b]) => ({ ...field, ...b })),
);

/**
 * Random model forms using every property the model has, including ones no protocol reads
 * (option icons, cards on any choice, bounds on single fields): what a host's own model, or
 * `formFrom: "model"`, may hand a writer.
 */
export const modelForm: fc.Arbitrary<FormModel> = fc
  .record({
    id: maybe(id),
    title: maybe(copy),
    description: maybe(copy),
    submitLabel: maybe(word),
    lang: maybe(fc.constant("en")),
    fields: fc.uniqueArray(modelField, { minLength: 1, maxLength: 6, selector: (f) => f.id }),
  })
  .map(clean);
