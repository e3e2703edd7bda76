import type { DataToolInput, Image as DataImage, Question, ResourceOption } from "../../../generated/data-tool-input.js";
import {
  type ChoiceField,
  type Field,
  type FileField,
  type FormModel,
  type Image,
  type Issue,
  type PathSegment,
  type Resource,
  type ResourceField,
  type Result,
  cardLossMessage,
  cardOnOption,
  failure,
  problem,
  success,
  warning,
} from "../../model/index.js";
import { DEFAULT_FILES_MAX_ITEMS, DEFAULT_TEXT_MAX_LENGTH } from "./decode.js";
import { dataIds } from "./ids.js";
import { imageSourceProblem } from "./image-url.js";
import { validateDataInput } from "./validate.js";

/** What a boolean field becomes: a single choice between these two option ids. */
export const BOOLEAN_OPTIONS = { yes: "yes", no: "no" } as const;

const TITLE_MAX = 80;

/**
 * Writes a model form as a Data tool input. What the Data contract cannot say is a
 * warning naming its model path; what it cannot hold at all (more than 12 questions,
 * more than 24 options) is an error, since dropping a question would lose answers.
 * The result is checked against the contract before it is returned.
 */
export function encodeDataInput(form: FormModel): Result<DataToolInput> {
  const warnings: Issue[] = [];
  const errors: Issue[] = [];
  for (const key of ["id", "description", "submitLabel", "lang"] as const) {
    if (form[key] !== undefined) warnings.push(dropped([key], `the form's ${key} has no place in a Data tool input`));
  }
  droppedExtensions(form.extensions, [], warnings);
  if (form.fields.length > 12) errors.push(problem("too_many_fields", ["fields"], `has ${form.fields.length} fields; a Data tool input holds at most 12`));
  if (form.fields.length === 0) errors.push(problem("no_fields", ["fields"], "is empty; a Data tool input needs at least one question"));

  const ids = dataIds(form.fields.map((field) => field.id), "q");
  const questions = form.fields.map((field, index) => {
    const path = ["fields", index];
    if (ids[index] !== field.id) warnings.push(approximated([...path, "id"], `the id "${field.id}" is not a valid Data id; it is written as "${ids[index]}"`));
    droppedExtensions(field.extensions, path, warnings);
    return toQuestion(field, ids[index] as string, path, warnings, errors);
  });
  if (errors.length > 0) return failure("unsupported_form", errors);

  const input: DataToolInput = { message: message(form, warnings), questions };
  const checked = validateDataInput(input);
  if (!checked.ok) return checked;
  return success(input, warnings);
}

function message(form: FormModel, warnings: Issue[]): string {
  const only = form.fields.length === 1 ? form.fields[0] : undefined;
  const title = form.title || only?.label || "Please answer these questions";
  if (form.title === undefined || form.title === "") warnings.push(approximated(["title"], `the form has no title; the Data message is "${truncate(title, TITLE_MAX)}"`));
  return fit(title, TITLE_MAX, ["title"], warnings);
}

function toQuestion(field: Field, id: string, path: PathSegment[], warnings: Issue[], errors: Issue[]): Question {
  const label = field.label?.trim() || field.id;
  if (!field.label?.trim()) warnings.push(approximated([...path, "label"], `the field has no label; its title is "${truncate(label, TITLE_MAX)}"`));
  const overflow = label.length > TITLE_MAX ? `${label}\n\n` : "";
  if (overflow) warnings.push(approximated([...path, "label"], `the label is longer than ${TITLE_MAX} characters; it is shortened and given in full in the description`));
  const description = overflow + (field.description ?? "");
  const common = {
    id,
    title: truncate(label, TITLE_MAX),
    ...((overflow || field.description !== undefined) && { description: fit(description, 2000, [...path, "description"], warnings) }),
    required: field.required,
  };
  if ("placeholder" in field && field.placeholder !== undefined) warnings.push(dropped([...path, "placeholder"], "placeholders have no place in a Data tool input"));
  if ("default" in field && field.default !== undefined) warnings.push(dropped([...path, "default"], "the Data tool never preselects answers; the default is dropped"));

  switch (field.kind) {
    case "text": {
      const impliedByRequired = field.required && field.minLength === 1 && field.pattern === "\\S";
      if (field.minLength !== undefined && !impliedByRequired) warnings.push(dropped([...path, "minLength"], "a Data text question has no minimum length"));
      if (field.pattern !== undefined && !impliedByRequired) warnings.push(dropped([...path, "pattern"], "a Data text question has no pattern"));
      if (field.format !== undefined) warnings.push(dropped([...path, "format"], `a Data text question has no format; ${field.format} answers are not checked`));
      if (field.multiline) warnings.push(dropped([...path, "multiline"], "a Data text question has no multi-line hint"));
      return { type: "text", ...common, ...textMaxLength(field.maxLength, path, warnings) };
    }
    case "number":
      warnings.push(approximated(path, `a number field becomes a text question; answers are read back as numbers${bounds(field.minimum, field.maximum)}`));
      for (const key of ["step", "slider"] as const) if (field[key] !== undefined) warnings.push(dropped([...path, key], `a Data text question has no ${key}`));
      return { type: "text", ...common, maxLength: 64 };
    case "boolean":
      warnings.push(approximated(path, 'a yes/no switch becomes a single choice between "Yes" and "No"'));
      return { type: "single_select", ...common, options: [{ id: BOOLEAN_OPTIONS.yes, title: "Yes" }, { id: BOOLEAN_OPTIONS.no, title: "No" }] };
    case "choice":
      return choiceQuestion(field, common, path, warnings, errors);
    case "resource":
    case "file":
      return resourceQuestion(field, common, path, warnings, errors);
  }
}

