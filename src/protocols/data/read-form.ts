import type { ChoiceOption as DataChoiceOption, Question, ResourceOption } from "../../../generated/data-tool-input.js";
import type { ChoiceOption, Field, FormModel, Resource, Result } from "../../model/index.js";
import { Report } from "../report/index.js";
import { DEFAULT_FILES_MAX_ITEMS, DEFAULT_TEXT_MAX_LENGTH } from "./limits.js";
import { validateDataInput } from "./validate.js";

/**
 * Reads Data tool arguments into the model: validated against the contract first (every
 * problem is `invalid_arguments`), then every default the contract computes written out
 * (text `maxLength`, selection bounds, the non-blank rule of required text) so that the
 * model says exactly what the contract means.
 */
export function readDataForm(input: unknown): Result<FormModel> {
  const valid = validateDataInput(input);
  if (!valid.ok) return valid;
  const report = Report.start();
  const { message, questions } = valid.value;
  const form: FormModel = { title: report.text("message", message) as string, fields: [] };
  form.fields = questions.map((question, index) =>
    toField(question, report.at("questions", index).question(question.id, index)),
  );
  return report.result("invalid_arguments", form);
}

function toField(question: Question, report: Report): Field {
  const base = {
    id: question.id,
    label: report.text("title", question.title) as string,
    ...(question.description !== undefined && { description: report.text("description", question.description) }),
    required: question.required,
  };
  switch (question.type) {
    case "text":
      return {
        kind: "text",
        ...base,
        maxLength: question.maxLength ?? DEFAULT_TEXT_MAX_LENGTH,
        // "Required text must contain a non-whitespace character", said the way JSON Schema can.
        ...(question.required && { minLength: 1, pattern: "\\S" }),
      };
    case "single_select":
      return {
        kind: "choice",
        ...base,
        multiple: false,
        options: question.options.map((o, i) => toChoiceOption(o, report.at("options", i).option(o.id))),
      };
    case "multi_select":
      return {
        kind: "choice",
        ...base,
        multiple: true,
        options: question.options.map((o, i) => toChoiceOption(o, report.at("options", i).option(o.id))),
        ...selectionBounds(question.required, question.minItems, question.maxItems, question.options.length),
      };
    case "resource":
      return {
        kind: "resource",
        ...base,
        multiple: false,
        options: question.options.map((o, i) => toResource(o, report.at("options", i).option(o.uri))),
      };
    case "resources":
      return {
        kind: "resource",
        ...base,
        multiple: true,
        selection: "explicit",
        options: question.options.map((o, i) => toResource(o, report.at("options", i).option(o.uri))),
        ...selectionBounds(question.required, question.minItems, question.maxItems, question.options.length),
      };
    case "files":
      return {
        kind: "file",
        ...base,
        multiple: true,
        selection: "explicit",
        options: (question.options ?? []).map((o, i) => toResource(o, report.at("options", i).option(o.uri))),
        pick: { kind: "file", ...(question.accept !== undefined && { accept: question.accept }) },
        ...selectionBounds(question.required, question.minItems, question.maxItems, DEFAULT_FILES_MAX_ITEMS),
      };
  }
}

/** The contract's defaults: at least one when required, at most every option (DEFAULT_FILES_MAX_ITEMS for files). */
function selectionBounds(
  required: boolean,
  minItems: number | undefined,
  maxItems: number | undefined,
  defaultMax: number,
) {
  return { minItems: minItems ?? (required ? 1 : 0), maxItems: maxItems ?? defaultMax };
}

function toChoiceOption(option: DataChoiceOption, report: Report): ChoiceOption {
  const label = report.text("title", option.title) as string;
  const description = report.text("description", option.description);
  if (option.preview !== undefined)
    report.at("preview").warn("alias_merged", "Its `preview` is the older name of `thumbnail`, and is read as it.");
  const thumbnail = option.thumbnail ?? option.preview;
  return {
    value: option.id,
    label,
    ...(description !== undefined && { description }),
    ...(thumbnail !== undefined && { thumbnail }),
  };
}

function toResource(option: ResourceOption, report: Report): Resource {
  for (const key of ["name", "title", "description"] as const) report.text(key, option[key]);
  return { ...option };
}
