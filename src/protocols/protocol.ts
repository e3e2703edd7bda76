import type { FileField, FormModel, FormResponse, Issue, Result } from "../model/index.js";

/** Which form of an input to read. */
export interface FormSelection {
  /** For inputs that can hold several forms (a chat message): the id of the one to read. */
  formId?: string;
  /**
   * Without `formId`, for an input holding several forms: the one to read when it is there
   * (the form some answers name), else the first, as without it. Never an error.
   */
  preferredFormId?: string;
}

/** Options for reading (and writing) answers; each protocol uses those that apply to it. */
export interface ReadAnswersOptions {
  /**
   * Where a file the person named only by its file name is (what a browser file input gives
   * the `<question-form>` renderer): return its `file://` URI, or undefined when unknown.
   * Without it, such an answer is an error: formgate never invents a location.
   */
  locateFile?: (name: string, field: FileField) => string | undefined;
  /**
   * The time answers are read or written at, for forms that expire (an AG-UI interrupt's
   * `expiresAt`): answers to an expired form are refused. Default: the system clock.
   */
  now?: Date;
}

/**
 * An option of `writeForm` a protocol declares (ACP's `sessionId`): `translate` takes it by its
 * `key`, the CLI's `translate` as `--<flag>`, and `--help` lists it from the registry, so no
 * command names a protocol's option by hand.
 */
export interface WriteOption {
  /** The option's key in `translate`'s options and in the protocol's `writeForm` options. */
  readonly key: string;
  /** The CLI flag without its dashes (`session-id`). */
  readonly flag: string;
  /** One line for `--help`. */
  readonly help: string;
}

/**
 * How specifically an input is a protocol's form (docs/translation.md, "Detection"):
 * - `0` (`NONE`): not this protocol's;
 * - `1` (`SHAPE`): a shape the protocol reads, that another protocol may own (native reads a plain standard form);
 * - `2` (`OWN`): the protocol's own form (Data `questions`, a `<question-form>` tag, a form using
 *   only MCP's standard keywords for mcp, any OpenAI extension for native);
 * - `3` (`METHOD`): the request names the protocol's method (`openai/elicitation/create`, `elicitation/create`).
 */
export type Specificity = 0 | 1 | 2 | 3;
export const NONE = 0;
export const SHAPE = 1;
export const OWN = 2;
export const METHOD = 3;

/**
 * One wire protocol: how its forms and answers are validated, read into the model
 * (decode) and written out of it (encode). Every method returns a Result and never throws.
 */
export interface Protocol<WireForm = unknown, WireAnswers = unknown, WriteOptions extends object = object> {
  /** The protocol's name, as used by `translate({ from, to })` and the CLI (a JSON-Schema protocol's: its layer's). */
  readonly name: string;
  /**
   * What a person calls it, in messages and the playground: "Data tool", "standard MCP", "ACP" (a JSON-Schema
   * protocol's is its layer's `title`, which the codec's messages say).
   */
  readonly title: string;
  /** True when the protocol's forms and answers are chat text rather than JSON values. */
  readonly textInput?: boolean;
  /**
   * True when the protocol can write a choice whose options the host supplies from its catalog
   * (`catalog: "host"`) as it is; other targets need the catalog (`directionCatalog`).
   */
  readonly hostCatalog?: boolean;
  /** True when the protocol's answers can leave a required question skipped (`<question-form>`'s `(skipped)`). */
  readonly skipsRequired?: boolean;
  /**
   * True when the protocol's answers can carry the person's notes beside them (an accepted
   * response's `notes`, AskUserQuestion's annotations); other targets get the answers without
   * them, a `dropped` warning each.
   */
  readonly carriesNotes?: boolean;
  /** For text protocols: every form found in a message, and every problem with its line and column. */
  summarize?(text: string): TextSummary;
  /** How specifically `input` is a form of this protocol (for detection; the gateway picks the most specific). */
  detect(input: unknown): Specificity;
  /** Validates a wire form and reads it into the model. */
  readForm(input: unknown, options?: FormSelection): Result<FormModel>;
  /** The options its `writeForm` takes (every value a string, as a CLI flag gives it). */
  readonly writeOptions?: readonly WriteOption[];
  /** Writes a model form in this protocol; what cannot be said is a warning. */
  writeForm(form: FormModel, options?: WriteOptions): Result<WireForm>;
  /** For protocols whose answers name their form (a `[form answers — id]` header): that id. */
  answersFormId?(input: unknown): string | undefined;
  /** Validates wire answers against the form they answer and reads them into the model. */
  readAnswers(input: unknown, form: FormModel, options?: ReadAnswersOptions): Result<FormResponse>;
  /** Writes a model response in this protocol for the given form (`options.now` for forms that expire). */
  writeAnswers(response: FormResponse, form: FormModel, options?: ReadAnswersOptions): Result<WireAnswers>;
}

/** One form found in an input: its id and title, how many fields it has, and where it starts in chat text. */
export interface FormSummary {
  /** The form's id (a chat message's block id; native and Data forms have none). */
  id?: string;
  title?: string;
  fields: number;
  /** Where the block starts, for a form in a chat message. */
  line?: number;
  column?: number;
}

/** What a text protocol found in a message: its forms and its located problems. */
export interface TextSummary {
  /** True when nothing in the message is an error (warnings allowed). */
  ok: boolean;
  forms: (FormSummary & { id: string; line: number; column: number })[];
  /** Every error and warning, each with its line and column. */
  problems: Issue[];
}
