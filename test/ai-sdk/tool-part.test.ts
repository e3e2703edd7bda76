import { expect } from "chai";
import { parsePartialJson, type UIMessage } from "ai";
import type { DataToolError } from "../../generated/data-tool-result.js";
import { answerToolPart, DATA_TOOL_NAME, readToolPart } from "../../src/ai-sdk/index.js";

type Part = UIMessage["parts"][number];

const INPUT = {
  message: "Plan the review",
  questions: [
    { id: "goal", type: "text", title: "What is the goal?", required: true },
    { id: "size", type: "single_select", title: "Size", required: false, options: [{ id: "s", title: "Small" }] },
    { id: "notes", type: "text", title: "Notes", required: false },
  ],
};
const BROKEN = { message: "Plan", questions: [{ id: "1st", type: "text", title: "Goal", required: true }] };

/** The same tool call as a static part and as a dynamic one (an MCP or runtime tool). */
function parts(fields: Record<string, unknown>): Part[] {
  const base = { toolCallId: "call-1", ...fields };
  return [
    { type: `tool-${DATA_TOOL_NAME}`, ...base } as unknown as Part,
    { type: "dynamic-tool", toolName: DATA_TOOL_NAME, ...base } as unknown as Part,
  ];
}

/** How many of INPUT's questions a prefix of `text` holds whole (its closing brace arrived). */
function wholeQuestions(text: string, prefix: number): number {
  return INPUT.questions.filter((question) => {
    const source = text.includes("\n")
      ? JSON.stringify(question, null, 2).replaceAll("\n", "\n    ")
      : JSON.stringify(question);
    const at = text.indexOf(source);
    return at >= 0 && at + source.length <= prefix;
  }).length;
}

