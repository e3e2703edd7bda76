import { type FormModel, type Result, quoted } from "../../model/index.js";
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
  type RequestParts,
  type UnwrappedRequest,
  readRequestForm,
} from "../json-schema/index.js";
import { type NativeFormExtension, nativeExtensions } from "./extensions.js";
import { openaiLayer } from "./layer.js";

/**
 * Reads a native form request into the model: the params `{ mode: "form", message,
 * requestedSchema }`, the whole request `{ method, params }`, the MRTR params whose
 * schema travels in `_meta["openai/elicitation"].requestedSchema`, or the 2026-07-28
 * input-required result whose `inputRequests` hold one such MRTR request. Every problem is
 * reported (`invalid_form`); a form with any unsupported part is rejected as a whole.
 */
export function readNativeForm(input: unknown): Result<FormModel> {
  return readRequestForm(input, NATIVE_ENVELOPE, openaiLayer, unwrap, ({ ext }) => nativeExtensions(ext));
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

/** The params beside the schema, and the schema: in `requestedSchema`, or (MRTR) in `_meta`. */
function unwrap({ params: props, method }: UnwrappedRequest): RequestParts<NativeFormExtension> | undefined {
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
  let schemaAt = props.at("requestedSchema");
  if (meta !== undefined) {
    const rest = structuredClone(meta);
    if (mrtr) {
      const outer = meta[NATIVE_EXTENSION];
      const metaAt = props.at("_meta").at(NATIVE_EXTENSION);
      if (!isRecord(outer) || !Object.hasOwn(outer, "requestedSchema")) {
        metaAt
          .at("requestedSchema")
          .error(
            "missing_property",
            "The `requestedSchema` is missing from `_meta`, where an MRTR form carries its schema.",
          );
      } else {
        ext.mrtr = true;
        checkEmptyCoreSchema(props);
        schema = outer.requestedSchema;
        schemaAt = metaAt.at("requestedSchema");
        const kept = rest[NATIVE_EXTENSION] as Record<string, unknown>;
        delete kept.requestedSchema;
        if (Object.keys(kept).length === 0) delete rest[NATIVE_EXTENSION];
      }
    }
    if (Object.keys(rest).length > 0 || Object.keys(meta).length === 0) ext.meta = rest;
  }
  if (message === undefined) return undefined;
  return { message, schema, schemaAt, ext };
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
