import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { translate, translateAnswers } from "../../src/gateway/translate.js";
import type { FormModel, Issue, Result } from "../../src/model/index.js";
import { type Protocol, type ProtocolName, protocolNames, protocols } from "../../src/protocols/index.js";
import { createMessageReader, readMessage } from "../../src/protocols/question-form/index.js";
import { runCli } from "../support/cli.js";
import { type Host, connectInMemory, nativeForms } from "../server/harness.js";
import { type ModernHost, connectModernInMemory, modernNativeForms } from "../server/modern-peer.js";
import { type Expected, type ExpectedIssue, type HostileEntry, loadCorpus, loadForm } from "./corpus.js";
import { deepFreeze, mustReturnResult, prototypeChange, summaryLine, tally } from "./guards.js";

/**
 * Every input of test/fixtures/hostile/ through every way in: the protocol's reader, translate
 * (to every protocol), the CLI in-process, and for Data tool arguments (and native answers to a
 * Data form) the MCP server's tool handler through the SDK's own client. Each run checks the
 * exact codes and paths, that nothing threw, that the input was not written to, and that
 * Object.prototype is unchanged.
 */

const corpus = loadCorpus();
tally.hostileInputs = corpus.length;

after(() => console.log(`\n  ${summaryLine()}\n`));

const isText = (name: ProtocolName) => (protocols[name] as Protocol).textInput === true;

/** The text of an entry as a file or standard input would hold it. */
function entryText(entry: HostileEntry): string {
  if (entry.text !== undefined) return entry.text;
  if (entry.bytes !== undefined) return new TextDecoder("utf-8").decode(Buffer.from(entry.bytes, "base64"));
  return typeof entry.input === "string" && isText(entry.protocol) ? entry.input : JSON.stringify(entry.input);
}

/**
 * What a library caller holds: the value, or for text the parsed JSON (a BOM skipped, as the CLI does), or the text
 * itself.
 */
function libraryInput(entry: HostileEntry): unknown {
  if (entry.input !== undefined) return deepFreeze(entry.input);
  const text = entryText(entry);
  if (isText(entry.protocol)) return text;
  try {
    return deepFreeze(JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown);
  } catch {
    return text;
  }
}

const forms = new Map<string, { protocol: ProtocolName; path: string; value: unknown; model: FormModel }>();
function formOf(entry: HostileEntry) {
  const file = entry.form as string;
  let form = forms.get(file);
  if (form === undefined) {
    const loaded = loadForm(file);
    const read = protocols[loaded.protocol].readForm(loaded.value);
    if (!read.ok) throw new Error(`forms/${file} does not read: ${JSON.stringify(read.error)}`);
    form = { ...loaded, value: deepFreeze(loaded.value), model: deepFreeze(read.value) };
    forms.set(file, form);
  }
  return form;
}

/** Runs `call` through `mustReturnResult`, counting the run or the failure for the summary. */
function guarded<T>(what: string, call: () => Result<T>): Result<T> {
  try {
    const result = mustReturnResult(what, call);
    tally.hostileRuns++;
    return result;
  } catch (error) {
    tally.failed++;
    throw error;
  }
}

function project(issues: readonly Issue[], like: readonly ExpectedIssue[]): ExpectedIssue[] {
  return issues.map((issue, index) => {
    const want = like[index];
    const out: ExpectedIssue = { code: issue.code, path: issue.path };
    if (want?.line !== undefined) out.line = issue.line as number;
    if (want?.column !== undefined) out.column = issue.column as number;
    if (want?.question !== undefined) out.question = issue.question as string;
    return out;
  });
}

