import { isDeepStrictEqual } from "node:util";
import type { Field, FormModel, Issue, PathSegment } from "../../src/model/index.js";
import { formatPath } from "../../src/model/index.js";

/**
 * The model a form means, with equivalent spellings made one, so that comparing a form
 * before and after a translation shows only what changed in meaning: an option without a
 * label shows its value, and an empty direction card is none; `false` multiline and slider hints, `explicit` selection
 * and picking
 * `file`s are the defaults;
 * `minLength: 0`, a required text's non-blank rule (`minLength: 1`, `pattern: "\S"`) and a
 * multiple field's `minItems` up to the implied one (1 when required, else 0) say nothing.
 */
export function meaning(form: FormModel): FormModel {
  const copy = structuredClone(form);
  copy.fields = copy.fields.map(fieldMeaning);
  return copy;
}

function fieldMeaning(field: Field): Field {
  if (field.kind === "text" && field.multiline === false) delete field.multiline;
  if (field.kind === "number" && field.slider === false) delete field.slider;
  if (field.kind === "text") {
    if (field.minLength === (field.required ? 1 : 0) || field.minLength === 0) delete field.minLength;
    if (field.required && field.pattern === "\\S") delete field.pattern;
  }
  if (field.kind === "choice") {
    for (const option of field.options) {
      option.label ??= option.value;
      if (option.card !== undefined && Object.keys(option.card).length === 0) delete option.card;
    }
    if (field.custom?.minLength === 0) delete field.custom.minLength;
  }
  if ((field.kind === "choice" || field.kind === "resource" || field.kind === "file") && field.multiple) {
    if (field.minItems !== undefined && field.minItems <= (field.required ? 1 : 0)) delete field.minItems;
  }
  if (field.kind === "resource" || field.kind === "file") {
    if (field.selection === "explicit") delete field.selection;
  }
  if (field.kind === "file" && field.pick.kind === "file") delete field.pick.kind;
  return field;
}

/**
 * What a target adds on its own that says nothing new: a display hint the source did not
 * give that is the target's default (a `<question-form>` question always names its control);
 * a `maxItems` the source did not give, no smaller than the options, where no typed answer
 * can add more (Data writes its computed bound); the pattern a target checks in place of a
 * format it lacks (the format is warned); and the thumbnail and description an option shows
 * of a direction card the target cannot hold (the card is warned). And a form title said
 * once by the label of its only (text) field, which a native header leaves out.
 */
export function withoutAddedDefaults(before: FormModel, after: FormModel): FormModel {
  const copy = structuredClone(after);
  // A lone text field labelled with the form's title shows it once: native leaves its header empty.
  const [only, ...others] = before.fields;
  if (others.length === 0 && only?.kind === "text" && only.label === before.title && copy.title === undefined)
    copy.title = before.title;
  copy.fields.forEach((field, index) => {
    const source = before.fields[index];
    if (source === undefined || field.kind !== source.kind) return;
    if (field.kind === "choice" && source.kind === "choice") {
      if (source.display === undefined && field.display === (field.multiple ? "checkbox" : "radio"))
        delete field.display;
      field.options.forEach((option, i) => {
        const was = source.options[i];
        if (was?.card === undefined || option.card !== undefined) return;
        if (was.thumbnail === undefined) delete option.thumbnail;
        if (was.description === undefined) delete option.description;
      });
    }
    if (
      (field.kind === "choice" && source.kind === "choice") ||
      (field.kind === "resource" && source.kind === "resource")
    ) {
      const closed = field.kind === "resource" || field.custom === undefined;
      if (
        source.maxItems === undefined &&
        closed &&
        field.maxItems !== undefined &&
        field.maxItems >= field.options.length
      )
        delete field.maxItems;
    }
    const rules = field.kind === "text" ? field : field.kind === "choice" ? field.custom : undefined;
    const sourceRules = source.kind === "text" ? source : source.kind === "choice" ? source.custom : undefined;
    if (
      rules !== undefined &&
      sourceRules?.format !== undefined &&
      sourceRules.pattern === undefined &&
      rules.format === undefined
    )
      delete rules.pattern;
  });
  return copy;
}

/** Where two JSON values differ; `resized` when it is an array whose length changed. */
export interface Difference {
  path: PathSegment[];
  resized?: true;
}

/**
 * Where two JSON values differ: the deepest object key or array index that differs. Arrays
 * of the same length are compared item by item; an array whose length changed differs as a
 * whole (`resized`: items dropped from its middle shift the rest). A missing object is
 * compared as an empty one, so `{native: {…}}` against nothing differs at `native`; a missing
 * or empty object against an empty one differs at its own path.
 */
export function differences(a: unknown, b: unknown, path: PathSegment[] = [], out: Difference[] = []): Difference[] {
  if (isDeepStrictEqual(a, b)) return out;
  const emptyish = (x: unknown) => x === undefined || (isObject(x) && Object.keys(x).length === 0);
  if (emptyish(a) && emptyish(b)) out.push({ path });
  else if ((isObject(a) || a === undefined) && (isObject(b) || b === undefined)) {
    const left: Record<string, unknown> = a ?? {};
    const right: Record<string, unknown> = b ?? {};
    for (const key of new Set([...Object.keys(left), ...Object.keys(right)]))
      differences(left[key], right[key], [...path, key], out);
  } else if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    a.forEach((item, index) => differences(item, b[index], [...path, index], out));
  } else if (Array.isArray(a) && Array.isArray(b)) out.push({ path, resized: true });
  else out.push({ path });
  return out;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const startsWith = (path: readonly PathSegment[], prefix: readonly PathSegment[]) =>
  prefix.every((segment, i) => path[i] === segment);

/**
 * Compares a form before and after a translation with the translation's warnings:
 * `unwarned` lists each difference that lies under no warning's path, `unfounded` each
 * warning whose path touches no difference (lies under none, and has none under it).
 * Both empty: the warnings say exactly what was lost.
 */
export function unexplained(
  before: FormModel,
  after: FormModel,
  warnings: readonly Issue[],
): { unwarned: string[]; unfounded: string[] } {
  const a = meaning(before);
  const b = withoutAddedDefaults(a, meaning(after));
  const diffs = differences(a, b);
  // A resized array is explained by a warning on it or on one of its items.
  const covers = (diff: Difference, w: Issue) =>
    startsWith(diff.path, w.path) || (diff.resized === true && startsWith(w.path, diff.path));
  const unwarned = diffs
    .filter((diff) => !warnings.some((w) => covers(diff, w)))
    .map(
      ({ path }) =>
        `${formatPath(path)} changed with no warning (${JSON.stringify(valueAt(a, path))} → ` +
        `${JSON.stringify(valueAt(b, path))})`,
    );
  const unfounded = warnings
    .filter((w) => !diffs.some((diff) => startsWith(diff.path, w.path) || startsWith(w.path, diff.path)))
    .map((w) => `${w.code} at ${formatPath(w.path)}, but nothing there changed: ${w.message}`);
  return { unwarned, unfounded };
}

function valueAt(value: unknown, path: readonly PathSegment[]): unknown {
  let at: unknown = value;
  for (const segment of path) at = (at as Record<string | number, unknown> | undefined)?.[segment];
  return at;
}
