import type { ChoiceOption as DataChoiceOption, Question, ResourceOption } from "../../../generated/data-tool-input.js";
import {
  type ChoiceOption,
  type Field,
  type FormModel,
  type Issue,
  type PathSegment,
  type Resource,
  type Result,
  invisibleTextWarnings,
  success,
  warning,
} from "../../model/index.js";
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
  const warnings: Issue[] = [...valid.warnings];
  const questions = valid.value.questions;
  const fields = questions.map((question, index) => toField(question, ["questions", index], warnings));
  const form: FormModel = { title: valid.value.message, fields };
  return success(form, [...warnings, ...invisibleTextWarnings(form, dataPath)]);
}

/** Where a model text of a Data form was written: `fields[i].options[j].label` is `questions[i].options[j].title`. */
function dataPath(path: PathSegment[]): PathSegment[] {
  if (path[0] !== "fields") return path[0] === "title" ? ["message"] : path;
  const wire = ["questions", ...path.slice(1)];
  const last = wire.length - 1;
  if (wire[last] === "label") wire[last] = "title";
  return wire;
}

function toField(question: Question, path: (string | number)[], warnings: Issue[]): Field {
  const base = {
    id: question.id,
    label: question.title,
    ...(question.description !== undefined && { description: question.description }),
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
        options: question.options.map((o, i) => toChoiceOption(o, [...path, "options", i], warnings)),
      };
    case "multi_select":
      return {
        kind: "choice",
        ...base,
        multiple: true,
        options: question.options.map((o, i) => toChoiceOption(o, [...path, "options", i], warnings)),
        ...selectionBounds(question.required, question.minItems, question.maxItems, question.options.length),
      };
    case "resource":
      return { kind: "resource", ...base, multiple: false, options: question.options.map(toResource) };
    case "resources":
      return {
        kind: "resource",
        ...base,
        multiple: true,
        selection: "explicit",
        options: question.options.map(toResource),
        ...selectionBounds(question.required, question.minItems, question.maxItems, question.options.length),
      };
    case "files":
      return {
        kind: "file",
        ...base,
        multiple: true,
        selection: "explicit",
        options: (question.options ?? []).map(toResource),
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

function toChoiceOption(option: DataChoiceOption, path: (string | number)[], warnings: Issue[]): ChoiceOption {
  if (option.preview !== undefined) {
    warnings.push(
      warning(
        "alias_merged",
        [...path, "preview"],
        "Its `preview` is the older name of `thumbnail`, and is read as it.",
      ),
    );
  }
  const thumbnail = option.thumbnail ?? option.preview;
  return {
    value: option.id,
    label: option.title,
    ...(option.description !== undefined && { description: option.description }),
    ...(thumbnail !== undefined && { thumbnail }),
  };
}

function toResource(option: ResourceOption): Resource {
  return { ...option };
}
