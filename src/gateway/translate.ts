import {
  type DirectionCatalog,
  type FormModel,
  type FormResponse,
  type Issue,
  type Result,
  failure,
  fillDirectionCatalog,
  problem,
  success,
  warning,
  quoted,
} from "../model/index.js";
import {
  type FormSelection,
  type Protocol,
  type ProtocolName,
  type ReadAnswersOptions,
  type WireAnswers,
  type WireForm,
  type WriteOptions,
  isProtocolName,
  protocolNames,
  protocols,
} from "../protocols/index.js";
export type { GatewayIssueCodes } from "./codes.js";

/** Options of `readForm`. */
export interface ReadFormOptions extends FormSelection {
  /** The input's protocol; detected from the input when omitted. */
  from?: ProtocolName;
}

/**
 * Options of `translate`: these, and the options the target protocol's writer declares
 * (`WriteOptions<To>`, e.g. ACP's `sessionId`), passed to it as they are.
 */
export type TranslateOptions<To extends ProtocolName = ProtocolName> = TranslateBaseOptions<To> &
  Partial<WriteOptions<To>>;

/** The options of `translate` every target takes: how to read the input, and how to write it. */
export interface TranslateBaseOptions<To extends ProtocolName = ProtocolName>
  extends ReadFormOptions,
    WriteFormBaseOptions<To> {}

/** Options of `writeForm`: these, and the options the target protocol's writer declares (`WriteOptions<To>`). */
export type WriteFormOptions<To extends ProtocolName = ProtocolName> = WriteFormBaseOptions<To> &
  Partial<WriteOptions<To>>;

/** The options of `writeForm` every target takes. */
export interface WriteFormBaseOptions<To extends ProtocolName = ProtocolName> {
  /** The protocol to write. */
  to: To;
  /** Turn every warning (anything dropped or approximated) into an error. */
  strict?: boolean;
  /**
   * The host's style catalog, for a direction-cards question whose cards the host supplies
   * (`catalog: "host"`): its cards become the options. Required when such a form goes to a
   * protocol that needs its options written out.
   */
  directionCatalog?: DirectionCatalog;
}

/** Options of `writeAnswers`: the model form the response answers, the protocol to write, and the answer options. */
export interface WriteAnswersOptions<To extends ProtocolName = ProtocolName> extends ReadAnswersOptions {
  form: FormModel;
  to: To;
  strict?: boolean;
}

/**
 * Options of `translateAnswers`; `formId` picks the form from a message holding several (by
 * default the one the answers name, if they name one), `locateFile` places files a text answer
 * names only by name.
 */
export interface TranslateAnswersOptions<To extends ProtocolName = ProtocolName>
  extends ReadAnswersOptions,
    FormSelection {
  /** The form the answers answer, in its own protocol (or already a model form with `formFrom: "model"`). */
  form: unknown;
  /** The form's protocol; detected when omitted. */
  formFrom?: ProtocolName | "model";
  /** The answers' protocol. */
  from: ProtocolName;
  /** The protocol to write the answers in. */
  to: To;
  strict?: boolean;
  /** The host's style catalog: answers to a host-catalog question are then checked against its cards. */
  directionCatalog?: DirectionCatalog;
}

/** Reads a form in any protocol into the model, detecting the protocol when not named. */
export function readForm(
  input: unknown,
  options: ReadFormOptions = {},
): Result<{ protocol: ProtocolName; form: FormModel }> {
  const { from, formId, preferredFormId } = options;
  const name = from === undefined ? detectProtocol(input) : success(from);
  if (!name.ok) return name;
  const protocol = named(name.value);
  if (!protocol.ok) return protocol;
  const read = protocol.value.readForm(input, { formId, preferredFormId });
  if (!read.ok) return read;
  if (formId !== undefined && read.value.id !== formId) {
    return failure("form_not_found", [
      problem(
        "form_not_found",
        [],
        `The ${protocol.value.name} form has ` +
          `${read.value.id === undefined ? "no id" : `the id "${read.value.id}"`}, not "${formId}".`,
      ),
    ]);
  }
  return success({ protocol: protocol.value.name as ProtocolName, form: read.value }, read.warnings);
}

/** Translates a form from one protocol into another: `readForm`, then `writeForm`, every loss a warning. */
export function translate<To extends ProtocolName>(
  input: unknown,
  options: TranslateOptions<To>,
): Result<WireForm<To>> {
  const target = named(options.to);
  if (!target.ok) return target;
  const read = readForm(input, options);
  if (!read.ok) return read;
  const written = write(read.value.form, options);
  if (!written.ok) return written;
  return finish(written.value, [...read.warnings, ...written.warnings], options.strict);
}

