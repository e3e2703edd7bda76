import type { Field, FormModel, PathSegment } from "../../model/index.js";
import type { SchemaFieldExtension } from "./extension.js";

/**
 * Where a model text of a JSON-Schema form was written, for warnings about that text
 * (`fields[2].options[1].label` is `…properties.size.oneOf[1].title`). `own` answers first
 * for the fields a layer writes its own way (native resources and suggestions).
 */
export function schemaWirePath(
  form: FormModel,
  messagePath: PathSegment[],
  schemaPath: PathSegment[],
  layerName: string,
  path: PathSegment[],
  own?: (field: Field, property: PathSegment[], rest: PathSegment[]) => PathSegment[] | undefined,
): PathSegment[] {
  if (path[0] !== "fields") return messagePath;
  const [, index, key, j, optionKey] = path;
  const field = form.fields[index as number] as Field;
  const property = [...schemaPath, "properties", field.id];
  if (key === "id") return property;
  const mine = own?.(field, property, path.slice(2));
  if (mine !== undefined) return mine;
  if (key !== "options" || field.kind !== "choice") return [...property, key === "label" ? "title" : (key as string)];
  const ext = (field.extensions?.[layerName] ?? {}) as SchemaFieldExtension;
  const enumStyle = ext.enumNames === true || field.options.every((option) => option.label === undefined);
  const at = field.multiple ? [...property, "items"] : property;
  if (enumStyle) return [...at, optionKey === "label" ? "enumNames" : "enum", j as number];
  return [
    ...at,
    field.multiple ? "anyOf" : "oneOf",
    j as number,
    optionKey === "label" ? "title" : optionKey === "value" ? "const" : (optionKey as string),
  ];
}
