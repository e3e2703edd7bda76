/**
 * The host bridge the other way: a server whose forms are JSON values (a native request, a
 * Data tool input, any JSON protocol of the registry) talking to a chat that only has the
 * `<question-form>` text protocol. The form is shown as a block; the person's answer message
 * becomes the result in the form's own protocol.
 */
import type { FormModel, Issue, Result } from "../model/index.js";
import { failure, problem, success } from "../model/index.js";
import { readForm } from "../gateway/translate.js";
import {
  type JsonProtocolName,
  type Protocol,
  type WireAnswers,
  isJsonProtocol,
  jsonProtocolNames,
  protocols,
} from "../protocols/index.js";
import type { ReadAnswersOptions } from "../protocols/protocol.js";
import { DEFAULT_FORM_ID, questionFormProtocol } from "../protocols/question-form/index.js";
export type { BridgeIssueCodes } from "./codes.js";

/** A form of a JSON protocol, ready to post in a text-only chat. */
export interface TextForm<P extends JsonProtocolName = JsonProtocolName> {
  /** The protocol the form came in, and the one its answers go back in. */
  protocol: P;
  /** The form, with the id its answer message must name. */
  form: FormModel;
  /** The `<question-form>` block to post in the chat. */
  block: string;
  /** What the text protocol cannot show (thumbnails, icons, …), each with its path. */
  warnings: Issue[];
}

export interface TextFormOptions {
  /** The input's protocol (one whose forms are JSON values); detected when omitted. */
  from?: JsonProtocolName;
  /** The block's id, which the answer message must name; give each form open in a chat its own. Default "discovery". */
  formId?: string;
}

/** Writes a form of a JSON protocol (a native request, a Data tool input, …) as a `<question-form>` block. */
export function bridgeFormToText(input: unknown, options: TextFormOptions = {}): Result<TextForm> {
  const read = readForm(input, { from: options.from });
  if (!read.ok) return read;
  const protocol = read.value.protocol;
  if (!isJsonProtocol(protocol)) {
    return failure("unsupported_input", [
      problem(
        "unsupported_input",
        [],
        `The input is ${protocols[protocol].title} chat text; the text bridge takes a form that is a JSON value ` +
          `(${jsonProtocolNames.join(", ")}).`,
      ),
    ]);
  }
  const form: FormModel = { ...read.value.form, id: options.formId ?? read.value.form.id ?? DEFAULT_FORM_ID };
  const block = questionFormProtocol.writeForm(form);
  if (!block.ok) return block;
  return success({ protocol, form, block: block.value, warnings: [...read.warnings, ...block.warnings] });
}

/**
 * Reads the person's answer message for a form posted with `bridgeFormToText` and returns
 * the result for the server that asked, in the form's protocol (a native result, a Data tool
 * result, …). A message that is not the answers to this form is an error; the host decides
 * whether the person meant to skip it (then send `{action: "cancel"}`).
 */
export function bridgeAnswersFromText<P extends JsonProtocolName>(
  message: string,
  posted: TextForm<P>,
  options: ReadAnswersOptions = {},
): Result<WireAnswers<P>> {
  const response = questionFormProtocol.readAnswers(message, posted.form, options);
  if (!response.ok) return response;
  // Written by the server's own protocol, which says no skip: a required question the person skipped is refused
  // (`missing_answer`), since the server that asked requires it (docs/bridge.md).
  const target = protocols[posted.protocol] as Protocol as Protocol<unknown, WireAnswers<P>>;
  const result = target.writeAnswers(response.value, posted.form);
  if (!result.ok) return result;
  return success(result.value, [...response.warnings, ...result.warnings]);
}
