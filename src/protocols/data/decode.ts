import type {
  ChoiceOption as DataChoiceOption,
  DataToolInput,
  Question,
  ResourceOption,
} from "../../../generated/data-tool-input.js";
import {
  type ChoiceOption,
  type Field,
  type FormModel,
  type Issue,
  type Resource,
  warning,
} from "../../model/index.js";
import { DEFAULT_FILES_MAX_ITEMS, DEFAULT_TEXT_MAX_LENGTH } from "./limits.js";

/**
 * Reads a validated Data tool input into the model, writing out every default the
 * contract computes (text `maxLength`, selection bounds, the non-blank rule of required
 * text) so that the model says exactly what the contract means.
 */
export function decodeDataInput(input: DataToolInput): { form: FormModel; warnings: Issue[] } {
  const warnings: Issue[] = [];
  const fields = input.questions.map((question, index) => toField(question, ["questions", index], warnings));
  return { form: { title: input.message, fields }, warnings };
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
      warning("alias_merged", [...path, "preview"], "the older `preview` alias is read as the option's `thumbnail`"),
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
