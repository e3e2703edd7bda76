import { expect } from "chai";
import fc from "fast-check";
import type { FormModel, Issue, Result } from "../../src/model/index.js";
import { formatIssue } from "../../src/index.js";
import { type ProtocolName, protocolNames, protocols } from "../../src/protocols/index.js";
import type { Protocol } from "../../src/protocols/protocol.js";
import { dataInput } from "../support/data-arbitraries.js";
import { nativeRequest } from "../native/arbitraries.js";
import { mcpRequest } from "../mcp/arbitraries.js";
import { modelForm, questionFormMessage, responseFor } from "../gateway/arbitraries.js";
import { mutated, mutatedText } from "../hardening/mutate.js";
import { askUserQuestionInput } from "../ask-user-question/arbitraries.js";
import { acpRequest } from "../acp/arbitraries.js";
import { agUiInterrupt } from "../ag-ui/arbitraries.js";
import { readDataForm, readDataResult, writeDataForm, writeDataResult } from "../../src/protocols/data/index.js";
import {
  readNativeAnswers,
  readNativeForm,
  writeNativeAnswers,
  writeNativeForm,
} from "../../src/protocols/native/index.js";
import { readMcpAnswers, readMcpForm, writeMcpAnswers, writeMcpForm } from "../../src/protocols/mcp/index.js";
import { readQuestionForm } from "../../src/protocols/question-form/read-form.js";
import { readAnswers } from "../../src/protocols/question-form/read-answers.js";
import { writeAnswers } from "../../src/protocols/question-form/write-answers.js";
import { writeQuestionForm as writeForm } from "../../src/protocols/question-form/write-form.js";
import { readAcpAnswers, readAcpForm, writeAcpAnswers, writeAcpForm } from "../../src/protocols/acp/index.js";
import { readAgUiAnswers, readAgUiForm, writeAgUiAnswers, writeAgUiForm } from "../../src/protocols/ag-ui/index.js";
import {
  readAskUserQuestionAnswers,
  readAskUserQuestionForm,
  writeAskUserQuestionAnswers,
  writeAskUserQuestionForm,
} from "../../src/protocols/ask-user-question/index.js";

/**
 * Issues in the user's words (docs/issue-codes.md, "Messages"): every issue any reader or
 * writer gives for generated inputs has a whole sentence for its message (a capital, a quote
 * or a backtick first, a period last, no path such as `fields[1]` in it, its question named
 * once) and, where its path is in a question, names that question by id, as a field of its
 * own and in the message. Each reader and writer says that sentence itself, as its folder exports
 * it (no wrapper completes it afterwards).
 */

/** The path of a raw model or wire location: `fields[1]`, `questions[0].options`, `oneOf[2]`. */
const RAW_PATH = /[\w\]]\[\d+\]|\b(fields|questions)\.\w/;

