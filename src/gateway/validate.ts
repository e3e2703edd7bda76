import { type FailureCode, type Issue, success } from "../model/index.js";
import { type FormSummary, type Protocol, type ProtocolName, protocols } from "../protocols/index.js";
import { detectProtocol, readForm } from "./translate.js";

/** What `validate` found: the forms, and every problem located (a JSON path, or line and column). */
export interface ValidationReport {
  /** True when nothing is an error (warnings allowed) and there is at least one form. */
  ok: boolean;
  /** The input's protocol, when it was named or recognised. */
  protocol?: ProtocolName;
  /** When not ok: the error code (`invalid_arguments`, `invalid_form`, `unknown_protocol`, …). */
  code?: FailureCode;
  forms: FormSummary[];
  /** Errors and warnings, errors first for JSON forms, in message order for chat text. */
  problems: Issue[];
}

/**
 * Checks a form against its protocol's rules (the protocol is detected unless `as` names it).
 * A chat message may hold several forms: each is listed, and every problem has a line and column.
 */
/** How `validate` reads its input. */
export interface ValidateOptions {
  /** The protocol to read the input as; detected when omitted. */
  as?: ProtocolName;
}

export function validate(input: unknown, options: ValidateOptions = {}): ValidationReport {
  const detected = options.as === undefined ? detectProtocol(input) : success(options.as);
  if (!detected.ok) return { ok: false, code: detected.error.code, forms: [], problems: detected.error.issues };
  const protocol = detected.value;
  const { summarize } = protocols[protocol] as Protocol;
  if (summarize !== undefined && typeof input === "string") {
    const summary = summarize(input);
    const ok = summary.ok && summary.forms.length > 0;
    return { ok, protocol, ...(!ok && { code: "invalid_form" }), forms: summary.forms, problems: summary.problems };
  }
  const read = readForm(input, { from: protocol });
  if (!read.ok) return { ok: false, protocol, code: read.error.code, forms: [], problems: read.error.issues };
  const { form } = read.value;
  const summary: FormSummary = {
    fields: form.fields.length,
    ...(form.id !== undefined && { id: form.id }),
    ...(form.title !== undefined && { title: form.title }),
  };
  return { ok: true, protocol, forms: [summary], problems: read.warnings };
}
