import type { Image as DataImage, Question, ResourceOption } from "../../../generated/data-tool-input.js";
import {
  type ChoiceField,
  type FileField,
  type Image,
  type Issue,
  type PathSegment,
  type Resource,
  type ResourceField,
  named,
  problem,
} from "../../model/index.js";
import {
  DEFAULT_FILES_MAX_ITEMS,
  MAX_ACCEPT_ENTRIES,
  MAX_ICONS,
  MAX_OPTION_DESCRIPTION_LENGTH,
  MAX_OPTION_TITLE_LENGTH,
  MAX_OPTIONS,
} from "./limits.js";
import { imageSourceProblem } from "./image-url.js";
import { type Common, approximated, dataTitle, dropped, fit } from "./write-parts.js";

// A resource or files question, its options and their images, and the bounds of a list question (write-form.ts writes
// the rest).

export function resourceQuestion(
  field: ResourceField | FileField,
  common: Common,
  path: PathSegment[],
  warnings: Issue[],
  errors: Issue[],
): Question {
  const min = field.kind === "file" ? 0 : 1;
  if (field.options.length < min || field.options.length > MAX_OPTIONS) {
    errors.push(
      problem(
        "unsupported_options",
        [...path, "options"],
        `It offers ${field.options.length} resources, and a Data question takes ${min} to ${MAX_OPTIONS}.`,
      ),
    );
  }
  if (field.selection === "implicit")
    warnings.push(
      approximated(
        [...path, "selection"],
        "Its implicit selection becomes explicit, so nothing starts selected: Data never preselects.",
      ),
    );
  const options = field.options.map((resource, index) =>
    resourceOption(resource, [...path, "options", index], warnings),
  );
  if (field.kind === "resource") {
    if (!field.multiple) return { type: "resource", ...common, options };
    return { type: "resources", ...common, options, ...itemBounds(field, options.length, path, warnings) };
  }
  if (field.pick.kind === "directory")
    warnings.push(approximated([...path, "pick", "kind"], "It asks for directories, but Data asks for files."));
  if (!field.multiple)
    warnings.push(
      approximated(path, "It asks for a single file, which Data asks as a files question limited to one file."),
    );
  if (field.multiple && field.maxItems === undefined)
    warnings.push(
      approximated(
        [...path, "maxItems"],
        `It sets no most-files limit, and a Data files question takes at most ${DEFAULT_FILES_MAX_ITEMS}.`,
      ),
    );
  const bounds = field.multiple
    ? itemBounds(field, DEFAULT_FILES_MAX_ITEMS, path, warnings)
    : { minItems: field.required ? 1 : 0, maxItems: 1 };
  const accept = field.pick.accept?.slice(0, MAX_ACCEPT_ENTRIES);
  if (field.pick.accept && field.pick.accept.length > MAX_ACCEPT_ENTRIES)
    warnings.push(
      dropped(
        [...path, "pick", "accept"],
        `It accepts more than ${MAX_ACCEPT_ENTRIES} file types, the most Data takes, so the rest are dropped.`,
      ),
    );
  return {
    type: "files",
    ...common,
    ...(options.length > 0 && { options }),
    ...bounds,
    ...(accept && accept.length > 0 && { accept }),
  };
}

/** `minItems` / `maxItems` mean nothing on a field that takes one value. */
export function singleBounds(
  field: ChoiceField | ResourceField | FileField,
  path: PathSegment[],
  warnings: Issue[],
): void {
  if (field.multiple) return;
  for (const key of ["minItems", "maxItems"] as const) {
    if (field[key] !== undefined)
      warnings.push(
        dropped(
          [...path, key],
          `Its ${named(key)} is dropped: it applies to several choices only, and this question takes one.`,
        ),
      );
  }
}

export function itemBounds(
  field: ChoiceField | ResourceField | FileField,
  limit: number,
  path: PathSegment[],
  warnings: Issue[],
) {
  const maxItems = Math.max(Math.min(field.maxItems ?? limit, limit, MAX_OPTIONS), 1);
  // A required field needs one answer whatever its minItems says; Data writes that out.
  const floor = field.required ? 1 : 0;
  const asked = Math.max(field.minItems ?? floor, floor);
  const minItems = Math.min(asked, maxItems);
  if (asked !== minItems)
    warnings.push(
      approximated(
        [...path, "minItems"],
        `Its minItems ${field.minItems} becomes ${minItems}, the nearest a Data question allows here.`,
      ),
    );
  if (field.maxItems !== undefined && field.maxItems !== maxItems)
    warnings.push(
      approximated(
        [...path, "maxItems"],
        `Its maxItems ${field.maxItems} becomes ${maxItems}, the nearest a Data question allows here.`,
      ),
    );
  return { minItems, maxItems };
}

function resourceOption(resource: Resource, path: PathSegment[], warnings: Issue[]): ResourceOption {
  for (const key of ["size", "annotations", "meta"] as const) {
    if (resource[key] !== undefined)
      warnings.push(
        dropped(
          [...path, key],
          `Its ${named(key === "meta" ? "_meta" : key)} is dropped: a Data resource option has none.`,
        ),
      );
  }
  const icons = (resource.icons ?? []).flatMap((icon, index) => image(icon, [...path, "icons", index], warnings) ?? []);
  if (icons.length > MAX_ICONS)
    warnings.push(
      dropped(
        [...path, "icons"],
        `It has more than ${MAX_ICONS} icons, the most a Data resource shows, so the rest are dropped.`,
      ),
    );
  const thumbnail = resource.thumbnail && image(resource.thumbnail, [...path, "thumbnail"], warnings);
  return {
    uri: resource.uri,
    name: dataTitle(
      resource.name,
      resource.title?.trim() || resource.uri,
      MAX_OPTION_TITLE_LENGTH,
      [...path, "name"],
      warnings,
    ),
    title: dataTitle(
      resource.title,
      resource.name.trim() || resource.uri,
      MAX_OPTION_TITLE_LENGTH,
      [...path, "title"],
      warnings,
      "It has no title (native renderers show its name)",
    ),
    ...(resource.description !== undefined && {
      description: fit(resource.description, MAX_OPTION_DESCRIPTION_LENGTH, [...path, "description"], warnings),
    }),
    ...(resource.mimeType !== undefined && { mimeType: resource.mimeType }),
    ...(resource.icons !== undefined && { icons: icons.slice(0, MAX_ICONS) }),
    ...(thumbnail && { thumbnail }),
  };
}

/** A model image as Data can carry it, or undefined (with a warning) when it cannot. */
export function image(source: Image, path: PathSegment[], warnings: Issue[]): DataImage | undefined {
  const wrong = imageSourceProblem(source.src);
  if (wrong !== undefined) {
    warnings.push(dropped(path, `The image is dropped: a Data image ${wrong}.`));
    return undefined;
  }
  for (const key of ["sizes", "theme"] as const) {
    if (source[key] !== undefined)
      warnings.push(dropped([...path, key], `The image's ${key} hint is dropped: a Data image has none.`));
  }
  return { src: source.src, ...(source.mimeType !== undefined && { mimeType: source.mimeType }) };
}