/** A sentence as a reader or writer says it: a capital, a quote or a backtick first, a period last. */
const SENTENCE = /^[A-Z`"][\s\S]*\.$/;

function checkSentence(issue: Issue, what: string): void {
  const said = `${what}: ${JSON.stringify(issue)}`;
  expect(issue.message, said).to.match(SENTENCE);
  expect(issue.message, said).not.to.match(RAW_PATH);
  // What a message is made of: no value JavaScript printed for a person, no subject said twice.
  // Outside the values it quotes (a key may be any text), and with no subject said twice: one sentence inside
  // another ("`label` Its `label` holds …").
  const bare = issue.message.replace(/"(?:[^"\\]|\\.)*"/g, '""').replace(/`[^`]*`/g, "``");
  expect(bare, said).not.to.match(/\[object |\bundefined\b|\b(its|the) (its|the)\b|: \.|\.\.$/i);
  expect(bare, said).not.to.match(/[\w`,] (Its|It|The) /);
  if (issue.question !== undefined) {
    const named = issue.message.toLowerCase().split(`question \`${issue.question.toLowerCase()}\``).length - 1;
    expect(named, `${said}: names its question once`).to.equal(1);
  }
  expect(formatIssue(issue), said).to.include(issue.message).and.include(issue.code);
}

/** The question an issue is in, found without the library's locators: the id the input or the model gives it. */
type Where = (issue: Issue) => string | undefined;

function checkAll(result: Result<unknown>, where: Where | undefined, what: string): void {
  const issues = result.ok ? result.warnings : result.error.issues;
  if (!result.ok) expect(result.error.message, what).to.match(/^[A-Z`]/);
  for (const issue of issues) {
    checkSentence(issue, what);
    const question = where?.(issue);
    if (question === undefined) continue;
    expect(issue.question, `${what}: ${JSON.stringify(issue)}`).to.equal(question);
    expect(issue.message, `${what}: ${JSON.stringify(issue)}`).to.include(`\`${question}\``);
  }
}

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** In a wire form: `questions[i]` (Data) by its id, `properties.<id>` (JSON Schema) by its key. */
function wireQuestion(input: unknown): Where {
  return ({ path }) => {
    const at = path.indexOf("properties");
    if (at >= 0 && typeof path[at + 1] === "string") return path[at + 1] as string;
    if (path[0] !== "questions" || typeof path[1] !== "number") return undefined;
    const questions = record(input)?.questions;
    const id = Array.isArray(questions) ? record(questions[path[1]])?.id : undefined;
    return typeof id === "string" ? id : undefined;
  };
}

/**
 * In a `<question-form>` message: `questions[i]` (or item i of a bare array) of the block whose
 * JSON body holds the issue's line and column, by its id as read (trimmed). Only a body that
 * parses as it stands is looked in, so an issue whose block this cannot tell is not checked.
 */
function blockQuestion(message: string): Where {
  const lines = message.split("\n");
  return ({ path, line, column }) => {
    if (line === undefined || column === undefined) return undefined;
    const offset = lines.slice(0, line - 1).reduce((sum, text) => sum + text.length + 1, 0) + column - 1;
    const opens = [...message.slice(0, offset).matchAll(/<(question-form|ask-question)\b[^>]*>/gi)];
    const open = opens[opens.length - 1];
    if (open === undefined) return undefined;
    const start = (open.index as number) + open[0].length;
    const end = message.toLowerCase().indexOf(`</${(open[1] as string).toLowerCase()}`, start);
    if (end < offset) return undefined;
    let body: unknown;
    try {
      body = JSON.parse(message.slice(start, end));
    } catch {
      return undefined;
    }
    const [list, at] = Array.isArray(body) ? [body, path[0]] : [record(body)?.questions, path[1]];
    if ((!Array.isArray(body) && path[0] !== "questions") || !Array.isArray(list) || typeof at !== "number")
      return undefined;
    const id = record(list[at])?.id;
    return typeof id === "string" && id.trim() !== "" ? id.trim() : undefined;
  };
}

/** In a model path: `fields[i]` is the question of field i. */
const modelQuestion =
  (form: FormModel): Where =>
  ({ path }) =>
    path[0] === "fields" && typeof path[1] === "number" ? form.fields[path[1]]?.id : undefined;

/** In an answer path: the key after the envelope (`content`, `answers`) that is a question of the form. */
const answerQuestion =
  (form: FormModel): Where =>
  ({ path }) => {
    const key = path.find((segment) => segment !== "result" && segment !== "content" && segment !== "answers");
    return typeof key === "string" && form.fields.some((field) => field.id === key) ? key : undefined;
  };

const sources: [ProtocolName, fc.Arbitrary<unknown>][] = [
  ["data", dataInput],
  ["data", mutated(dataInput)],
  ["native", nativeRequest],
  ["native", mutated(nativeRequest)],
  ["mcp", mcpRequest],
  ["mcp", mutated(mcpRequest)],
  ["acp", acpRequest],
  ["acp", mutated(acpRequest)],
  ["ag-ui", agUiInterrupt],
  ["ag-ui", mutated(agUiInterrupt)],
  ["ask-user-question", askUserQuestionInput],
  ["ask-user-question", mutated(askUserQuestionInput)],
  ["question-form", questionFormMessage],
  ["question-form", mutatedText(questionFormMessage)],
];
const generated: readonly fc.Arbitrary<unknown>[] = [
  dataInput,
  nativeRequest,
  mcpRequest,
  acpRequest,
  agUiInterrupt,
  askUserQuestionInput,
  questionFormMessage,
];

/** Each protocol's reader and writer functions as their folders export them: what they say is a sentence. */
const unwrapped: Record<string, Pick<Protocol, "readForm" | "writeForm" | "readAnswers" | "writeAnswers">> = {
  data: {
    readForm: readDataForm,
    writeForm: writeDataForm,
    readAnswers: readDataResult,
    writeAnswers: writeDataResult,
  },
  native: {
    readForm: readNativeForm,
    writeForm: writeNativeForm,
    readAnswers: readNativeAnswers,
    writeAnswers: writeNativeAnswers,
  },
  mcp: { readForm: readMcpForm, writeForm: writeMcpForm, readAnswers: readMcpAnswers, writeAnswers: writeMcpAnswers },
  acp: { readForm: readAcpForm, writeForm: writeAcpForm, readAnswers: readAcpAnswers, writeAnswers: writeAcpAnswers },
  "ag-ui": {
    readForm: readAgUiForm,
    writeForm: writeAgUiForm,
    readAnswers: readAgUiAnswers,
    writeAnswers: writeAgUiAnswers,
  },
  "ask-user-question": {
    readForm: readAskUserQuestionForm,
    writeForm: writeAskUserQuestionForm,
    readAnswers: readAskUserQuestionAnswers,
    writeAnswers: writeAskUserQuestionAnswers,
  },
  "question-form": { readForm: readQuestionForm, writeForm, readAnswers, writeAnswers },
};

/** Every message of a result said by the reader or writer itself is a whole sentence. */
function checkSaid(result: Result<unknown>, what: string): void {
  for (const issue of result.ok ? result.warnings : result.error.issues)
    expect(issue.message, `${what} (as its folder says it): ${JSON.stringify(issue)}`).to.match(SENTENCE);
}

describe("issues in the user's words: every message a whole sentence naming its question", () => {
  for (const [name, source] of sources) {
    const how = generated.includes(source) ? "generated" : "mutated";
    it(`${name} forms read (${how}), and written in every protocol`, () => {
      fc.assert(
        fc.property(source, (input) => {
          const own = unwrapped[name];
          if (own !== undefined) checkSaid(own.readForm(input), `${name} read`);
          const read = (protocols[name] as Protocol).readForm(input);
          // AskUserQuestion's questions have the ids their headers give them (src/protocols/ask-user-question/ids.ts).
          const where =
            name === "question-form"
              ? blockQuestion(input as string)
              : name === "ask-user-question"
                ? undefined
                : wireQuestion(input);
          checkAll(read, where, `${name}.readForm`);
          if (!read.ok) return;
          for (const to of protocolNames) {
            checkAll((protocols[to] as Protocol).writeForm(read.value), modelQuestion(read.value), `${to}.writeForm`);
            const own = unwrapped[to];
            if (own !== undefined) checkSaid(own.writeForm(read.value), `${to} write`);
          }
        }),
        { numRuns: 40 },
      );
    });
  }

  it("model forms written in every protocol, and their answers read and written", () => {
    fc.assert(
      fc.property(
        modelForm.chain((form) =>
          fc.tuple(fc.constant(form), responseFor(form) ?? fc.constant(undefined), mutated(fc.constant({}))),
        ),
        ([form, response, junk]) => {
          for (const to of protocolNames) {
            const protocol = protocols[to] as Protocol;
            checkAll(protocol.writeForm(form), modelQuestion(form), `${to}.writeForm`);
            const own = unwrapped[to];
            if (own !== undefined) {
              checkSaid(own.writeForm(form), `${to} write`);
              if (response !== undefined) checkSaid(own.writeAnswers(response, form), `${to} write answers`);
              checkSaid(own.readAnswers({ action: "accept", content: record(junk) }, form), `${to} read answers`);
            }
            if (response === undefined) continue;
            const written = protocol.writeAnswers(response, form);
            checkAll(written, answerQuestion(form), `${to}.writeAnswers`);
            if (written.ok && to !== "question-form")
              checkAll(protocol.readAnswers(written.value, form), answerQuestion(form), `${to}.readAnswers`);
            if (to !== "question-form") {
              const content = { ...(response.action === "accept" ? response.answers : {}), ...record(junk) };
              checkAll(
                protocol.readAnswers({ action: "accept", content }, form),
                answerQuestion(form),
                `${to}.readAnswers (changed)`,
              );
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it("formatIssue says the message, the code and where", () => {
    const issue: Issue = {
      code: "dropped",
      path: ["fields", 1, "options", 0, "thumbnail"],
      message:
        "Question `audience`, option `exec`: its `thumbnail` has no place in a standard MCP form, so it is dropped.",
      severity: "warning",
      question: "audience",
      option: "exec",
    };
    expect(formatIssue(issue)).to.equal(
      "Question `audience`, option `exec`: its `thumbnail` has no place in a standard MCP form, so it is dropped. " +
        "(dropped at fields[1].options[0].thumbnail)",
    );
    expect(formatIssue({ ...issue, line: 3, column: 7 })).to.match(/\(dropped at line 3, column 7\)$/);
  });
});
