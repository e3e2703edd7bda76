import { readJsonPrefix } from "../../text/json-text.js";

/** What of a streaming Data input has fully arrived: the message once its string is whole, and the whole questions. */
export interface ArrivedInput {
  message?: string;
  questions: unknown[];
}

/** Nesting beyond what a Data input may hold is left to the validator of the whole input. */
const MAX_DEPTH = 64;

/**
 * The arrived part of a Data input still streaming, from the raw JSON text when there is one
 * (exact: a question counts once its closing brace has arrived), otherwise from the AI SDK's
 * partial parse, where a value counts once a later one follows it.
 */
export function arrivedInput(rawInput: unknown, input: unknown): ArrivedInput {
  if (typeof rawInput === "string") return arrivedFromText(rawInput);
  if (typeof input !== "object" || input === null || Array.isArray(input)) return { questions: [] };
  const record = input as Record<string, unknown>;
  const keys = Object.keys(record);
  const followed = (key: string) => keys.indexOf(key) >= 0 && keys.indexOf(key) < keys.length - 1;
  const questions = Array.isArray(record.questions) ? record.questions.slice(0, -1) : [];
  const message = followed("message") && typeof record.message === "string" ? record.message : undefined;
  return message === undefined ? { questions } : { message, questions };
}

/** One pass over the raw text: where the root's `message` string and each `questions` item end. */
function arrivedFromText(text: string): ArrivedInput {
  const arrived: ArrivedInput = { questions: [] };
  let depth = 0;
  let inString = false;
  let stringStart = 0;
  let key: string | undefined;
  let expectingKey = false;
  let memberKey: string | undefined;
  let valueStart = -1;
  // In the root's `questions` array: where the item now arriving starts (-1 between items).
  let inQuestions = false;
  let itemStart = -1;
  const takeItem = (end: number) => {
    if (itemStart >= 0 && text.slice(itemStart, end).trim() !== "")
      arrived.questions.push(readJsonPrefix(text.slice(itemStart, end), MAX_DEPTH));
    itemStart = -1;
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === "\\") i++;
      else if (char === '"') {
        inString = false;
        const literal = () => readJsonPrefix(text.slice(stringStart, i + 1), 1) as string;
        if (depth === 1 && expectingKey) key = literal();
        else if (depth === 1 && memberKey === "message" && stringStart === valueStart) arrived.message = literal();
      }
      continue;
    }
    switch (char) {
      case '"':
        inString = true;
        stringStart = i;
        if (depth === 1 && !expectingKey && valueStart < 0) valueStart = i;
        break;
      case "{":
      case "[":
        if (inQuestions && depth === 2 && itemStart < 0) itemStart = i;
        depth++;
        if (depth === 1) expectingKey = true;
        else if (depth === 2 && memberKey === "questions" && char === "[" && arrived.questions.length === 0) {
          inQuestions = true;
          itemStart = -1;
        }
        break;
      case "}":
      case "]":
        depth--;
        if (inQuestions && depth === 2) takeItem(i + 1);
        else if (inQuestions && depth === 1) {
          takeItem(i);
          inQuestions = false;
        }
        break;
      case ":":
        if (depth === 1 && expectingKey) {
          memberKey = key;
          expectingKey = false;
          valueStart = -1;
        }
        break;
      case ",":
        if (depth === 1) expectingKey = true;
        else if (inQuestions && depth === 2) takeItem(i);
        break;
      default:
        // A scalar item (not a question, but the validator says so) starts where it is written.
        if (inQuestions && depth === 2 && itemStart < 0 && !/\s/.test(char ?? "")) itemStart = i;
    }
  }
  return arrived;
}
