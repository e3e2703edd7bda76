import type { FormModel, Issue, PartialForm } from "../../model/index.js";
import { arrivedInput } from "./arrived-input.js";
import { MAX_QUESTIONS } from "./limits.js";
import { dataProtocol } from "./index.js";

/** A stand-in for a message not yet arrived, so the questions that have can be checked on their own. */
const ARRIVING_MESSAGE = "…";

/** What can be shown of a Data input still arriving, and the problems its arrived questions already have. */
export interface PartialDataInput {
  partial: PartialForm;
  issues: Issue[];
}

/**
 * A Data tool input still streaming, as a partial form (`id` its id): the message once it is whole
 * and the questions that have fully arrived, up to the first one the contract rejects. `rawInput`
 * is the raw JSON text where a host has it (exact); otherwise `input`, a partial parse (the AI
 * SDK's, or MCP Apps' `tool-input-partial`, JSON with its unclosed structures closed), where a
 * value counts once a later one follows it. Never answerable: the final form is read from the
 * whole input.
 */
export function readPartialDataInput(rawInput: unknown, input: unknown, id: string): PartialDataInput {
  const arrived = arrivedInput(rawInput, input);
  let questions = arrived.questions.slice(0, MAX_QUESTIONS);
  let issues: Issue[] = [];
  let fields: FormModel["fields"] = [];
  while (questions.length > 0) {
    const read = dataProtocol.readForm({ message: ARRIVING_MESSAGE, questions });
    if (read.ok) {
      fields = read.value.fields;
      break;
    }
    if (issues.length === 0) issues = read.error.issues.filter((issue) => issue.severity === "error");
    questions = questions.slice(0, firstBrokenQuestion(read.error.issues, questions.length));
  }
  const partial: PartialForm = {
    kind: "partial",
    id,
    ...(arrived.message !== undefined && { title: arrived.message }),
    fields,
  };
  return { partial, issues };
}

/** The index of the first question a problem is in; the last question's when none names one. */
function firstBrokenQuestion(issues: Issue[], count: number): number {
  const indexes = issues.flatMap((issue) =>
    issue.path[0] === "questions" && typeof issue.path[1] === "number" ? [issue.path[1]] : [],
  );
  return indexes.length > 0 ? Math.min(...indexes) : count - 1;
}
