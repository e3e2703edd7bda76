import { type DataToolInput, type NativeRequestParams, type Result, translate } from "../../src/index.js";
import { dataToolInput } from "./data-input.js";
import { type Random, mulberry32, words } from "./random.js";

/** The benchmark's form in each protocol: the Data input and what formgate translates it to. */
export interface Forms {
  data: DataToolInput;
  native: NativeRequestParams;
  /** The `<question-form>` message (resource questions become choices of their URIs). */
  questionForm: string;
}

export function forms(seed?: number): Forms {
  const data = dataToolInput(seed);
  return {
    data,
    native: valueOf(translate(data, { from: "data", to: "native" })) as NativeRequestParams,
    questionForm: valueOf(translate(data, { from: "data", to: "question-form" })) as string,
  };
}

/** A native result `{ action: "accept", content }`. */
export type AcceptResult = { action: "accept"; content: Record<string, unknown> };

/**
 * A valid accepted answer to a Data input: every question answered within its bounds
 * (text with multi-byte characters, ids, offered URIs and one local file).
 */
export function validAnswers(data: DataToolInput, seed = 11): AcceptResult {
  const random = mulberry32(seed);
  const content: Record<string, unknown> = {};
  for (const q of data.questions) {
    switch (q.type) {
      case "text":
        content[q.id] = `${words(random, 20)}\nSecond line — ${words(random, 5)}`;
        break;
      case "single_select":
        content[q.id] = random.pick(q.options).id;
        break;
      case "multi_select":
        content[q.id] = some(random, q.options, q.maxItems ?? q.options.length).map((o) => o.id);
        break;
      case "resource":
        content[q.id] = random.pick(q.options).uri;
        break;
      case "resources":
        content[q.id] = some(random, q.options, q.maxItems ?? q.options.length).map((o) => o.uri);
        break;
      case "files":
        content[q.id] = [
          ...some(random, q.options ?? [], 2).map((o) => o.uri),
          "file:///Users/ana/Documents/q3%20data.csv",
        ];
        break;
    }
  }
  return { action: "accept", content };
}

/**
 * The valid answer with one mistake per kind a host can make: a number for text, an
 * unknown option, too many selections, a repeated URI, a remote file, an unknown key.
 */
export function invalidAnswers(data: DataToolInput, seed = 11): AcceptResult {
  const { content } = validAnswers(data, seed);
  const wrong = { ...content };
  for (const q of data.questions) {
    if (q.type === "text") wrong[q.id] = 42;
    if (q.type === "single_select") wrong[q.id] = "not-an-option";
    if (q.type === "multi_select") wrong[q.id] = q.options.map((o) => o.id);
    if (q.type === "resources") wrong[q.id] = [q.options[0]?.uri, q.options[0]?.uri];
    if (q.type === "files") wrong[q.id] = ["https://elsewhere.example.com/file.csv"];
  }
  wrong.unknown_question = "surprise";
  return { action: "accept", content: wrong };
}

/** 1 to `max` neighbouring items, in their order. */
function some<T>(random: Random, items: readonly T[], max: number): T[] {
  const count = 1 + random.int(Math.min(max, items.length));
  const start = random.int(items.length - count + 1);
  return items.slice(start, start + count);
}

function valueOf<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`benchmark input rejected: ${result.error.message}`);
  return result.value;
}
