import type { FileField, ResourceField } from "../../model/index.js";
import type { Report } from "../report/index.js";
import { dropped, upperBound, withCommon } from "./write-parts.js";

/** Resource metadata a titled option cannot show (its `title`, or else its `name`, is the option's title). */
const UNSAID = ["description", "mimeType", "size", "icons", "thumbnail", "annotations", "meta"] as const;

/**
 * How a protocol with only the standard schema's field kinds (mcp, acp, ag-ui) writes a
 * resource or file question: a resource question becomes a titled select over the offered
 * URIs; a file question cannot be asked at all (docs/mcp.md, "Writing"). `protocol` names the
 * target in the messages.
 */
export function writeStandardResourceField(
  protocol: string,
): (field: ResourceField | FileField, report: Report) => object | undefined {
  return (field, report) => {
    if (field.kind === "file") {
      report.error(
        "unsupported_field",
        `It asks for the person's own files, which ${protocol} cannot ask for (it has no file input); ask for ` +
          `them another way, or translate to native.`,
      );
      return undefined;
    }
    return writeResourceChoice(field, report);
  };
}

/**
 * A resource field as a titled single select (`oneOf`) or multi select (`items.anyOf`) whose values are the offered
 * URIs.
 */
function writeResourceChoice(field: ResourceField, report: Report): object | undefined {
  if (field.options.length === 0) {
    report
      .at("options")
      .error("unsupported_options", "It offers no resource, and a standard select needs at least one option.");
    return undefined;
  }
  report.warn(
    "approximated",
    "It is written as a titled select whose values are the offered URIs; the resource cards are not shown.",
  );
  const options = field.options.map((resource, index) => {
    for (const key of UNSAID) {
      if (resource[key] !== undefined)
        dropped(
          report.at("options", index).option(resource.uri),
          key,
          "has no place in a standard select option (it carries a value and a title), so it is dropped",
        );
    }
    return { const: resource.uri, title: resource.title ?? resource.name };
  });
  if (field.selection === "implicit")
    dropped(report, "selection", "has no place in a standard form (nothing starts selected), so it is dropped");
  const offered = new Set(field.options.map((resource) => resource.uri));
  const given = field.default;
  const fits =
    given !== undefined &&
    Array.isArray(given) === field.multiple &&
    (Array.isArray(given) ? given : [given]).every((uri) => offered.has(uri));
  const value = fits ? structuredClone(given) : undefined;
  if (given !== undefined && !fits)
    dropped(
      report,
      "default",
      "must name offered URIs, as one URI on a single question and a list on a multiple one, so it is dropped",
    );
  if (!field.multiple) {
    for (const key of ["minItems", "maxItems"] as const)
      if (field[key] !== undefined) dropped(report, key, "applies to several resources only, so it is dropped");
    return withCommon({ type: "string", oneOf: options }, field, value);
  }
  const maxItems = upperBound(field.minItems, field.maxItems, report, "maxItems");
  return withCommon({ type: "array", minItems: field.minItems, maxItems, items: { anyOf: options } }, field, value);
}
