import { readFileSync, readdirSync } from "node:fs";
import fc from "fast-check";
import { main } from "../../src/cli/main.js";
import type { CliIo } from "../../src/cli/io.js";
import { translate, translateAnswers } from "../../src/gateway/translate.js";
import type { FormModel, FormResponse } from "../../src/model/index.js";
import { type ProtocolName, protocolNames, protocols } from "../../src/protocols/index.js";
import { validateDataInput } from "../../src/protocols/data/index.js";
import {
  createMessageReader,
  formCompletion,
  readAnswerMessage,
  readMessage,
  summarizeMessage,
} from "../../src/protocols/question-form/index.js";
import { parseServeArgs } from "../../src/cli/commands/serve.js";
import { UsageError } from "../../src/cli/io.js";
import { dataInput } from "../support/data-arbitraries.js";
import { askUserQuestionInput } from "../ask-user-question/arbitraries.js";
import { mcpRequest } from "../mcp/arbitraries.js";
import { acpRequest } from "../acp/arbitraries.js";
import { agUiInterrupt } from "../ag-ui/arbitraries.js";
import { langGraphInterrupt } from "../langgraph/arbitraries.js";
import { mastraChunk } from "../mastra/arbitraries.js";
import { nativeRequest } from "../native/arbitraries.js";
import { modelForm, questionFormMessage, responseFor } from "../gateway/arbitraries.js";
import { deepFreeze, mustReturnResult, prototypeChange } from "./guards.js";
import { KEYS, hostileText, leaf, mutated, mutatedText } from "./mutate.js";

/**
 * The fuzzing properties, shared by the fixed-seed run in `npm test` (fuzz.test.ts) and the
 * long random-seed run of `npm run fuzz` (scripts/fuzz.ts). Every property feeds a public
 * reader random or mutated input and checks the same promises: it returns a Result (or, for
 * the message reader, segments that are the message again), never throws, never writes to its
 * input (inputs are deep-frozen), and leaves Object.prototype alone. A hang fails the run by
 * its time limit.
 */
export interface FuzzProperty {
  name: string;
  /** Runs per property in the fixed-seed test (sized so the whole set stays well under 30 s). */
  runs: number;
  /** Checks the property; `path` with the failing `seed` replays one failure. */
  check(options: FuzzOptions): Promise<FuzzOutcome>;
}

export interface FuzzOptions {
  seed: number;
  numRuns: number;
  path?: string;
  /** Stop starting new cases after this many milliseconds. */
  interruptAfterTimeLimit?: number;
}

/** What a check found: how many cases ran, and the first failure with what replays it. */
export interface FuzzOutcome {
  numRuns: number;
  failed: boolean;
  seed: number;
  path?: string;
  counterexample?: string;
  error?: string;
}

function fuzz<Ts>(name: string, runs: number, property: () => fc.IRawProperty<Ts, boolean>): FuzzProperty {
  return {
    name,
    runs,
    async check(options) {
      const details = await fc.check(property(), {
        ...options,
        ...(options.path !== undefined && { endOnFailure: true }),
      });
      const outcome: FuzzOutcome = { numRuns: details.numRuns, failed: details.failed, seed: details.seed };
      if (details.failed) {
        outcome.path = details.counterexamplePath ?? undefined;
        outcome.counterexample = fc.stringify(details.counterexample).slice(0, 4000);
        outcome.error =
          details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
      }
      return outcome;
    },
  };
}

/** Anything a JavaScript caller might pass: JSON, and values JSON cannot hold. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.anything({
    maxDepth: 3,
    withBigInt: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withSparseArray: true,
    withNullPrototype: true,
    withBoxedValues: true,
    withObjectString: true,
  }),
  leaf,
);

const read = (name: string) =>
  JSON.parse(readFileSync(new URL(name, import.meta.url), "utf8")) as Record<string, unknown>;
const folder = (dir: string) =>
  readdirSync(new URL(dir, import.meta.url))
    .filter((name) => name.endsWith(".json"))
    .map((name) => read(`${dir}${name}`));

/** Native requests of the fixtures (every public-spec example), beside the generated ones. */
const nativeFixtures = folder("../fixtures/native/read/")
  .map((fixture) => fixture.request ?? fixture.input)
  .filter((x) => x !== undefined);
const nativeForm: fc.Arbitrary<unknown> = fc.oneof(nativeRequest, fc.constantFrom(...nativeFixtures));
const messageFixtures = folder("../fixtures/question-form/").map((fixture) => fixture.message as string);
const message: fc.Arbitrary<string> = fc.oneof(questionFormMessage, fc.constantFrom(...messageFixtures));

