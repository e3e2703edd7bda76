import type { BooleanField, Field } from "../../model/index.js";
import type { Report } from "../report/index.js";
import type { SchemaLayer } from "./layer.js";
import { writeChoice } from "./write-choice.js";
import { type SchemaProperty, warnOtherExtensions, withCommon } from "./write-parts.js";
import { writeNumber, writeText } from "./write-text.js";

/**
 * Writes one model field as a property (write-text.ts, write-choice.ts, the layer's resource writer); what the
 * protocol cannot say is a warning, what it cannot hold an error.
 */
export function writeField(field: Field, report: Report, layer: SchemaLayer): SchemaProperty | undefined {
  warnOtherExtensions(field.extensions, report, layer);
  switch (field.kind) {
    case "text":
      return writeText(field, report, layer);
    case "number":
      return writeNumber(field, report, layer);
    case "boolean":
      return withCommon<BooleanField>({ type: "boolean" }, field, field.default);
    case "choice":
      return writeChoice(field, report, layer);
    case "resource":
    case "file":
      return layer.writeResourceField(field, report) as SchemaProperty | undefined;
  }
}