type Common = Pick<Question, "id" | "title" | "description" | "required">;

function choiceQuestion(field: ChoiceField, common: Common, path: PathSegment[], warnings: Issue[], errors: Issue[]): Question {
  if (field.options.length === 0 || field.options.length > 24) {
    errors.push(problem("unsupported_options", [...path, "options"], `has ${field.options.length} options; a Data choice needs 1 to 24`));
  }
  if (field.custom !== undefined) warnings.push(dropped([...path, "custom"], "a Data choice cannot take a typed answer; only the listed options can be chosen"));
  if (field.display !== undefined) warnings.push(dropped([...path, "display"], `the ${field.display} display hint has no place in a Data tool input`));
  const ids = dataOptionIds(field);
  const options = field.options.map((option, index) => {
    const optionPath = [...path, "options", index];
    if (ids[index] !== option.value) warnings.push(approximated([...optionPath, "value"], `the value "${option.value}" is not a valid Data id; it is written as "${ids[index]}"`));
    if (option.icons !== undefined) warnings.push(dropped([...optionPath, "icons"], "Data choice options have no icons"));
    const card = option.card && cardOnOption(option, (src) => imageSourceProblem(src) === undefined);
    if (card) {
      const { code, message } = cardLossMessage(card, "a Data option");
      warnings.push(warning(code, [...optionPath, "card"], message));
    }
    const thumbnail = option.thumbnail ? image(option.thumbnail, [...optionPath, "thumbnail"], warnings) : card?.thumbnail;
    const description = option.description ?? card?.description;
    return {
      id: ids[index] as string,
      title: fit(option.label?.trim() || option.value, 500, [...optionPath, "label"], warnings),
      ...(description !== undefined && { description: fit(description, 1000, [...optionPath, "description"], warnings) }),
      ...(thumbnail && { thumbnail }),
    };
  });
  if (!field.multiple) return { type: "single_select", ...common, options };
  return { type: "multi_select", ...common, options, ...itemBounds(field, options.length, path, warnings) };
}

/** The Data option ids a choice field is written with (see ids.ts). */
export function dataOptionIds(field: ChoiceField): string[] {
  return dataIds(field.options.map((option) => option.value), "o");
}

function resourceQuestion(field: ResourceField | FileField, common: Common, path: PathSegment[], warnings: Issue[], errors: Issue[]): Question {
  const min = field.kind === "file" ? 0 : 1;
  if (field.options.length < min || field.options.length > 24) {
    errors.push(problem("unsupported_options", [...path, "options"], `has ${field.options.length} offered resources; a Data question takes ${min} to 24`));
  }
  if (field.selection === "implicit") warnings.push(approximated([...path, "selection"], "Data never preselects; implicit selection becomes explicit, so nothing starts selected"));
  const options = field.options.map((resource, index) => resourceOption(resource, [...path, "options", index], warnings));
  if (field.kind === "resource") {
    if (!field.multiple) return { type: "resource", ...common, options };
    return { type: "resources", ...common, options, ...itemBounds(field, options.length, path, warnings) };
  }
  if (field.pick.kind === "directory") warnings.push(approximated([...path, "pick", "kind"], "Data asks for files, not directories"));
  if (!field.multiple) warnings.push(approximated([...path, "multiple"], "a single file becomes a files question limited to one file"));
  const bounds = field.multiple ? itemBounds(field, DEFAULT_FILES_MAX_ITEMS, path, warnings) : { maxItems: 1, ...(field.required && { minItems: 1 }) };
  const accept = field.pick.accept?.slice(0, 12);
  if (field.pick.accept && field.pick.accept.length > 12) warnings.push(dropped([...path, "pick", "accept"], "Data accepts at most 12 file types; the rest are dropped"));
  return { type: "files", ...common, ...(options.length > 0 && { options }), ...bounds, ...(accept && accept.length > 0 && { accept }) };
}

