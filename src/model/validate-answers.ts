import type { ChoiceField, CustomAnswer, Field, FileField, FormModel, ResourceField, TextField } from "./index.js";
import { type Issue, type PathSegment, describedValue, problem, quoted } from "./issue.js";
import { formatCount } from "../text/count.js";
import { emptyRecord } from "./record.js";
import { localFileUriProblem } from "./file-uri.js";
import { fitsMaxLength, meetsMinLength } from "../text/text-length.js";
import { matchesFormat } from "../text/text-formats.js";

/**
 * Checks answers against the form they answer, protocol-neutrally: every answer has the
 * type and bounds its field allows, no answer names a field the form lacks, and every
 * required field is answered, or `skipped` (an accepted response's ids of the required questions
 * the person chose to skip). Returns every problem found; an empty list means valid.
 * `at` is prefixed to every path (e.g. `["content"]` for a native result).
 */
export function validateAnswers(
  form: FormModel,
  answers: Readonly<Record<string, unknown>>,
  at: PathSegment[] = [],
  skipped: readonly string[] = [],
): Issue[] {
  const issues: Issue[] = [];
  for (const key of unknownKeys(form, Object.keys(answers))) {
    issues.push(
      problem("unknown_field", [...at, key], `The answers name ${quoted(key)}, which is not a question of the form.`),
    );
  }
  for (const field of form.fields) {
    if (!Object.hasOwn(answers, field.id)) {
      if (field.required && !skipped.includes(field.id))
        issues.push(problem("missing_answer", [...at, field.id], "It is required but was not answered."));
      continue;
    }
    checkValue(field, answers[field.id], at, issues);
  }
  return issues;
}

/**
 * The one rule of what leaves a question unanswered, whoever asks (the answer message's reader and
 * writer, `formCompletion`): no answer, blank text, or nothing chosen.
 */
export function isUnanswered(value: unknown): boolean {
  return (
    value === undefined ||
    (typeof value === "string" && value.trim() === "") ||
    (Array.isArray(value) && value.length === 0)
  );
}

/**
 * Answer keys that name no field. A form a person fills in has few fields: looking each
 * key up among them is cheaper than building an index, which only many keys times many
 * fields need.
 */
function unknownKeys(form: FormModel, keys: string[]): string[] {
  const unknown: string[] = [];
  if (keys.length * form.fields.length <= 1024) {
    for (const key of keys) if (!form.fields.some((field) => field.id === key)) unknown.push(key);
    return unknown;
  }
  const ids = new Set(form.fields.map((field) => field.id));
  for (const key of keys) if (!ids.has(key)) unknown.push(key);
  return unknown;
}

/**
 * The path of the answer to `field` (or of the item at `index` of a list answer): built
 * only when there is a problem to report, since valid answers are the common case.
 */
function pathOf(at: PathSegment[], field: Field, index?: number): PathSegment[] {
  return index === undefined ? [...at, field.id] : [...at, field.id, index];
}

/** The form's fields keyed by id (null-prototype, so any id is a plain key). */
export function fieldsById(form: FormModel): Record<string, Field> {
  const byId = emptyRecord<Field>();
  for (const field of form.fields) byId[field.id] = field;
  return byId;
}

function checkValue(field: Field, value: unknown, at: PathSegment[], issues: Issue[]): void {
  switch (field.kind) {
    case "text":
      if (typeof value !== "string") return void issues.push(typeProblem(pathOf(at, field), "a string", value));
      return checkText(value, field, field.required, at, field, issues);
    case "number":
      if (typeof value !== "number" || !Number.isFinite(value))
        return void issues.push(typeProblem(pathOf(at, field), "a finite number", value));
      if (field.integer && !Number.isInteger(value))
        issues.push(problem("not_integer", pathOf(at, field), `The answer must be a whole number, not ${value}.`));
      if (field.minimum !== undefined && value < field.minimum)
        issues.push(
          problem("too_small", pathOf(at, field), `The answer must be at least ${field.minimum}, not ${value}.`),
        );
      if (field.maximum !== undefined && value > field.maximum)
        issues.push(
          problem("too_big", pathOf(at, field), `The answer must be at most ${field.maximum}, not ${value}.`),
        );
      return;
    case "boolean":
      if (typeof value !== "boolean") issues.push(typeProblem(pathOf(at, field), "true or false", value));
      return;
    case "choice":
    case "resource":
    case "file":
      return checkSelection(field, value, at, issues);
  }
}

/** Checks a text answer (or a typed answer of a choice, the item at `index` of a list answer). */
function checkText(
  value: string,
  rules: TextField | CustomAnswer,
  required: boolean,
  at: PathSegment[],
  field: Field,
  issues: Issue[],
  index?: number,
): void {
  if (required && value.trim() === "") {
    // The other rules are moot for a blank answer (and `\S` patterns restate this one).
    return void issues.push(
      problem(
        "blank_answer",
        pathOf(at, field, index),
        `${answer(index)} is blank, and the question is required: it needs a character other than a space.`,
      ),
    );
  }
  if (rules.minLength !== undefined && !meetsMinLength(value, rules.minLength)) {
    issues.push(
      problem(
        "too_short",
        pathOf(at, field, index),
        `${answer(index)} must have at least ${plural(rules.minLength, "character")}.`,
      ),
    );
  }
  if (rules.maxLength !== undefined && !fitsMaxLength(value, rules.maxLength)) {
    issues.push(
      problem(
        "too_long",
        pathOf(at, field, index),
        `${answer(index)} must have at most ${plural(rules.maxLength, "character")}.`,
      ),
    );
  }
  if (rules.pattern !== undefined && !matchesPattern(rules.pattern, value)) {
    issues.push(
      problem(
        "pattern_mismatch",
        pathOf(at, field, index),
        `${answer(index)} does not match the pattern ${quoted(rules.pattern)}.`,
      ),
    );
  }
  if (rules.format !== undefined && value !== "" && !matchesFormat(rules.format, value)) {
    issues.push(
      problem("invalid_format", pathOf(at, field, index), `${answer(index)} is not a valid ${rules.format}.`),
    );
  }
}