/** Writes a model form in any registered protocol, every loss a warning (an error with `strict`). */
export function writeForm<To extends ProtocolName>(
  form: FormModel,
  options: WriteFormOptions<To>,
): Result<WireForm<To>> {
  const written = write(form, options);
  return written.ok ? finish(written.value, written.warnings, options.strict) : written;
}

function write<To extends ProtocolName>(form: FormModel, options: WriteFormOptions<To>): Result<WireForm<To>> {
  const target = named(options.to);
  if (!target.ok) return target;
  const filled =
    target.value.hostCatalog && options.directionCatalog === undefined
      ? success(form)
      : fillDirectionCatalog(form, options.directionCatalog, `the ${target.value.name} protocol`);
  if (!filled.ok) return filled;
  return target.value.writeForm(filled.value, options as WriteOptions<To>);
}

/** Translates answers for `form` from one protocol into another; answers that do not satisfy the form are an error. */
export function translateAnswers<To extends ProtocolName>(
  answers: unknown,
  options: TranslateAnswersOptions<To>,
): Result<WireAnswers<To>> {
  const source = named(options.from);
  const target = named(options.to);
  if (!source.ok) return source;
  if (!target.ok) return target;
  // The form the answers name, when they name one, is the one read from a message holding several.
  const form = formModel(options, source.value.answersFormId?.(answers));
  if (!form.ok) return form;
  const response: Result<FormResponse> = source.value.readAnswers(answers, form.value, options);
  if (!response.ok) return response;
  const written = writeResponse(response.value, { ...options, form: form.value });
  if (!written.ok) return written;
  return finish(written.value, [...response.warnings, ...written.warnings], options.strict);
}

/**
 * Writes a model response to a model form in any registered protocol: a skipped required question or a note the
 * target cannot say is a warning each (an error with `strict`); answers that do not satisfy the form are an error.
 */
export function writeAnswers<To extends ProtocolName>(
  response: FormResponse,
  options: WriteAnswersOptions<To>,
): Result<WireAnswers<To>> {
  const written = writeResponse(response, options);
  return written.ok ? finish(written.value, written.warnings, options.strict) : written;
}

function writeResponse<To extends ProtocolName>(
  response: FormResponse,
  options: WriteAnswersOptions<To>,
): Result<WireAnswers<To>> {
  const target = named(options.to);
  if (!target.ok) return target;
  const { form: answered, response: unskipped, warnings: skips } = keepSkips(options.form, response, target.value);
  const { response: sayable, warnings: unsaid } = withoutNotes(unskipped, target.value);
  const written = target.value.writeAnswers(sayable, answered, options);
  if (!written.ok) return written;
  return success(written.value, [...skips, ...unsaid, ...written.warnings]);
}

/**
 * Required questions the person skipped (`skipped` of an accepted response: a `<question-form>` answer may say
 * `(skipped)`), for a target whose answers cannot say a skip: its answers are written without them, a warning each
 * (an error in strict mode), by a copy of the form where they are not required.
 */
function keepSkips(
  form: FormModel,
  response: FormResponse,
  target: Protocol,
): { form: FormModel; response: FormResponse; warnings: Issue[] } {
  if (target.skipsRequired || response.action !== "accept" || response.skipped === undefined)
    return { form, response, warnings: [] };
  const { skipped: ids, ...answered } = response;
  const skipped = form.fields.filter((field) => field.required && ids.includes(field.id));
  return {
    form: {
      ...form,
      fields: form.fields.map((field) => (skipped.includes(field) ? { ...field, required: false } : field)),
    },
    response: answered,
    warnings: skipped.map((field) => ({
      ...warning(
        "skipped_required",
        ["answers", field.id],
        `Question \`${field.id}\`: the person skipped it though it is required; ${target.title} answers cannot say ` +
          `so, so they are written without it.`,
      ),
      question: field.id,
    })),
  };
}

/**
 * The person's notes beside their answers (AskUserQuestion's annotations), for a target whose
 * answers cannot carry them: the answers are written without them, a `dropped` warning each.
 */
function withoutNotes(
  response: FormResponse,
  target: Pick<Protocol, "title" | "carriesNotes">,
): { response: FormResponse; warnings: Issue[] } {
  if (target.carriesNotes || response.action !== "accept" || response.notes === undefined)
    return { response, warnings: [] };
  const { notes, ...answers } = response;
  return {
    response: answers,
    warnings: Object.entries(notes).map(([id, note]) => ({
      ...warning(
        "dropped",
        ["notes", id],
        `Question \`${id}\`: the person's note (${quoted(note)}) is not an answer, and ${target.title} answers ` +
          `have no place for notes.`,
      ),
      question: id,
    })),
  };
}