function itemBounds(field: ChoiceField | ResourceField | FileField, limit: number, path: PathSegment[], warnings: Issue[]) {
  const minItems = Math.min(field.minItems ?? (field.required ? 1 : 0), limit, 24);
  const maxItems = Math.max(Math.min(field.maxItems ?? limit, limit, 24), 1);
  if (field.minItems !== undefined && field.minItems !== minItems) warnings.push(approximated([...path, "minItems"], `minItems ${field.minItems} becomes ${minItems}, the most a Data question allows here`));
  if (field.maxItems !== undefined && field.maxItems !== maxItems) warnings.push(approximated([...path, "maxItems"], `maxItems ${field.maxItems} becomes ${maxItems}, the most a Data question allows here`));
  return { minItems: field.required ? Math.max(minItems, 1) : minItems, maxItems };
}

function resourceOption(resource: Resource, path: PathSegment[], warnings: Issue[]): ResourceOption {
  for (const key of ["size", "annotations", "meta"] as const) {
    if (resource[key] !== undefined) warnings.push(dropped([...path, key], `Data resource options have no ${key === "meta" ? "_meta" : key}`));
  }
  if (resource.title === undefined) warnings.push(approximated([...path, "title"], "Data resources need a title; the name is used, as native renderers do"));
  const icons = (resource.icons ?? []).flatMap((icon, index) => image(icon, [...path, "icons", index], warnings) ?? []);
  if (icons.length > 2) warnings.push(dropped([...path, "icons"], "Data resources show at most two icons; the rest are dropped"));
  const thumbnail = resource.thumbnail && image(resource.thumbnail, [...path, "thumbnail"], warnings);
  return {
    uri: resource.uri,
    name: fit(resource.name, 500, [...path, "name"], warnings),
    title: fit(resource.title ?? resource.name, 500, [...path, "title"], warnings),
    ...(resource.description !== undefined && { description: fit(resource.description, 1000, [...path, "description"], warnings) }),
    ...(resource.mimeType !== undefined && { mimeType: resource.mimeType }),
    ...(resource.icons !== undefined && { icons: icons.slice(0, 2) }),
    ...(thumbnail && { thumbnail }),
  };
}

/** A model image as Data can carry it, or undefined (with a warning) when it cannot. */
function image(source: Image, path: PathSegment[], warnings: Issue[]): DataImage | undefined {
  const wrong = imageSourceProblem(source.src);
  if (wrong !== undefined) {
    warnings.push(dropped(path, `the image is dropped: a Data image ${wrong}`));
    return undefined;
  }
  for (const key of ["sizes", "theme"] as const) {
    if (source[key] !== undefined) warnings.push(dropped([...path, key], `Data images have no ${key === "sizes" ? "sizes" : "theme"} hint`));
  }
  return { src: source.src, ...(source.mimeType !== undefined && { mimeType: source.mimeType }) };
}

function textMaxLength(maxLength: number | undefined, path: PathSegment[], warnings: Issue[]) {
  if (maxLength === undefined) {
    warnings.push(approximated([...path, "maxLength"], `the field has no length limit; Data limits text answers to ${DEFAULT_TEXT_MAX_LENGTH.toLocaleString("en")} characters`));
    return {};
  }
  const clamped = Math.min(Math.max(maxLength, 1), 16000);
  if (clamped !== maxLength) warnings.push(approximated([...path, "maxLength"], `maxLength ${maxLength} becomes ${clamped}, the nearest a Data text question allows`));
  return { maxLength: clamped };
}

function droppedExtensions(extensions: FormModel["extensions"], path: PathSegment[], warnings: Issue[]): void {
  for (const protocol of Object.keys(extensions ?? {})) {
    if (protocol !== "data") warnings.push(dropped([...path, "extensions", protocol], `details only the ${protocol} protocol can say are dropped`));
  }
}

function fit(text: string, max: number, path: PathSegment[], warnings: Issue[]): string {
  if (text.length <= max) return text;
  warnings.push(approximated(path, `the text is longer than ${max} characters and is shortened`));
  return truncate(text, max);
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

function bounds(minimum: number | undefined, maximum: number | undefined): string {
  if (minimum === undefined && maximum === undefined) return "";
  return ` (between ${minimum ?? "-∞"} and ${maximum ?? "∞"})`;
}

const dropped = (path: PathSegment[], message: string) => warning("dropped", path, message);
const approximated = (path: PathSegment[], message: string) => warning("approximated", path, message);