type SelectionField = ChoiceField | ResourceField | FileField;

function checkSelection(field: SelectionField, value: unknown, at: PathSegment[], issues: Issue[]): void {
  if (!field.multiple) {
    if (typeof value !== "string") return void issues.push(typeProblem(pathOf(at, field), "a string", value));
    return checkPick(field, value, at, issues);
  }
  if (!Array.isArray(value)) return void issues.push(typeProblem(pathOf(at, field), "an array of strings", value));
  const min = field.minItems ?? (field.required ? 1 : 0);
  if (value.length < min)
    issues.push(
      problem(
        "too_few",
        pathOf(at, field),
        `It needs at least ${plural(min, "selection")}, and the answer has ${value.length}.`,
      ),
    );
  if (field.maxItems !== undefined && value.length > field.maxItems) {
    issues.push(
      problem(
        "too_many",
        pathOf(at, field),
        `It allows at most ${plural(field.maxItems, "selection")}, and the answer has ${value.length}.`,
      ),
    );
  }
  // Repeats: a short list is searched, a long one (only a hostile host sends those) indexed.
  const seen = value.length > 16 ? new Set<string>() : undefined;
  for (let index = 0; index < value.length; index++) {
    const item: unknown = value[index];
    if (typeof item !== "string") {
      issues.push(typeProblem(pathOf(at, field, index), "a string", item));
      continue;
    }
    if (seen === undefined ? value.indexOf(item) < index : seen.has(item))
      issues.push(problem("duplicate_answer", pathOf(at, field, index), `The answer picks ${quoted(item)} twice.`));
    seen?.add(item);
    checkPick(field, item, at, issues, index);
  }
}

/** Checks one picked value (the item at `index` of a list answer). */
function checkPick(field: SelectionField, value: string, at: PathSegment[], issues: Issue[], index?: number): void {
  if (field.kind === "choice") {
    for (const option of field.options) if (option.value === value) return;
    // Options the host has not named yet: the answer is one of its cards, whichever it offered.
    if (field.catalog === "host" && field.options.length === 0)
      return checkText(value, { minLength: 1 }, true, at, field, issues, index);
    if (field.custom !== undefined) return checkText(value, field.custom, field.required, at, field, issues, index);
    return void issues.push(
      problem(
        "not_an_option",
        pathOf(at, field, index),
        `${pick(value, index)} is not one of the offered options (${listValues(field.options.map((o) => o.value))}).`,
      ),
    );
  }
  for (const option of field.options) if (option.uri === value) return;
  if (field.kind === "file") {
    const wrong = localFileUriProblem(value);
    if (wrong !== undefined)
      issues.push(
        problem(
          "invalid_file_uri",
          pathOf(at, field, index),
          `${pick(value, index)} is neither an offered resource nor an acceptable local file: it ${wrong}.`,
        ),
      );
    return;
  }
  issues.push(
    problem("not_an_option", pathOf(at, field, index), `${pick(value, index)} is not one of the offered resources.`),
  );
}

function typeProblem(path: PathSegment[], expected: string, value: unknown): Issue {
  const index = path.at(-1);
  return problem(
    "invalid_type",
    path,
    `${answer(typeof index === "number" ? index : undefined)} must be ${expected}, not ${describedValue(value)}.`,
  );
}

/** The answer a message is about: the whole answer, or the item at `index` of a list answer. */
function answer(index: number | undefined): string {
  return index === undefined ? "The answer" : `The answer's item ${index + 1}`;
}

/** A picked value a message is about, as the answer or the item at `index` of a list answer. */
function pick(value: string, index: number | undefined): string {
  return index === undefined ? `The answer ${quoted(value)}` : `The answer's item ${index + 1}, ${quoted(value)},`;
}

function plural(count: number, unit: string): string {
  return `${formatCount(count)} ${unit}${count === 1 ? "" : "s"}`;
}

function listValues(values: string[]): string {
  const shown = values
    .slice(0, 6)
    .map((v) => quoted(v))
    .join(", ");
  return values.length > 6 ? `${shown}, …` : shown;
}

// Patterns come from forms, which are read once and answered often: keep a small cache.
const patternCache = new Map<string, RegExp | null>();

/** Whether `value` matches a form's ECMA-262 `pattern` (`u` flag); a pattern that does not compile matches nothing. */
export function matchesPattern(pattern: string, value: string): boolean {
  let regex = patternCache.get(pattern);
  if (regex === undefined) {
    try {
      regex = new RegExp(pattern, "u");
    } catch {
      regex = null;
    }
    if (patternCache.size >= 256) patternCache.clear();
    patternCache.set(pattern, regex);
  }
  // A form whose pattern does not compile was rejected when read; treat it as unmatched.
  return regex?.test(value) === true;
}