function expectResult(result: Result<unknown>, expected: Expected, what: string): void {
  if ("error" in expected) {
    if (result.ok)
      expect.fail(`${what}: accepted, expected ${expected.error}; warnings ${JSON.stringify(result.warnings)}`);
    expect(result.error.code, `${what}: ${JSON.stringify(result.error)}`).to.equal(expected.error);
    expect(project(result.error.issues, expected.issues), what).to.deep.equal(expected.issues);
  } else {
    if (!result.ok) expect.fail(`${what}: rejected, expected success: ${JSON.stringify(result.error)}`);
    expect(project(result.warnings, expected.warnings), what).to.deep.equal(expected.warnings);
    if (expected.value !== undefined)
      expect(JSON.parse(JSON.stringify(result.value)), `${what}: the value read`).to.deep.equal(expected.value);
  }
}

function read(entry: HostileEntry, input: unknown): Result<unknown> {
  const protocol = protocols[entry.protocol] as Protocol;
  if (entry.read === "form") return guarded(`${entry.protocol}.readForm`, () => protocol.readForm(input));
  return guarded(`${entry.protocol}.readAnswers`, () => protocol.readAnswers(input, formOf(entry).model));
}

/** The protocol an entry is translated into on the CLI. */
const cliTarget = (entry: HostileEntry): ProtocolName => (entry.protocol === "data" ? "native" : "data");

const isObject = (value: unknown): boolean => typeof value === "object" && value !== null && !Array.isArray(value);

let host: Host | undefined;
let answerWith: unknown = { action: "decline" };
let modernHost: ModernHost | undefined;

/** What a call ends as: the action, the error code, or that it was a JSON-RPC error. */
function outcomeOf(result: CallToolResult | undefined): string {
  if (result === undefined) return "JSON-RPC error";
  const content = result.structuredContent as { action?: string; error?: { code: string } };
  return content.error?.code ?? (content.action as string);
}

