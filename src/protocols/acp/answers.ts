import type { FormModel, FormResponse, Result } from "../../model/index.js";
import { isRecord } from "../json-schema/index.js";
import { readElicitResult, writeElicitResult } from "../json-schema/answers.js";
import { acpLayer } from "./layer.js";
import type { AcpResponse } from "./wire.js";

/**
 * Reads a `CreateElicitationResponse` (`{ action: "accept", content? }`, `{ action:
 * "decline" }`, `{ action: "cancel" }`, `_meta` allowed; or the JSON-RPC response carrying it
 * in `result`) against the form it answers, with the model's answer check only. `null` means
 * absent, as everywhere in ACP; content sent with a refusal is ignored with a warning; a
 * custom or future action is an error, never read as a known one.
 */
export function readAcpAnswers(input: unknown, form: FormModel): Result<FormResponse> {
  return readElicitResult(withoutNulls(input), form, acpLayer);
}

/** Writes a model response as a `CreateElicitationResponse`, after checking it against the form. */
export function writeAcpAnswers(response: FormResponse, form: FormModel): Result<AcpResponse> {
  return writeElicitResult(response, form);
}

/** The response with its `null` `content` and `_meta` taken as absent. */
function withoutNulls(input: unknown): unknown {
  if (!isRecord(input)) return input;
  if (Object.hasOwn(input, "result") && !Object.hasOwn(input, "action"))
    return { ...input, result: withoutNulls(input.result) };
  const out = { ...input };
  for (const key of ["content", "_meta"]) if (out[key] === null) delete out[key];
  return out;
}
