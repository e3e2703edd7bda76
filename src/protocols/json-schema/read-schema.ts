import { type Extensions, type Field, type FormModel, type Result, quoted } from "../../model/index.js";
import type { Report } from "../report/index.js";
import type { SchemaFormExtension } from "./extension.js";
import { Keywords, isRecord } from "./keywords.js";
import { type SchemaLayer, allowed } from "./layer.js";
import { readField } from "./read-field.js";

/** What a JSON-Schema request said, read: undefined where it was missing or wrong (the problem is recorded). */
export interface SchemaRequest {
  /** The form's id, where the request names one (an AG-UI interrupt's). */
  id?: string;
  fields: Field[] | undefined;
  message: string | undefined;
  extensions: Extensions | undefined;
}

/**
 * The form a JSON-Schema request read into: its fields, the message as its title (an empty
 * message is no title), the protocol's wire details; or `invalid_form` with every problem.
 */
export function schemaForm({ id, fields, message, extensions }: SchemaRequest, report: Report): Result<FormModel> {
  if (fields === undefined || message === undefined || !report.ok) return report.fail("invalid_form");
  const form: FormModel = id === undefined ? { fields } : { id, fields };
  if (message !== "") form.title = message;
  if (extensions !== undefined) form.extensions = extensions;
  return report.result("invalid_form", form);
}

/**
 * Reads `requestedSchema` (`{ $schema?, type: "object", properties, required?, title?,
 * description? }`) into model fields, one per property in property order; every problem is
 * pushed to `issues`, and what the model has no place for goes to `ext`.
 */
export function readRequestedSchema(
  schema: unknown,
  report: Report,
  layer: SchemaLayer,
  ext: SchemaFormExtension,
): Field[] | undefined {
  if (!isRecord(schema))
    return report.error("invalid_type", `must be the form schema { type: "object", properties, required? }`);
  const props = new Keywords(schema, report, layer.rejectedKeywordHint, true);
  props.only(allowed(layer, "form"), "the form schema", ["additionalProperties"], "The form schema's");
  readAdditionalProperties(props);
  if (schema.type !== "object")
    props.fail("type", props.has("type") ? "invalid_value" : "missing_property", `must be "object"`);
  const schemaUri = props.string("$schema");
  if (schemaUri !== undefined) ext.schemaUri = schemaUri;
  const title = props.string("title");
  const description = props.string("description");
  if (title !== undefined) ext.schemaTitle = title;
  if (description !== undefined) ext.schemaDescription = description;
  const properties = schema.properties;
  if (!isRecord(properties))
    return props.fail(
      "properties",
      props.has("properties") ? "invalid_type" : "missing_property",
      "must be an object with one property per question",
    );
  const required = readRequired(props, properties, ext);
  const fields: Field[] = [];
  for (const [index, [id, property]] of Object.entries(properties).entries()) {
    const question = props.at("properties").question(id, index);
    const field = readField(id, property, required.has(id), question.at(id), layer);
    // Without a title, a person sees the id.
    if (field !== undefined && field.label === undefined) question.text(id, id, "Its id");
    if (field !== undefined) fields.push(field);
  }
  return fields;
}

/**
 * A root `additionalProperties: false` (what zod's `toJSONSchema` writes for an object) is
 * ignored: a host shows the declared properties only, and an answer's undeclared key is
 * dropped anyway. Any other value would say that answers may hold more than the form asks.
 */
function readAdditionalProperties(props: Keywords): void {
  if (!props.has("additionalProperties")) return;
  if (props.object.additionalProperties === false)
    props
      .at("additionalProperties")
      .warn(
        "ignored_key",
        "The form schema's additionalProperties: false says what every elicitation form means (answers are its " +
          "properties only), so it is ignored.",
      );
  else
    props.fail(
      "additionalProperties",
      "invalid_value",
      "The form schema's additionalProperties may only be false: an elicitation form's answers are its properties " +
        "only.",
    );
}

function readRequired(props: Keywords, properties: Record<string, unknown>, ext: SchemaFormExtension): Set<string> {
  const names = props.strings("required");
  if (!props.has("required")) ext.requiredOmitted = true;
  const seen = new Set<string>();
  for (const [index, name] of (names ?? []).entries()) {
    const at = props.at("required").at(index);
    if (!Object.hasOwn(properties, name))
      at.error("unknown_property", `The \`required\` list names ${quoted(name)}, which is not a property of the form.`);
    if (seen.has(name)) at.error("duplicate_id", `The \`required\` list names ${quoted(name)} twice.`);
    seen.add(name);
  }
  if (names !== undefined) {
    const inOrder = Object.keys(properties).filter((id) => seen.has(id));
    if (inOrder.some((id, index) => names[index] !== id)) ext.requiredOrder = names;
  }
  return seen;
}
