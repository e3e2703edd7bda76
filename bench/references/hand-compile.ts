import type { DataQuestion, DataToolInput } from "../../src/index.js";

type Json = Record<string, unknown>;
type ResourceOption = Extract<DataQuestion, { type: "resource" }>["options"][number];

/**
 * A minimal hand-written Data → native compile, what someone without formgate would
 * write for valid input: one property per question, the contract's defaults, nothing
 * checked. For the benchmark input it produces formgate's request exactly (tested).
 */
export function handCompile(input: DataToolInput): Json {
  const properties: Json = {};
  for (const q of input.questions) properties[q.id] = property(q);
  const only = input.questions.length === 1 ? input.questions[0] : undefined;
  const message = only?.type === "text" && only.title === input.message ? "" : input.message;
  const required = input.questions.filter((q) => q.required).map((q) => q.id);
  return { mode: "form", message, requestedSchema: { type: "object", properties, required } };
}

function property(q: DataQuestion): Json {
  const common: Json = { title: q.title };
  if (q.description !== undefined) common.description = q.description;
  const min = "minItems" in q && q.minItems !== undefined ? q.minItems : q.required ? 1 : 0;
  switch (q.type) {
    case "text":
      return {
        type: "string",
        ...common,
        ...(q.required && { minLength: 1 }),
        maxLength: q.maxLength ?? 4000,
        ...(q.required && { pattern: "\\S" }),
      };
    case "single_select":
      return { type: "string", ...common, oneOf: q.options.map(choice) };
    case "multi_select":
      return {
        type: "array",
        ...common,
        minItems: min,
        maxItems: q.maxItems ?? q.options.length,
        items: { anyOf: q.options.map(choice) },
      };
    case "resource":
      return {
        type: "string",
        format: "uri",
        ...common,
        "x-openai-input": { type: "resource", options: q.options.map(resource) },
      };
    case "resources":
      return {
        type: "array",
        ...common,
        minItems: min,
        maxItems: q.maxItems ?? q.options.length,
        items: URI,
        "x-openai-input": { type: "resource", options: q.options.map(resource), selection: "explicit" },
      };
    case "files": {
      const userOptions = { kind: "file", ...(q.accept !== undefined && { accept: q.accept }) };
      return {
        type: "array",
        ...common,
        minItems: min,
        maxItems: q.maxItems ?? 24,
        items: URI,
        "x-openai-input": {
          type: "resource",
          options: (q.options ?? []).map(resource),
          userOptions,
          selection: "explicit",
        },
      };
    }
  }
}

const URI = { type: "string", format: "uri" };

function choice(option: {
  id: string;
  title: string;
  description?: string;
  thumbnail?: object;
  preview?: object;
}): Json {
  const out: Json = { const: option.id, title: option.title };
  if (option.description !== undefined) out.description = option.description;
  const thumbnail = option.thumbnail ?? option.preview;
  if (thumbnail !== undefined) out["x-openai-thumbnail"] = thumbnail;
  return out;
}

function resource(option: ResourceOption): Json {
  const { thumbnail, ...rest } = option;
  return thumbnail === undefined ? rest : { ...rest, _meta: { "openai/thumbnail": thumbnail } };
}
