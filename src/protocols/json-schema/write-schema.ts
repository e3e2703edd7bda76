import { type FormModel, type Issue, emptyRecord, problem, quoted } from "../../model/index.js";
import { type SchemaFormExtension, extensionOf } from "./extension.js";
import type { SchemaLayer } from "./layer.js";
import { type SchemaProperty, warnOtherExtensions, writeField } from "./write-field.js";

/** A `requestedSchema` as written. */
export interface WrittenSchema {
  $schema?: string;
  type: "object";
  title?: string;
  description?: string;
  properties: Record<string, SchemaProperty>;
  required?: string[];
}

/**
 * Writes the model's fields as `requestedSchema`: one property per field in field order,
 * `required` listing exactly the required fields. What the protocol cannot say is a warning;
 * what it cannot hold at all (duplicate ids, a field the layer refuses) is pushed to `errors`.
 */
export function writeRequestedSchema(
  form: FormModel,
  layer: SchemaLayer,
  warnings: Issue[],
  errors: Issue[],
): WrittenSchema {
  const seen = new Set<string>();
  form.fields.forEach((field, index) => {
    if (seen.has(field.id))
      errors.push(
        problem(
          "duplicate_id",
          ["fields", index, "id"],
          `Its id ${quoted(field.id)} is used by an earlier question, and the names of a form's properties must ` +
            `be unique.`,
        ),
      );
    seen.add(field.id);
  });
  warnOtherExtensions(form.extensions, [], layer, warnings);
  const ext = extensionOf<SchemaFormExtension>(form, layer.name);
  const properties = emptyRecord<SchemaProperty>();
  form.fields.forEach((field, index) => {
    const property = writeField(field, ["fields", index], layer, warnings, errors);
    if (property !== undefined) properties[field.id] = property;
  });
  const schema: WrittenSchema = { type: "object", properties };
  if (ext.schemaUri !== undefined) schema.$schema = ext.schemaUri;
  if (ext.schemaTitle !== undefined) schema.title = ext.schemaTitle;
  if (ext.schemaDescription !== undefined) schema.description = ext.schemaDescription;
  const required = form.fields.filter((field) => field.required).map((field) => field.id);
  const order = ext.requiredOrder;
  const sameSet = order !== undefined && order.length === required.length && required.every((id) => order.includes(id));
  if (!(ext.requiredOmitted && required.length === 0)) schema.required = sameSet ? [...order] : required;
  return schema;
}