describe("hostile inputs", function () {
  this.timeout(60000);
  const scratch = mkdtempSync(join(tmpdir(), "formgate-hostile-"));
  after(async () => {
    rmSync(scratch, { recursive: true, force: true });
    await host?.disconnect();
    await modernHost?.close();
  });

  it("the corpus covers every protocol's forms and answers", () => {
    for (const name of protocolNames) {
      expect(
        corpus.some((e) => e.protocol === name && e.read === "form"),
        `${name} forms`,
      ).to.equal(true);
      expect(
        corpus.some((e) => e.protocol === name && e.read === "answers"),
        `${name} answers`,
      ).to.equal(true);
    }
  });

  for (const entry of corpus) {
    describe(`${entry.name}: ${entry.description}`, () => {
      it("the library reader gives exactly the expected result", () => {
        expectResult(read(entry, libraryInput(entry)), entry.expect, "reader");
      });

      it("translate gives the reader's failure, or a Result, into every protocol", () => {
        const input = libraryInput(entry);
        const first = read(entry, input);
        for (const to of protocolNames) {
          const result =
            entry.read === "form"
              ? guarded(`translate to ${to}`, () => translate(input, { from: entry.protocol, to }))
              : guarded(`translateAnswers to ${to}`, () => {
                  const form = formOf(entry);
                  return translateAnswers(input, {
                    form: form.value,
                    formFrom: form.protocol,
                    from: entry.protocol,
                    to,
                  });
                });
          if (!first.ok) expect(result, `to ${to}`).to.deep.equal(first);
          else if (result.ok)
            expect(result.warnings.slice(0, first.warnings.length), `to ${to}`).to.deep.equal(first.warnings);
        }
        if (entry.identity) {
          const back = translate(input, { from: entry.protocol, to: entry.protocol });
          expect(back.ok && back.value, "read and written back unchanged").to.deep.equal(input);
        }
      });

      if (entry.segments !== undefined) {
        it("every block of the message reads as expected", () => {
          const { segments } = readMessage(entryText(entry));
          tally.hostileRuns++;
          const blocks = segments.flatMap((segment) => {
            if (segment.kind === "prose") return [];
            const issues = segment.kind === "form" ? segment.warnings : segment.issues;
            return [
              {
                kind: segment.kind,
                ...(segment.id !== undefined && { id: segment.id }),
                issues: issues.map(({ code, path, line, column }) => ({ code, path, line, column })),
              },
            ];
          });
          expect(blocks).to.deep.equal(entry.segments);
        });
      }

      if (entry.protocol === "question-form" && entry.read === "form" && typeof libraryInput(entry) === "string") {
        it("reads the same streamed in chunks (as UTF-8 bytes, split anywhere) as whole", () => {
          const bytes =
            entry.bytes !== undefined ? Buffer.from(entry.bytes, "base64") : Buffer.from(entryText(entry), "utf8");
          // Decoding bytes drops a leading byte-order mark (it marks the encoding, it is not text).
          const whole = readMessage(new TextDecoder("utf-8").decode(bytes));
          const reader = createMessageReader({ partial: true });
          const step = Math.max(1, Math.floor(bytes.length / 7));
          for (let at = 0; at < bytes.length; at += step) reader.push(bytes.subarray(at, at + step));
          reader.end();
          tally.hostileRuns++;
          expect(reader.result()).to.deep.equal(whole);
          expect(prototypeChange()).to.equal(undefined);
        });
      }

      it("the CLI prints what the library says, with the matching exit status", async () => {
        const text = entryText(entry);
        let file = "-";
        if (entry.bytes !== undefined) {
          file = join(scratch, entry.name.replaceAll("/", "_"));
          writeFileSync(file, Buffer.from(entry.bytes, "base64"));
        }
        const to = cliTarget(entry);
        const args =
          entry.read === "form"
            ? ["translate", "--from", entry.protocol, "--to", to, "--json", file]
            : [
                "answers",
                "--form-file",
                formOf(entry).path,
                "--form-from",
                formOf(entry).protocol,
                "--from",
                entry.protocol,
                "--to",
                to,
                "--json",
                file,
              ];
        const run = await runCli(args, text);
        tally.hostileRuns++;
        expect(run.stderr, "nothing but the JSON result").to.equal("");
        const printed = JSON.parse(run.stdout) as Result<unknown>;
        expect(run.status).to.equal(printed.ok ? 0 : 1);
        const input = libraryInput(entry);
        const library =
          entry.read === "form"
            ? translate(input, { from: entry.protocol, to })
            : translateAnswers(input, {
                form: formOf(entry).value,
                formFrom: formOf(entry).protocol,
                from: entry.protocol,
                to,
              });
        if (entry.cli !== undefined) expectResult(printed, entry.cli, "CLI");
        else expect(printed).to.deep.equal(JSON.parse(JSON.stringify(library)));
        expect(prototypeChange()).to.equal(undefined);
      });

      const dataArguments = entry.protocol === "data" && entry.read === "form";
      // The SDK's client sends only object results; anything else never reaches the server.
      const nativeAnswersToData =
        entry.protocol === "native" &&
        entry.read === "answers" &&
        entry.form?.startsWith("data-") &&
        isObject(libraryInput(entry));
      if (dataArguments || nativeAnswersToData) {
        it("the server's tool handler answers the model with the same codes and paths", async () => {
          host ??= await connectInMemory({
            capabilities: nativeForms,
            answer: async () => answerWith as Record<string, unknown>,
          });
          const args = dataArguments ? libraryInput(entry) : formOf(entry).value;
          answerWith = dataArguments ? { action: "decline" } : libraryInput(entry);
          const logBefore = host.serverLog().length;
          let result: CallToolResult | undefined;
          let rpcError: string | undefined;
          try {
            result = (await host.client.callTool({
              name: "form_elicitation_v2_request",
              arguments: args as Record<string, unknown>,
            })) as CallToolResult;
          } catch (error) {
            rpcError = (error as Error).message;
          }
          tally.hostileRuns++;
          expect(prototypeChange()).to.equal(undefined);
          const override = entry.server;
          // MCP tool arguments are an object: the SDK answers anything else with a JSON-RPC error before formgate runs.
          if (dataArguments && !isObject(args))
            return void expect(rpcError, "a JSON-RPC error for arguments that are not an object").to.match(
              /-32603|-32602/,
            );
          if (override !== undefined && "rpcError" in override)
            return void expect(rpcError, override.why).to.be.a("string");
          expect(rpcError, "a tool result, not a JSON-RPC error").to.equal(undefined);
          const content = (result as CallToolResult).structuredContent as Record<string, unknown>;
          expect(JSON.parse(((result as CallToolResult).content[0] as { text: string }).text)).to.deep.equal(content);
          if (override !== undefined && "result" in override)
            return void expect(content, override.why).to.deep.equal(override.result);
          const expected =
            override !== undefined && "issuePaths" in override
              ? { error: "", issues: override.issuePaths.map((path) => ({ code: "", path })) }
              : entry.expect;
          if ("error" in expected) {
            expect((result as CallToolResult).isError).to.equal(true);
            const error = content.error as { code: string; issues: { path: unknown[] }[] };
            expect(error.code).to.equal(dataArguments ? "invalid_arguments" : "invalid_response");
            expect(error.issues.map((issue) => issue.path)).to.deep.equal(expected.issues.map((issue) => issue.path));
          } else if (dataArguments) {
            expect(content).to.deep.equal({ action: "decline" });
            const logged = host
              .serverLog()
              .slice(logBefore)
              .split("\n")
              .filter((line) => line.startsWith("warning (arguments)"));
            expect(logged.length, "each warning is logged").to.equal(expected.warnings.length);
          } else {
            // The model gets what the library writes for the same answers.
            const form = formOf(entry);
            const library = translateAnswers(libraryInput(entry), {
              form: form.value,
              formFrom: form.protocol,
              from: "native",
              to: "data",
            });
            expect(content).to.deep.equal(JSON.parse(JSON.stringify(library.ok && library.value)));
          }
        });

        it("the 2026-07-28 server ends the same way: the same action or error code over two rounds", async () => {
          host ??= await connectInMemory({
            capabilities: nativeForms,
            answer: async () => answerWith as Record<string, unknown>,
          });
          modernHost ??= await connectModernInMemory({
            capabilities: modernNativeForms,
            answer: async () => ({ action: "decline" }),
            manual: true,
          });
          const args = dataArguments ? libraryInput(entry) : formOf(entry).value;
          answerWith = dataArguments ? { action: "decline" } : libraryInput(entry);
          const call = (params: Record<string, unknown>) =>
            modernHost?.client.callTool(
              { name: "form_elicitation_v2_request", arguments: args as Record<string, unknown>, ...params } as never,
              { allowInputRequired: true } as never,
            ) as Promise<CallToolResult>;
          const legacy = await host.client
            .callTool({ name: "form_elicitation_v2_request", arguments: args as Record<string, unknown> })
            .then(
              (result) => result as CallToolResult,
              () => undefined,
            );
          let modern: CallToolResult | undefined;
          try {
            const first = (await call({})) as unknown as { resultType?: string; requestState?: string };
            modern =
              first.resultType === "input_required"
                ? await call({ requestState: first.requestState, inputResponses: { form: answerWith } })
                : (first as CallToolResult);
          } catch {
            modern = undefined;
          }
          tally.hostileRuns++;
          expect(prototypeChange()).to.equal(undefined);
          // The SDK drops an input response that is not a bare result object (not an object, or a wrapped
          // { method, result } envelope the 2025-era answer reader unwraps) before formgate sees it: invalid_response.
          const dropped =
            !dataArguments &&
            (!isObject(answerWith) || "method" in (answerWith as object) || "result" in (answerWith as object));
          expect(outcomeOf(modern)).to.equal(
            dropped && outcomeOf(legacy) !== "JSON-RPC error" ? "invalid_response" : outcomeOf(legacy),
          );
        });
      }
    });
  }
});