/** A generated message with its block's JSON body mutated as JSON (so it still parses, mostly). */
const mutatedBody: fc.Arbitrary<string> = questionFormMessage.chain((text) => {
  const match = /^([\s\S]*?<question-form[^>]*>\n)([\s\S]*)(\n<\/question-form>[\s\S]*)$/.exec(text);
  if (match === null) return fc.constant(text);
  const [, open, body, close] = match as unknown as [string, string, string, string];
  return mutated(fc.constant(JSON.parse(body) as unknown)).map((value) => `${open}${asText(value)}${close}`);
});

/** Any message text: protocol-shaped noise, and valid messages with pieces spliced in or their bodies mutated. */
const anyMessage: fc.Arbitrary<string> = fc.oneof(
  hostileText,
  mutatedText(message),
  mutatedBody,
  fc.string({ unit: "binary", maxLength: 80 }),
);

/** A form in any protocol, mutated or not. */
const anyForm: fc.Arbitrary<unknown> = fc.oneof(
  mutated(dataInput),
  mutated(nativeForm),
  anyMessage,
  dataInput,
  nativeForm,
  message,
  anyValue,
);

/** A model form read from a valid form of `protocol`, with a valid response to it written in `answers`. */
function formAndAnswers(formArbitrary: fc.Arbitrary<unknown>, protocol: ProtocolName, answersIn: ProtocolName) {
  return formArbitrary.chain((input) => {
    const read = protocols[protocol].readForm(input);
    if (!read.ok) return fc.constant(undefined);
    const model = read.value;
    const responses: fc.Arbitrary<FormResponse> =
      responseFor(model) ?? fc.constant<FormResponse>({ action: "decline" });
    return responses.map((response) => {
      const written = protocols[answersIn].writeAnswers(response, model);
      return { input, model, answers: written.ok ? written.value : response };
    });
  });
}

const formSources: Record<ProtocolName, fc.Arbitrary<unknown>> = {
  data: dataInput,
  native: nativeForm,
  "question-form": message,
  mcp: mcpRequest,
  acp: acpRequest,
  "ag-ui": agUiInterrupt,
  langgraph: langGraphInterrupt,
  mastra: mastraChunk,
  "ask-user-question": askUserQuestionInput,
};

/** Valid answers in `protocol` to forms of every protocol, then mutated. */
function mutatedAnswers(protocol: ProtocolName) {
  return fc
    .constantFrom(...protocolNames)
    .chain((formProtocol) =>
      formAndAnswers(formSources[formProtocol], formProtocol, protocol).map((pair) =>
        pair === undefined ? undefined : { ...pair, formProtocol },
      ),
    )
    .filter((pair): pair is NonNullable<typeof pair> => pair !== undefined)
    .chain((pair) => {
      const answers: fc.Arbitrary<unknown> =
        typeof pair.answers === "string" ? mutatedText(fc.constant(pair.answers)) : mutated(fc.constant(pair.answers));
      return fc.oneof(answers, anyValue, hostileText).map((mutatedAnswers) => ({ ...pair, answers: mutatedAnswers }));
    });
}

function checkSegments(text: string, result: ReturnType<typeof readMessage>): void {
  const sources = result.segments.map((segment) => segment.source).join("");
  if (sources !== text) throw new Error("the segments' sources are not the message");
  let offset = 0;
  for (const segment of result.segments) {
    if (segment.start !== offset || segment.end !== offset + segment.source.length)
      throw new Error(`segment at ${segment.start} is not where the previous one ended (${offset})`);
    offset = segment.end;
    const issues = segment.kind === "form" ? segment.warnings : segment.kind === "error" ? segment.issues : [];
    for (const issue of [...issues, ...result.warnings]) {
      if (
        typeof issue.code !== "string" ||
        !Array.isArray(issue.path) ||
        typeof issue.line !== "number" ||
        typeof issue.column !== "number"
      )
        throw new Error(`an issue without code, path, line and column: ${JSON.stringify(issue)}`);
    }
  }
  const change = prototypeChange();
  if (change !== undefined) throw new Error(change);
}

/** Feeds `text` to a streaming reader in chunks cut at `cuts`, as text or as UTF-8 bytes. */
function streamed(text: string, cuts: number[], bytes: boolean) {
  const reader = createMessageReader({ partial: true });
  const input = bytes ? new TextEncoder().encode(text) : text;
  const points = [...new Set(cuts.map((cut) => cut % (input.length + 1)))].sort((a, b) => a - b);
  const events = [];
  let from = 0;
  for (const point of [...points, input.length]) {
    events.push(...reader.push(input.slice(from, point)));
    from = point;
  }
  events.push(...reader.end());
  return { result: reader.result(), events, decoded: bytes ? new TextDecoder().decode(input as Uint8Array) : text };
}

