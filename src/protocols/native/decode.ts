import {
  type FormModel,
  type Issue,
  type PathSegment,
  type Result,
  failure,
  invisibleTextWarnings,
  jsonValueProblem,
  problem,
  success,
} from "../../model/index.js";
import {
  ELICITATION_METHOD as MRTR_METHOD,
  Keywords,
  OPENAI_FORM_META_KEY as MRTR_META_KEY,
  isRecord,
  readRequestedSchema,
  schemaWirePath,
} from "../json-schema/index.js";
import { type NativeFormExtension, nativeExtensions } from "./extensions.js";
import { openaiLayer } from "./openai-layer.js";

export const NATIVE_METHOD = "openai/elicitation/create";
/** An MRTR input request (MCP 2026-07-28) is an `elicitation/create` carrying the schema in `_meta`. */
export { MRTR_METHOD, MRTR_META_KEY };

/**
 * Reads a native form request into the model: the params `{ mode: "form", message,
 * requestedSchema }`, the whole request `{ method, params }`, or the MRTR params whose
 * schema travels in `_meta["openai/elicitation"].requestedSchema`. Every problem is
 * reported (`invalid_form`); a form with any unsupported part is rejected as a whole.
 */
export function readNativeForm(input: unknown): Result<FormModel> {
  // `_meta` values are copied into the model: first make sure they can be.
  const notJson = jsonValueProblem(input);
  if (notJson !== undefined) return failure("invalid_form", [notJson]);
  const issues: Issue[] = [];
  const warnings: Issue[] = [];
  const request = unwrap(input, issues);
  if (request === undefined) return failure("invalid_form", issues);
  const fields = readRequestedSchema(request.schema, request.schemaPath, openaiLayer, request.ext, issues, warnings);
  if (fields === undefined || issues.length > 0) return failure("invalid_form", issues);
  const form: FormModel = { fields };
  if (request.message !== "") form.title = request.message;
  const extensions = nativeExtensions(request.ext);
  if (extensions !== undefined) form.extensions = extensions;
  return success(form, [...warnings, ...invisibleTextWarnings(form, (path) => wirePath(form, request, path))]);
}

/** Where a model text of a native form was written: resources and suggestions are native's own. */
function wirePath(form: FormModel, request: Unwrapped, path: PathSegment[]): PathSegment[] {
  return schemaWirePath(
    form,
    request.messagePath,
    request.schemaPath,
    "native",
    path,
    (field, property, [key, j, optionKey]) => {
      if (key !== "options") return undefined;
      if (field.kind !== "choice") return [...property, "x-openai-input", "options", j as number, optionKey as string];
      if (field.custom === undefined) return undefined;
      return [
        ...(field.multiple ? [...property, "items"] : property),
        "x-openai-suggestions",
        j as number,
        optionKey === "label" ? "title" : optionKey === "value" ? "const" : (optionKey as string),
      ];
    },
  );
}

interface Unwrapped {
  message: string;
  messagePath: PathSegment[];
  schema: unknown;
  schemaPath: PathSegment[];
  ext: NativeFormExtension;
}

function unwrap(input: unknown, issues: Issue[]): Unwrapped | undefined {
  if (!isRecord(input)) {
    issues.push(
      problem(
        "invalid_type",
        [],
        `must be the params { mode: "form", message, requestedSchema } of ${NATIVE_METHOD}, or the request itself`,
      ),
    );
    return undefined;
  }
  let params: unknown = input;
  let at: PathSegment[] = [];
  let method: string | undefined;
  if (Object.hasOwn(input, "method")) {
    const envelope = new Keywords(input, [], issues);
    envelope.only(["jsonrpc", "id", "method", "params"], "a request");
    method = input.method as string;
    if (method !== NATIVE_METHOD && method !== MRTR_METHOD) {
      envelope.fail(
        "method",
        "unsupported_method",
        `must be "${NATIVE_METHOD}" (or "${MRTR_METHOD}" with the schema in _meta["${MRTR_META_KEY}"]), got ${JSON.stringify(method)}`,
      );
    }
    params = input.params;
    at = ["params"];
    if (!isRecord(params)) {
      issues.push(
        problem(
          Object.hasOwn(input, "params") ? "invalid_type" : "missing_property",
          at,
          "must be an object { mode, message, requestedSchema }",
        ),
      );
      return undefined;
    }
  }
  const props = new Keywords(params as Record<string, unknown>, at, issues);
  props.only(["mode", "message", "requestedSchema", "_meta"], "the request params");
  const ext: NativeFormExtension = {};
  // As in MCP, a missing mode means "form" (docs/native.md, decision 3); kept to be written back the same way.
  if (!props.has("mode")) ext.modeOmitted = true;
  else if (props.object.mode !== "form")
    props.fail(
      "mode",
      "unsupported_mode",
      `must be "form", got ${JSON.stringify(props.object.mode)}: formgate reads form elicitation only`,
    );
  const message = props.has("message")
    ? props.string("message")
    : props.fail("message", "missing_property", "is required (it may be empty)");
  if (!props.has("requestedSchema")) props.fail("requestedSchema", "missing_property", "is required");
  const meta = props.object._meta;
  if (props.has("_meta") && !isRecord(meta)) props.fail("_meta", "invalid_type", "must be an object");
  const mrtr = isRecord(meta) && Object.hasOwn(meta, MRTR_META_KEY);
  if (method === MRTR_METHOD && !mrtr) {
    props.fail(
      "_meta",
      "missing_property",
      `must hold the form in _meta["${MRTR_META_KEY}"].requestedSchema: a plain ${MRTR_METHOD} is a standard MCP form (read it as mcp)`,
    );
  }
  let schema = props.object.requestedSchema;
  let schemaPath = props.path("requestedSchema");
  if (isRecord(meta)) {
    const rest = structuredClone(meta);
    if (mrtr) {
      const outer = meta[MRTR_META_KEY];
      const metaPath = [...props.path("_meta"), MRTR_META_KEY];
      if (!isRecord(outer) || !Object.hasOwn(outer, "requestedSchema")) {
        issues.push(
          problem(
            "missing_property",
            [...metaPath, "requestedSchema"],
            "is required: an MRTR form carries its schema here",
          ),
        );
      } else {
        ext.mrtr = true;
        checkEmptyCoreSchema(props);
        schema = outer.requestedSchema;
        schemaPath = [...metaPath, "requestedSchema"];
        const kept = rest[MRTR_META_KEY] as Record<string, unknown>;
        delete kept.requestedSchema;
        if (Object.keys(kept).length === 0) delete rest[MRTR_META_KEY];
      }
    }
    if (Object.keys(rest).length > 0 || Object.keys(meta).length === 0) ext.meta = rest;
  }
  if (message === undefined) return undefined;
  return { message, messagePath: props.path("message"), schema, schemaPath, ext };
}

/** MRTR: the core `requestedSchema` must be exactly `{ type: "object", properties: {} }`. */
function checkEmptyCoreSchema(props: Keywords): void {
  const core = props.object.requestedSchema;
  const empty =
    isRecord(core) &&
    Object.keys(core).length === 2 &&
    core.type === "object" &&
    isRecord(core.properties) &&
    Object.keys(core.properties).length === 0;
  if (!empty)
    props.fail(
      "requestedSchema",
      "invalid_value",
      `must be exactly { "type": "object", "properties": {} } when the form travels in _meta["${MRTR_META_KEY}"]`,
    );
}
