import type { CustomAnswer, NumberField, TextField } from "../../model/index.js";
import { quoted } from "../../model/index.js";
import type { Report } from "../report/index.js";
import { type SchemaFieldExtension, extensionOf } from "./extension.js";
import { FORMAT_PATTERNS, MCP_FORMATS } from "./formats.js";
import { type SchemaLayer, admits, formName } from "./layer.js";
import { type SchemaProperty, dropped, upperBound, withCommon } from "./write-parts.js";

/** The pattern that says "not blank": what formgate requires of every required text answer. */
const BLANK_GUARD = "\\S";

type TextRules = Pick<CustomAnswer, "minLength" | "maxLength" | "pattern" | "format">;

/**
 * The string keywords of text rules. `pattern` only where the layer admits it; a format MCP
 * lacks becomes a pattern there (`approximated`), and is dropped elsewhere.
 */
export function writeTextRules(
  rules: TextRules,
  report: Report,
  layer: SchemaLayer,
  required = false,
  patternRead = false,
): Record<string, unknown> & { pattern?: string } {
  const out: Record<string, unknown> & { pattern?: string } = {};
  const patterns = admits(layer, "string", "pattern");
  if (rules.minLength !== undefined) out.minLength = rules.minLength;
  const maxLength = upperBound(rules.minLength, rules.maxLength, report, "maxLength");
  if (maxLength !== undefined) out.maxLength = maxLength;
  if (rules.pattern !== undefined) {
    if (patterns || patternRead) out.pattern = rules.pattern;
    // A required answer's non-blank pattern says what formgate checks of every required text anyway.
    else if (!(required && rules.pattern === BLANK_GUARD))
      dropped(
        report,
        "pattern",
        `has no place in ${formName(layer)}, so it is dropped (its strings carry lengths and a format only)`,
      );
  }
  if (rules.format !== undefined) {
    if (MCP_FORMATS.includes(rules.format)) out.format = rules.format;
    else if (!patterns)
      report
        .at("format")
        .warn(
          "dropped",
          `Its format ${quoted(rules.format)} is not one ${formName(layer)} has (${MCP_FORMATS.join(", ")}), so it ` +
            `is dropped and the host does not check answers against it.`,
        );
    else if (rules.pattern === undefined) {
      out.pattern = FORMAT_PATTERNS[rules.format];
      report
        .at("format")
        .warn(
          "approximated",
          `Its format ${quoted(rules.format)} is not one ${formName(layer)} has, so it is written as a pattern the ` +
            `host checks instead.`,
        );
    } else
      report
        .at("format")
        .warn(
          "dropped",
          `Its format ${quoted(rules.format)} is not one ${formName(layer)} has, and the question already has a ` +
            `pattern, so it is dropped.`,
        );
  }
  return out;
}

export function writeText(field: TextField, report: Report, layer: SchemaLayer): SchemaProperty {
  const ext = extensionOf<SchemaFieldExtension>(field, layer.name);
  const rules = writeTextRules(field, report, layer, field.required, ext.patternRead === true);
  // A required answer must hold a non-whitespace character: say so to a host that reads patterns.
  if (field.required && rules.pattern === undefined && ext.blankGuard !== false && admits(layer, "string", "pattern"))
    rules.pattern = BLANK_GUARD;
  if (field.placeholder !== undefined)
    dropped(report, "placeholder", `has no place in ${formName(layer)}, so it is dropped`);
  if (field.multiline !== undefined)
    dropped(
      report,
      "multiline",
      `has no place in ${formName(layer)}, so it is dropped (the host picks the text control)`,
    );
  return withCommon<TextField>({ type: "string", ...rules }, field, field.default);
}

export function writeNumber(field: NumberField, report: Report, layer: SchemaLayer): SchemaProperty {
  const ext = extensionOf<SchemaFieldExtension>(field, layer.name);
  for (const key of ["step", "slider", "placeholder"] as const) {
    if (field[key] !== undefined)
      dropped(
        report,
        key,
        `has no place in ${formName(layer)}, so it is dropped (its numbers carry a minimum, a maximum and a default)`,
      );
  }
  const values = admits(layer, "number", "enum") ? ext.numberEnum : undefined;
  return withCommon<NumberField>(
    {
      type: field.integer ? "integer" : "number",
      minimum: field.minimum,
      maximum: upperBound(field.minimum, field.maximum, report, "maximum"),
      enum: values && [...values],
    },
    field,
    field.default,
  );
}
