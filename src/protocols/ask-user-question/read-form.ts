import * as v from "valibot";
import {
  type ChoiceField,
  type FormModel,
  type Issue,
  type PathSegment,
  type Result,
  failure,
  invisibleTextWarnings,
  jsonValueProblem,
  problem,
  success,
  warning,
  quoted,
} from "../../model/index.js";
import { fromValibot } from "../valibot-issues.js";
import { type AskUserQuestionFieldExtension, extensionsFor } from "./extensions.js";
import { fieldIds } from "./ids.js";
import { TOOL_NAME } from "./limits.js";
import { checkQuestions } from "./rules.js";
import { FORM, type WireQuestion } from "./schema.js";

/**
 * Reads an AskUserQuestion tool input (`{ questions, metadata? }`, or the `tool_use` block
 * calling the tool) into the model: each question a choice whose options are its labels and
 * which also takes a typed answer (the host always adds "Other"); the header, previews and
 * metadata kept in `extensions["ask-user-question"]`. Every problem is reported (`invalid_form`).
 */
export function readAskUserQuestionForm(input: unknown): Result<FormModel> {
  const notJson = jsonValueProblem(input);
  if (notJson !== undefined) return failure("invalid_form", [notJson]);
  const unwrapped = unwrap(input);
  if (!unwrapped.ok) return unwrapped;
  const { value, at } = unwrapped.value;
  const parsed = v.safeParse(FORM, value, { abortEarly: false });
  if (!parsed.success) return failure("invalid_form", fromValibot(parsed.issues, at));
  const { errors, warnings } = checkQuestions(parsed.output.questions, [...at, "questions"]);
  if (errors.length > 0) return failure("invalid_form", errors);
  for (const key of ["answers", "annotations"] as const) {
    if (parsed.output[key] !== undefined)
      warnings.push(
        warning(
          "ignored",
          [...at, key],
          `The input holds ${key} a host filled in: reading the form leaves them out (read them as answers with ` +
            `readAnswers).`,
        ),
      );
  }
  const ids = fieldIds(parsed.output.questions.map((question) => question.header));
  const form: FormModel = {
    fields: parsed.output.questions.map((question, i) => toField(question, ids[i] as string)),
  };
  const extensions = extensionsFor(parsed.output.metadata === undefined ? {} : { metadata: parsed.output.metadata });
  if (extensions !== undefined) form.extensions = extensions;
  return success(form, [...warnings, ...invisibleTextWarnings(form, (path) => [...at, ...wirePath(path)])]);
}

function toField(question: WireQuestion, id: string): ChoiceField {
  const ext: AskUserQuestionFieldExtension = { header: question.header };
  if (question.multiSelect === undefined) ext.multiSelectOmitted = true;
  const previews = question.options.filter((option) => option.preview !== undefined);
  if (previews.length > 0)
    ext.previews = Object.fromEntries(previews.map((option) => [option.label, option.preview as string]));
  const field: ChoiceField = {
    kind: "choice",
    id,
    label: question.question,
    // A question may go unanswered (Claude Code offers to skip it, and the person may reply in the chat instead).
    required: false,
    multiple: question.multiSelect ?? false,
    options: question.options.map((option) =>
      option.description === ""
        ? { value: option.label, label: option.label }
        : { value: option.label, label: option.label, description: option.description },
    ),
    // The host always offers "Other", a typed answer (docs/ask-user-question.md, "Other").
    custom: {},
  };
  field.extensions = extensionsFor(ext);
  return field;
}

/** The tool input, inside a `tool_use` block `{ type: "tool_use", name: "AskUserQuestion", input }` or as it is. */
function unwrap(input: unknown): Result<{ value: unknown; at: PathSegment[] }> {
  if (typeof input !== "object" || input === null || Array.isArray(input))
    return failure("invalid_form", [
      problem(
        "invalid_type",
        [],
        `The input must be the ${TOOL_NAME} tool input { questions }, or the tool_use block calling it.`,
      ),
    ]);
  const block = input as Record<string, unknown>;
  if (block.type !== "tool_use") return success({ value: input, at: [] });
  const issues: Issue[] = [];
  if (block.name !== TOOL_NAME)
    issues.push(
      problem(
        "unsupported_method",
        ["name"],
        `The block calls the tool ${quoted(block.name)}, and formgate reads the ${TOOL_NAME} tool's questions only.`,
      ),
    );
  if (!Object.hasOwn(block, "input"))
    issues.push(problem("missing_property", ["input"], "The block has no `input`, which holds the questions."));
  if (issues.length > 0) return failure("invalid_form", issues);
  return success({ value: block.input, at: ["input"] });
}

/** Where a model text was on the wire: `fields[i].label` is `questions[i].question`. */
function wirePath(path: PathSegment[]): PathSegment[] {
  if (path[0] !== "fields") return path;
  const wire: PathSegment[] = ["questions", ...path.slice(1)];
  if (wire.length === 3 && wire[2] === "label") wire[2] = "question";
  return wire;
}