/** The form the answers answer, its host-catalog questions filled from `directionCatalog` when given. */
function formModel(options: TranslateAnswersOptions, preferredFormId: string | undefined): Result<FormModel> {
  const read = options.formFrom === "model" ? success(options.form as FormModel) : readModel(options, preferredFormId);
  if (!read.ok || options.directionCatalog === undefined) return read;
  const filled = fillDirectionCatalog(read.value, options.directionCatalog, `the ${options.to} protocol`);
  return filled.ok ? success(filled.value, read.warnings) : filled;
}

function readModel(options: TranslateAnswersOptions, preferredFormId: string | undefined): Result<FormModel> {
  const from = options.formFrom === undefined ? detectProtocol(options.form, FORM_FROM) : success(options.formFrom);
  if (!from.ok) return from;
  const read = readForm(options.form, {
    from: from.value === "model" ? undefined : from.value,
    formId: options.formId,
    ...(preferredFormId !== undefined && { preferredFormId }),
  });
  return read.ok ? success(read.value.form, read.warnings) : read;
}

/** How `translateAnswers`'s errors name the option that says its form's protocol when detecting it fails. */
const FORM_FROM: DetectNames = { option: "`formFrom`", model: '`formFrom: "model"`' };

/** `fields` is the model's word: no protocol's form has it at the top. */
function looksLikeModel(form: unknown): boolean {
  return typeof form === "object" && form !== null && Array.isArray((form as { fields?: unknown }).fields);
}

function finish<T>(value: T, warnings: Issue[], strict: boolean | undefined): Result<T> {
  if (strict && warnings.length > 0) {
    return failure(
      "lossy_translation",
      warnings.map((issue) => ({ ...issue, severity: "error" as const })),
      `Strict mode: the translation would drop or approximate ${warnings.length} ` +
        `thing${warnings.length === 1 ? "" : "s"}.`,
    );
  }
  return success(value, warnings);
}

/** The protocol of that name, typed with its wire shapes (the registry is keyed by name, so this holds). */
function named<P extends ProtocolName>(name: P): Result<Protocol<WireForm<P>, WireAnswers<P>>> {
  if (isProtocolName(name)) return success(protocols[name] as Protocol as Protocol<WireForm<P>, WireAnswers<P>>);
  return failure("unknown_protocol", [
    problem(
      "unknown_protocol",
      [],
      `"${name}" is not a protocol formgate speaks: use ${Object.keys(protocols).join(", ")}.`,
    ),
  ]);
}

/**
 * How detection's errors name the option that would say the protocol instead: the library's `from` by default,
 * `translateAnswers`'s `formFrom`, the CLI's `--from` or `--form-from`.
 */
export interface DetectNames {
  /** The option, as the message writes it: "`from`", "--form-from". */
  option: string;
  /** Where a model form may be given instead: how to say that it is one ("`formFrom: \"model\"`"). */
  model?: string;
}

/**
 * The protocol `input` is most specifically a form of (each protocol's `detect`; the order is
 * in docs/translation.md, "Detection"); an error when none reads it, or when the most specific
 * match is shared, naming the protocols to choose from and the option (`names`) that chooses.
 */
export function detectProtocol(input: unknown, names: DetectNames = { option: "`from`" }): Result<ProtocolName> {
  const { option, model } = names;
  let best = 0;
  let matches: ProtocolName[] = [];
  for (const name of protocolNames) {
    const specificity = (protocols[name] as Protocol).detect(input);
    if (specificity > best) [best, matches] = [specificity, [name]];
    else if (specificity === best && best > 0) matches.push(name);
  }
  const only = matches.length === 1 ? matches[0] : undefined;
  if (only !== undefined) return success(only);
  if (matches.length === 0)
    return failure("unknown_protocol", [
      problem(
        "unknown_protocol",
        [],
        model !== undefined && looksLikeModel(input)
          ? `The form is a model form (it has \`fields\`), not a form of a protocol; say so with ${model}.`
          : `The input is not a form of any protocol formgate speaks; name its protocol with ${option}.`,
      ),
    ]);
  return failure("ambiguous_protocol", [
    problem(
      "ambiguous_protocol",
      [],
      `The input reads equally as ${matches.join(" or ")}; name its protocol with ${option} ` +
        `(${matches.map((name) => `"${name}"`).join(" or ")}).`,
    ),
  ]);
}