const CLI_TOKENS = [
  "translate",
  "answers",
  "validate",
  "help",
  "--help",
  "-h",
  "--from",
  "--to",
  "--as",
  "--form",
  "--form-file",
  "--form-from",
  "--form-id",
  "--files-dir",
  "--now",
  "--strict",
  "--json",
  "--",
  "-",
  "data",
  "native",
  "question-form",
  "model",
  "__proto__",
  "constructor",
  "",
  "--to=native",
  "--from=",
  "--to=__proto__",
  "form.json",
  "missing.json",
  "--unknown",
  "-x",
  "--json=1",
  "/",
  "..",
  "C:\\x",
];

/** The CLI with files held in memory: `form.json` is a form, `-` the input, anything else does not exist. */
function memoryIo(stdin: string, form: string): { io: CliIo; out: () => string } {
  let out = "";
  const io: CliIo = {
    stdout: (text) => void (out += text),
    stderr: (text) => void (out += text),
    readInput: async (path) => {
      if (path === "-") return stdin;
      if (path === "form.json") return form;
      throw Object.assign(new Error(`ENOENT: no such file, open '${path}'`), { code: "ENOENT", syscall: "open", path });
    },
    env: {},
  };
  return { io, out: () => out };
}

/** What a file holding `value` would say (JSON when it can be; values JSON cannot hold as best it can). */
function asText(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

export const fuzzProperties: FuzzProperty[] = [
  fuzz("data: readForm and validateDataInput, any value", 800, () =>
    fc.property(fc.oneof(anyValue, mutated(dataInput)), (value) => {
      const input = deepFreeze(value);
      mustReturnResult("dataProtocol.readForm", () => protocols.data.readForm(input));
      mustReturnResult("validateDataInput", () => validateDataInput(input));
    }),
  ),
  fuzz("data: readForm, valid inputs mutated", 1000, () =>
    fc.property(
      mutated(dataInput),
      (value) => void mustReturnResult("dataProtocol.readForm", () => protocols.data.readForm(deepFreeze(value))),
    ),
  ),
  fuzz("native: readForm, any value and mutated forms", 1000, () =>
    fc.property(
      fc.oneof(anyValue, mutated(nativeForm), mutated(nativeForm)),
      (value) => void mustReturnResult("nativeProtocol.readForm", () => protocols.native.readForm(deepFreeze(value))),
    ),
  ),
  fuzz("question-form: readMessage, readForm and summarizeMessage, any text", 1000, () =>
    fc.property(anyMessage, (text) => {
      checkSegments(text, readMessage(text));
      mustReturnResult("questionFormProtocol.readForm", () => protocols["question-form"].readForm(text));
      if (summarizeMessage(text).problems.some((issue) => typeof issue.line !== "number"))
        throw new Error("a summary problem without a line");
    }),
  ),
  fuzz("question-form: createMessageReader, any chunking as text or bytes, reads as the whole", 700, () =>
    fc.property(anyMessage, fc.array(fc.nat(), { maxLength: 12 }), fc.boolean(), (text, cuts, bytes) => {
      const { result, events, decoded } = streamed(text, cuts, bytes);
      checkSegments(decoded, result);
      if (JSON.stringify(result) !== JSON.stringify(readMessage(decoded)))
        throw new Error("the streamed result differs from the whole message's");
      const again = events
        .map((e) => (e.kind === "prose" ? e.text : e.kind === "form" || e.kind === "error" ? e.segment.source : ""))
        .join("");
      if (again !== decoded) throw new Error("the streamed prose and blocks are not the message");
    }),
  ),
  fuzz("data: readAnswers, valid results mutated", 600, () =>
    fc.property(
      mutatedAnswers("data"),
      ({ model, answers }) =>
        void mustReturnResult("dataProtocol.readAnswers", () =>
          protocols.data.readAnswers(deepFreeze(answers), deepFreeze(model)),
        ),
    ),
  ),
  fuzz("native: readAnswers, valid results mutated", 600, () =>
    fc.property(
      mutatedAnswers("native"),
      ({ model, answers }) =>
        void mustReturnResult("nativeProtocol.readAnswers", () =>
          protocols.native.readAnswers(deepFreeze(answers), deepFreeze(model)),
        ),
    ),
  ),
  fuzz("question-form: readAnswers, readAnswerMessage and formCompletion, answer messages mutated", 600, () =>
    fc.property(mutatedAnswers("question-form"), ({ model, answers }) => {
      const form = deepFreeze(model);
      mustReturnResult("questionFormProtocol.readAnswers", () =>
        protocols["question-form"].readAnswers(deepFreeze(answers), form),
      );
      if (typeof answers !== "string") return;
      const parsed = readAnswerMessage(answers, form);
      if (!Array.isArray(parsed.issues) || !Array.isArray(parsed.warnings))
        throw new Error("readAnswerMessage: no issues or warnings");
      if (typeof formCompletion(form, answers).complete !== "boolean") throw new Error("formCompletion: no verdict");
      const change = prototypeChange();
      if (change !== undefined) throw new Error(change);
    }),
  ),
  fuzz("translate: any input, from any protocol (or detected) to any, strict or not", 800, () =>
    fc.property(
      anyForm,
      fc.option(fc.constantFrom(...protocolNames), { nil: undefined }),
      fc.constantFrom(...protocolNames),
      fc.boolean(),
      (value, from, to, strict) => {
        const input = deepFreeze(value);
        mustReturnResult("translate", () => translate(input, { ...(from !== undefined && { from }), to, strict }));
      },
    ),
  ),
  fuzz("translateAnswers: mutated answers in any protocol, to forms of any protocol, into any protocol", 500, () =>
    fc.property(
      fc.constantFrom(...protocolNames).chain((from) => mutatedAnswers(from).map((pair) => ({ ...pair, from }))),
      fc.constantFrom(...protocolNames),
      ({ input, formProtocol, answers, from }, to) =>
        void mustReturnResult("translateAnswers", () =>
          translateAnswers(deepFreeze(answers), { form: deepFreeze(input), formFrom: formProtocol, from, to }),
        ),
    ),
  ),
  fuzz("translateAnswers: answers to a model form, in any protocol, into any protocol", 400, () =>
    fc.property(
      modelForm.chain((model: FormModel) =>
        (responseFor(model) ?? fc.constant<FormResponse>({ action: "decline" })).map((response) => ({
          model,
          response,
        })),
      ),
      fc.constantFrom(...protocolNames),
      fc.constantFrom(...protocolNames),
      ({ model, response }, from, to) => {
        const written = protocols[from].writeAnswers(response, model);
        if (!written.ok) return;
        mustReturnResult("translateAnswers (model form)", () =>
          translateAnswers(deepFreeze(written.value), { form: deepFreeze(model), formFrom: "model", from, to }),
        );
      },
    ),
  ),
  fuzz("cli: main with random arguments and inputs", 500, () =>
    fc.asyncProperty(
      fc.array(
        fc.oneof(
          { weight: 5, arbitrary: fc.constantFrom(...CLI_TOKENS) },
          { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
        ),
        { maxLength: 8 },
      ),
      fc.oneof(anyMessage, anyForm.map(asText)),
      fc.oneof(
        message,
        dataInput.map((input) => JSON.stringify(input)),
        nativeForm.map((input) => JSON.stringify(input)),
      ),
      async (args, stdin, form) => {
        // `serve` would start a server on this process's standard input and output; its flags are fuzzed below.
        if (args[0] === "serve") return;
        const { io, out } = memoryIo(stdin, form);
        let status: number;
        try {
          status = await main(deepFreeze([...args]), io);
        } catch (error) {
          throw new Error(`main threw: ${error instanceof Error ? error.stack : String(error)}`);
        }
        if (status !== 0 && status !== 1 && status !== 2) throw new Error(`exit status ${status}`);
        if (out().includes("internal error")) throw new Error(`main caught an exception: ${out()}`);
        const change = prototypeChange();
        if (change !== undefined) throw new Error(change);
      },
    ),
  ),
  fuzz("cli: serve flags parse to flags or a usage error", 800, () =>
    fc.property(
      fc.array(
        fc.oneof(
          fc.constantFrom(
            "--http",
            "--port",
            "--host",
            "--port=0",
            "--port=",
            "--host=::1",
            "--allowed-hosts",
            "a.example,[::1]:80",
            "--timeout",
            "-q",
            "--log-level",
            "warn",
            "0",
            "65536",
            "-1",
            "1e3",
            "x",
            "--",
            "--help",
            "-h",
            ...KEYS,
          ),
          fc.string({ maxLength: 6 }),
        ),
        { maxLength: 6 },
      ),
      (args) => {
        let parsed: ReturnType<typeof parseServeArgs>;
        try {
          parsed = parseServeArgs(deepFreeze([...args]) as string[]);
        } catch (error) {
          if (error instanceof UsageError && error.message !== "") return;
          throw error;
        }
        if (typeof parsed.flags !== "object" && parsed.flags !== "help")
          throw new Error("parseServeArgs returned no flags");
      },
    ),
  ),
];
