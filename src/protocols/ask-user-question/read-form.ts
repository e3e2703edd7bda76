import * as v from "valibot";
import { type ChoiceField, type FormModel, type Result, failure, jsonValueProblem, quoted } from "../../model/index.js";
import { Report } from "../report/index.js";
import { type AskUserQuestionFieldExtension, extensionsFor } from "./extensions.js";
import { fieldIds } from "./ids.js";
import { TOOL_NAME } from "./limits.js";
import { ASK_LAYOUT, checkQuestions } from "./rules.js";
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
  const report = Report.start();
  const at = unwrap(input, report);
  if (at === undefined) return report.fail("invalid_form");
  const parsed = v.safeParse(FORM, at.value, { abortEarly: false });
  if (!parsed.success) return at.report.valibot(parsed.issues, ASK_LAYOUT).fail("invalid_form");
  checkQuestions(parsed.output.questions, at.report.at("questions"));
  if (!report.ok) return report.fail("invalid_form");
  for (const key of ["answers", "annotations"] as const) {
    if (parsed.output[key] !== undefined)
      at.report
        .at(key)
        .warn(
          "ignored",
          `The input holds ${key} a host filled in: reading the form leaves them out (read them as answers with ` +
            `readAnswers).`,
        );
  }
  const ids = fieldIds(parsed.output.questions.map((question) => question.header));
  const form: FormModel = {
    fields: parsed.output.questions.map((question, i) =>
      toField(question, ids[i] as string, at.report.at("questions", i).question(ids[i], i)),
    ),
  };
  const extensions = extensionsFor(parsed.output.metadata === undefined ? {} : { metadata: parsed.output.metadata });
  if (extensions !== undefined) form.extensions = extensions;
  return report.result("invalid_form", form);
}

function toField(question: WireQuestion, id: string, report: Report): ChoiceField {
  const ext: AskUserQuestionFieldExtension = { header: question.header };
  if (question.multiSelect === undefined) ext.multiSelectOmitted = true;
  const previews = question.options.filter((option) => option.preview !== undefined);
  if (previews.length > 0)
    ext.previews = Object.fromEntries(previews.map((option) => [option.label, option.preview as string]));
  const field: ChoiceField = {
    kind: "choice",
    id,
    label: report.text("question", question.question) as string,
    // A question may go unanswered (Claude Code offers to skip it, and the person may reply in the chat instead).
    required: false,
    multiple: question.multiSelect ?? false,
    options: question.options.map((option, j) => {
      const at = report.at("options", j).option(option.label);
      const label = at.text("label", option.label) as string;
      const description = at.text("description", option.description);
      return description === "" ? { value: label, label } : { value: label, label, description };
    }),
    // The host always offers "Other", a typed answer (docs/ask-user-question.md, "Other").
    custom: {},
  };
  field.extensions = extensionsFor(ext);
  return field;
}

/** The tool input, inside a `tool_use` block `{ type: "tool_use", name: "AskUserQuestion", input }` or as it is. */
function unwrap(input: unknown, report: Report): { value: unknown; report: Report } | undefined {
  if (typeof input !== "object" || input === null || Array.isArray(input))
    return report.error(
      "invalid_type",
      `The input must be the ${TOOL_NAME} tool input { questions }, or the tool_use block calling it.`,
    );
  const block = input as Record<string, unknown>;
  if (block.type !== "tool_use") return { value: input, report };
  if (block.name !== TOOL_NAME)
    report
      .at("name")
      .error(
        "unsupported_method",
        `The block calls the tool ${quoted(block.name)}, and formgate reads the ${TOOL_NAME} tool's questions only.`,
      );
  if (!Object.hasOwn(block, "input"))
    report.at("input").error("missing_property", "The block has no `input`, which holds the questions.");
  if (!report.ok) return undefined;
  return { value: block.input, report: report.at("input") };
}
