import {
  type FormModel,
  type Issue,
  type PathSegment,
  type Result,
  failure,
  problem,
  quoted,
} from "../../model/index.js";
import {
  ELICITATION_METHOD,
  FORM_PARAMS_KEYS,
  type Keywords,
  NATIVE_EXTENSION,
  NATIVE_METHOD,
  type RequestEnvelope,
  carriesNativeForm,
  isRecord,
  readFormParams,
  readRequestedSchema,
  schemaForm,
  schemaWirePath,
  unwrapRequest,
} from "../json-schema/index.js";
import { type NativeFormExtension, nativeExtensions } from "./extensions.js";
import { openaiLayer } from "./openai-layer.js";

/**
 * Reads a native form request into the model: the params `{ mode: "form", message,
 * requestedSchema }`, the whole request `{ method, params }`, the MRTR params whose
 * schema travels in `_meta["openai/elicitation"].requestedSchema`, or the 2026-07-28
 * input-required result whose `inputRequests` hold one such MRTR request. Every problem is
 * reported (`invalid_form`); a form with any unsupported part is rejected as a whole.
 */
export function readNativeForm(input: unknown): Result<FormModel> {
  const issues: Issue[] = [];
  const warnings: Issue[] = [];
  const request = unwrap(input, issues);
  if (request === undefined) return failure("invalid_form", issues);
  const fields = readRequestedSchema(request.schema, request.schemaPath, openaiLayer, request.ext, issues, warnings);
  const extensions = nativeExtensions(request.ext);
  return schemaForm({ fields, message: request.message, extensions }, issues, warnings, (form, path) =>
    wirePath(form, request, path),
  );
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

/**
 * Native forms: bare params or a request, of `openai/elicitation/create` or an MRTR `elicitation/create`, or the
 * input-required result holding that MRTR request (as formgate's server sends it).
 */
const NATIVE_ENVELOPE: RequestEnvelope = {
  expected:
    `must be the params { mode: "form", message, requestedSchema } of ${NATIVE_METHOD}, the request itself, ` +
    "or an input-required result holding it",
  methodProblem: (method) =>
    method === NATIVE_METHOD || method === ELICITATION_METHOD
      ? undefined
      : `must be "${NATIVE_METHOD}" (or "${ELICITATION_METHOD}" with the schema in _meta["${NATIVE_EXTENSION}"]), ` +
        `not ${quoted(method)}`,
  paramsShape: "{ mode, message, requestedSchema }",
  inputRequest: {
    method: ELICITATION_METHOD,
    accepts: carriesNativeForm,
    requests: `${ELICITATION_METHOD} requests carrying _meta["${NATIVE_EXTENSION}"]`,
  },
};

function unwrap(input: unknown, issues: Issue[]): Unwrapped | undefined {
  const request = unwrapRequest(input, NATIVE_ENVELOPE, issues);
  if (request === undefined) return undefined;
  const { params: props, method } = request;
  props.only(FORM_PARAMS_KEYS, "the request params");
  const ext: NativeFormExtension = {};
  // As in MCP, a missing mode means "form" (docs/native.md, decision 3); kept to be written back the same way.
  const { message, modeOmitted, meta } = readFormParams(
    props,
    (mode) => `must be "form", not ${quoted(mode)}: formgate reads form elicitation only`,
  );
  if (modeOmitted) ext.modeOmitted = true;
  const mrtr = meta !== undefined && Object.hasOwn(meta, NATIVE_EXTENSION);
  if (method === ELICITATION_METHOD && !mrtr) {
    props.fail(
      "_meta",
      "missing_property",
      `must hold the form in _meta["${NATIVE_EXTENSION}"].requestedSchema: ` +
        `a plain ${ELICITATION_METHOD} is a standard MCP form (read it as mcp)`,
    );
  }
  let schema = props.object.requestedSchema;
  let schemaPath = props.path("requestedSchema");
  if (meta !== undefined) {
    const rest = structuredClone(meta);
    if (mrtr) {
      const outer = meta[NATIVE_EXTENSION];
      const metaPath = [...props.path("_meta"), NATIVE_EXTENSION];
      if (!isRecord(outer) || !Object.hasOwn(outer, "requestedSchema")) {
        issues.push(
          problem(
            "missing_property",
            [...metaPath, "requestedSchema"],
            "The `requestedSchema` is missing from `_meta`, where an MRTR form carries its schema.",
          ),
        );
      } else {
        ext.mrtr = true;
        checkEmptyCoreSchema(props);
        schema = outer.requestedSchema;
        schemaPath = [...metaPath, "requestedSchema"];
        const kept = rest[NATIVE_EXTENSION] as Record<string, unknown>;
        delete kept.requestedSchema;
        if (Object.keys(kept).length === 0) delete rest[NATIVE_EXTENSION];
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
      `must be exactly { "type": "object", "properties": {} } when the form travels in _meta["${NATIVE_EXTENSION}"]`,
    );
}