describe("ai-sdk: readToolPart and answerToolPart, every state, static and dynamic parts", () => {
  for (const [name, text] of [
    ["compact", JSON.stringify(INPUT)],
    ["indented", JSON.stringify(INPUT, null, 2)],
  ] as const) {
    it(`streams only whole questions, cut at every offset of the ${name} raw input`, async () => {
      for (let cut = 0; cut <= text.length; cut++) {
        const rawInput = text.slice(0, cut);
        const input = (await parsePartialJson(rawInput)).value;
        for (const part of parts({ state: "input-streaming", input, rawInput })) {
          const view = readToolPart(part);
          expect(view?.status, rawInput).to.equal("streaming");
          expect(view?.form).to.equal(undefined);
          expect(view?.issues).to.deep.equal([]);
          expect(view?.partial?.fields.length, rawInput).to.equal(wholeQuestions(text, cut));
          const messageWhole = cut >= text.indexOf('"Plan the review"') + '"Plan the review"'.length;
          expect(view?.partial?.title, rawInput).to.equal(messageWhole ? "Plan the review" : undefined);
        }
      }
    });
  }

  it("without the raw input, counts every question but the last, which may be cut short", () => {
    const truncated = { message: "Plan", questions: [INPUT.questions[0], { type: "s" }] };
    for (const part of parts({ state: "input-streaming", input: truncated })) {
      const view = readToolPart(part);
      expect(view?.partial?.fields.map((field) => field.id)).to.deep.equal(["goal"]);
      expect(view?.partial?.title).to.equal("Plan");
    }
    for (const part of parts({ state: "input-streaming", input: { message: "Pl" } }))
      expect(readToolPart(part))
        .to.deep.include({ status: "streaming", issues: [] })
        .and.not.have.nested.property("partial.title");
    for (const part of parts({ state: "input-streaming" }))
      expect(readToolPart(part)?.partial?.fields).to.deep.equal([]);
  });

  it("streams the questions before a broken one, and says what is broken", () => {
    const input = {
      message: "Plan",
      questions: [INPUT.questions[0], { id: "1st", type: "text", title: "B", required: false }, INPUT.questions[2]],
    };
    const rawInput = JSON.stringify(input);
    for (const part of parts({ state: "input-streaming", input, rawInput })) {
      const view = readToolPart(part);
      expect(view?.partial?.fields.map((field) => field.id)).to.deep.equal(["goal"]);
      expect(view?.issues.map((issue) => [issue.code, issue.path])).to.deep.equal([
        ["pattern_mismatch", ["questions", 1, "id"]],
      ]);
    }
  });

  it("reads a ready form, an answered one, and every failed state", () => {
    for (const part of parts({ state: "input-available", input: INPUT })) {
      const view = readToolPart(part);
      expect(view?.status).to.equal("ready");
      expect(view?.form?.fields.map((field) => field.id)).to.deep.equal(["goal", "size", "notes"]);
    }
    for (const state of ["approval-requested", "approval-responded"])
      for (const part of parts({ state, input: INPUT, approval: { id: "a" } }))
        expect(readToolPart(part)?.status).to.equal("ready");
    for (const part of parts({
      state: "output-available",
      input: INPUT,
      output: { action: "accept", content: { goal: "Go" } },
    }))
      expect(readToolPart(part)).to.deep.include({
        status: "answered",
        response: { action: "accept", answers: { goal: "Go" } },
      });
    for (const part of parts({ state: "output-available", input: INPUT, output: { action: "cancel" } }))
      expect(readToolPart(part)).to.deep.include({ status: "answered", response: { action: "cancel" } });
    for (const part of parts({
      state: "output-available",
      input: INPUT,
      output: { error: { code: "timeout", message: "No answer in time." } },
    })) {
      const view = readToolPart(part);
      expect(view?.status).to.equal("failed");
      expect(view?.issues.map((issue) => issue.code)).to.deep.equal(["timeout"]);
    }
    for (const part of parts({ state: "input-available", input: BROKEN })) {
      const view = readToolPart(part);
      expect(view?.status).to.equal("failed");
      expect(view?.issues.map((issue) => issue.code)).to.deep.equal(["pattern_mismatch"]);
    }
    for (const part of parts({ state: "output-error", input: BROKEN, errorText: "Invalid input" }))
      expect(readToolPart(part)?.issues.map((issue) => issue.code)).to.deep.equal(["pattern_mismatch"]);
    for (const part of parts({ state: "output-error", input: INPUT, errorText: "The network failed." }))
      expect(readToolPart(part)?.issues.map((issue) => [issue.code, issue.message])).to.deep.equal([
        ["transport_error", "The network failed."],
      ]);
    for (const part of parts({ state: "output-denied", input: INPUT, approval: { id: "a", approved: false } })) {
      const view = readToolPart(part);
      expect(view?.status).to.equal("failed");
      expect(view?.issues.map((issue) => issue.code)).to.deep.equal(["request_cancelled"]);
    }
    expect(
      readToolPart({
        type: "dynamic-tool",
        toolName: "weather",
        toolCallId: "x",
        state: "input-available",
        input: INPUT,
      } as Part),
    ).to.equal(undefined);
  });

  it("answers a contract-breaking input with the invalid_arguments error result", () => {
    for (const part of parts({ state: "input-available", input: BROKEN })) {
      const answered = answerToolPart(part);
      if (!answered.ok) throw new Error(answered.error.message);
      expect(answered.value).to.include({ tool: DATA_TOOL_NAME, toolCallId: "call-1" });
      const { error } = answered.value.output as DataToolError;
      expect(error.code).to.equal("invalid_arguments");
      expect(error.message).to.equal("The form arguments are invalid: 1 problem found.");
      expect(error.issues?.map((issue) => issue.path)).to.deep.equal([["questions", 0, "id"]]);
      expect(error.issues?.[0]?.message).to.include("1st");
    }
    for (const part of parts({ state: "input-available", input: INPUT })) {
      const unanswered = answerToolPart(part);
      expect(unanswered.ok).to.equal(false);
    }
  });
});
