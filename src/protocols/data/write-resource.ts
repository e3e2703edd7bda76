import type { Image as DataImage, Question, ResourceOption } from "../../../generated/data-tool-input.js";
import {
  type ChoiceField,
  type FileField,
  type Image,
  type Resource,
  type ResourceField,
  named,
} from "../../model/index.js";
import type { Report } from "../report/index.js";
import {
  DEFAULT_FILES_MAX_ITEMS,
  MAX_ACCEPT_ENTRIES,
  MAX_ICONS,
  MAX_OPTION_DESCRIPTION_LENGTH,
  MAX_OPTION_TITLE_LENGTH,
  MAX_OPTIONS,
} from "./limits.js";
import { imageSourceProblem } from "./image-url.js";
import { type Common, dataTitle, fit } from "./write-parts.js";

// A resource or files question, its options and their images, and the bounds of a list question (write-form.ts writes
// the rest).

export function resourceQuestion(field: ResourceField | FileField, common: Common, report: Report): Question {
  const min = field.kind === "file" ? 0 : 1;
  if (field.options.length < min || field.options.length > MAX_OPTIONS) {
    report
      .at("options")
      .error(
        "unsupported_options",
        `It offers ${field.options.length} resources, and a Data question takes ${min} to ${MAX_OPTIONS}.`,
      );
  }
  if (field.selection === "implicit")
    report
      .at("selection")
      .warn(
        "approximated",
        "Its implicit selection becomes explicit, so nothing starts selected: Data never preselects.",
      );
  const options = field.options.map((resource, index) =>
    resourceOption(resource, report.at("options", index).option(resource.uri)),
  );
  if (field.kind === "resource") {
    if (!field.multiple) return { type: "resource", ...common, options };
    return { type: "resources", ...common, options, ...itemBounds(field, options.length, report) };
  }
  if (field.pick.kind === "directory")
    report.at("pick", "kind").warn("approximated", "It asks for directories, but Data asks for files.");
  if (!field.multiple)
    report.warn("approximated", "It asks for a single file, which Data asks as a files question limited to one file.");
  if (field.multiple && field.maxItems === undefined)
    report
      .at("maxItems")
      .warn(
        "approximated",
        `It sets no most-files limit, and a Data files question takes at most ${DEFAULT_FILES_MAX_ITEMS}.`,
      );
  const bounds = field.multiple
    ? itemBounds(field, DEFAULT_FILES_MAX_ITEMS, report)
    : { minItems: field.required ? 1 : 0, maxItems: 1 };
  const accept = field.pick.accept?.slice(0, MAX_ACCEPT_ENTRIES);
  if (field.pick.accept && field.pick.accept.length > MAX_ACCEPT_ENTRIES)
    report
      .at("pick", "accept")
      .warn(
        "dropped",
        `It accepts more than ${MAX_ACCEPT_ENTRIES} file types, the most Data takes, so the rest are dropped.`,
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
export function singleBounds(field: ChoiceField | ResourceField | FileField, report: Report): void {
  if (field.multiple) return;
  for (const key of ["minItems", "maxItems"] as const) {
    if (field[key] !== undefined)
      report
        .at(key)
        .warn(
          "dropped",
          `Its ${named(key)} is dropped: it applies to several choices only, and this question takes one.`,
        );
  }
}

export function itemBounds(field: ChoiceField | ResourceField | FileField, limit: number, report: Report) {
  const maxItems = Math.max(Math.min(field.maxItems ?? limit, limit, MAX_OPTIONS), 1);
  // A required field needs one answer whatever its minItems says; Data writes that out.
  const floor = field.required ? 1 : 0;
  const asked = Math.max(field.minItems ?? floor, floor);
  const minItems = Math.min(asked, maxItems);
  if (asked !== minItems)
    report
      .at("minItems")
      .warn(
        "approximated",
        `Its minItems ${field.minItems} becomes ${minItems}, the nearest a Data question allows here.`,
      );
  if (field.maxItems !== undefined && field.maxItems !== maxItems)
    report
      .at("maxItems")
      .warn(
        "approximated",
        `Its maxItems ${field.maxItems} becomes ${maxItems}, the nearest a Data question allows here.`,
      );
  return { minItems, maxItems };
}

function resourceOption(resource: Resource, report: Report): ResourceOption {
  for (const key of ["size", "annotations", "meta"] as const) {
    if (resource[key] !== undefined)
      report
        .at(key)
        .warn("dropped", `Its ${named(key === "meta" ? "_meta" : key)} is dropped: a Data resource option has none.`);
  }
  const icons = (resource.icons ?? []).flatMap((icon, index) => image(icon, report.at("icons", index)) ?? []);
  if (icons.length > MAX_ICONS)
    report
      .at("icons")
      .warn("dropped", `It has more than ${MAX_ICONS} icons, the most a Data resource shows, so the rest are dropped.`);
  const thumbnail = resource.thumbnail && image(resource.thumbnail, report.at("thumbnail"));
  return {
    uri: resource.uri,
    name: dataTitle(resource.name, resource.title?.trim() || resource.uri, MAX_OPTION_TITLE_LENGTH, report.at("name")),
    title: dataTitle(
      resource.title,
      resource.name.trim() || resource.uri,
      MAX_OPTION_TITLE_LENGTH,
      report.at("title"),
      "It has no title (native renderers show its name)",
    ),
    ...(resource.description !== undefined && {
      description: fit(resource.description, MAX_OPTION_DESCRIPTION_LENGTH, report.at("description")),
    }),
    ...(resource.mimeType !== undefined && { mimeType: resource.mimeType }),
    ...(resource.icons !== undefined && { icons: icons.slice(0, MAX_ICONS) }),
    ...(thumbnail && { thumbnail }),
  };
}

/** A model image as Data can carry it, or undefined (with a warning) when it cannot. */
export function image(source: Image, report: Report): DataImage | undefined {
  const wrong = imageSourceProblem(source.src);
  if (wrong !== undefined) {
    report.warn("dropped", `The image is dropped: a Data image ${wrong}.`);
    return undefined;
  }
  for (const key of ["sizes", "theme"] as const) {
    if (source[key] !== undefined)
      report.at(key).warn("dropped", `The image's ${key} hint is dropped: a Data image has none.`);
  }
  return { src: source.src, ...(source.mimeType !== undefined && { mimeType: source.mimeType }) };
}
