import type { Extensions, Field, FormModel, Result } from "../../model/index.js";
import { Report } from "../report/index.js";
import { type RequestEnvelope, type UnwrappedRequest, unwrapRequest } from "./envelope.js";
import type { SchemaFormExtension } from "./extension.js";
import type { SchemaLayer } from "./layer.js";
import { readRequestedSchema, schemaForm } from "./read-schema.js";

/** What a protocol reads in a request's params beside the schema: its message, the schema and where it is. */
export interface RequestParts<E extends SchemaFormExtension> {
  message: string | undefined;
  /** Absent where the params have none (the problem reported): nothing more is read. */
  schema?: unknown;
  schemaAt: Report;
  /** The protocol's wire details, the codec's among them. */
  ext: E;
}

/**
 * Reads a JSON-Schema elicitation request (mcp, native, acp): its params wherever `envelope` finds
 * them (`unwrapRequest`), what the protocol reads beside the schema (`readParams`), the schema by
 * the codec with the protocol's `layer`, and the form, whose `extensions` are the protocol's wire
 * details (`finish` may still say what the protocol keeps differently of the fields read).
 */
export function readRequestForm<E extends SchemaFormExtension>(
  input: unknown,
  envelope: RequestEnvelope,
  layer: SchemaLayer,
  readParams: (request: UnwrappedRequest) => RequestParts<E> | undefined,
  finish: (parts: RequestParts<E>, fields: Field[] | undefined) => Extensions | undefined,
): Result<FormModel> {
  const report = Report.start();
  const request = unwrapRequest(input, envelope, report);
  const parts = request === undefined ? undefined : readParams(request);
  if (parts === undefined) return report.fail("invalid_form");
  const fields = "schema" in parts ? readRequestedSchema(parts.schema, parts.schemaAt, layer, parts.ext) : undefined;
  return schemaForm({ fields, message: parts.message, extensions: finish(parts, fields) }, report);
}
