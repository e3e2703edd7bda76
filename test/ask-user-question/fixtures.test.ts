import { expect } from "chai";
import { detectProtocol } from "../../src/gateway/translate.js";
import type { FormModel, Issue } from "../../src/model/index.js";
import { askUserQuestionProtocol as auq } from "../../src/protocols/ask-user-question/index.js";
import { loadFixtures } from "../support/fixtures.js";

/**
 * One driver for the AskUserQuestion fixtures (test/fixtures/ask-user-question), each naming its
 * source: read/ (written back the same), reject/ (every problem named), answers/ (each case read,
 * written back, and read again the same).
 */

interface Expected {
  code: string;
  path: (string | number)[];
}
const codesAndPaths = (issues: Issue[]): Expected[] => issues.map(({ code, path }) => ({ code, path }));

/**
 * Answers are keyed by the question's text on the wire, and their issues' paths say it: each
 * issue about one question still names it by its id (`question`, and in the message).
 */
function namesQuestionsById(issues: Issue[], form: FormModel): void {
  for (const issue of issues) {
    const key = issue.path[issue.path.indexOf("answers") + 1];
    const field = form.fields.find((one) => one.label === key || one.id === key);
    if (!issue.path.includes("answers") || field === undefined) continue;
    expect(issue.question, JSON.stringify(issue)).to.equal(field.id);
    expect(issue.message, JSON.stringify(issue)).to.include(`Question \`${field.id}\``);
  }
}

describe("ask-user-question fixtures: accepted forms", () => {
  for (const { name, fixture } of loadFixtures<{
    source: string;
    input: Record<string, unknown>;
    model?: FormModel;
    warnings?: Expected[];
    written?: unknown;
  }>("ask-user-question/read")) {
    it(`${name}: is detected as ask-user-question, reads, and writes back the same input (${fixture.source})`, () => {
      expect(detectProtocol(fixture.input)).to.deep.equal({ ok: true, value: "ask-user-question", warnings: [] });
      const read = auq.readForm(fixture.input);
      if (!read.ok) return expect.fail(JSON.stringify(read.error.issues, null, 2));
      if (fixture.model !== undefined) expect(read.value).to.deep.equal(fixture.model);
      expect(codesAndPaths(read.warnings)).to.deep.equal(fixture.warnings ?? []);
      for (const warning of read.warnings) expect(warning.message).to.match(/^\S.{10,}/);
      const written = auq.writeForm(read.value);
      if (!written.ok) return expect.fail(JSON.stringify(written.error, null, 2));
      expect(written.value).to.deep.equal(fixture.written ?? fixture.input);
      expect(written.warnings).to.deep.equal([]);
    });
  }
});

describe("ask-user-question fixtures: rejected forms", () => {
  for (const { name, fixture } of loadFixtures<{ source: string; input: unknown; errors: Expected[] }>(
    "ask-user-question/reject",
  )) {
    it(`${name}: is rejected naming exactly the listed problems (${fixture.source})`, () => {
      const read = auq.readForm(fixture.input);
      if (read.ok) return expect.fail(`accepted: ${JSON.stringify(read.value)}`);
      expect(read.error.code).to.equal("invalid_form");
      expect(codesAndPaths(read.error.issues)).to.deep.equal(fixture.errors);
      for (const issue of read.error.issues) expect(issue.message).to.match(/^\S.{10,}/);
    });
  }
});

interface AnswerCase {
  about: string;
  source: string;
  result: unknown;
  answers?: Record<string, unknown>;
  /** The person's notes beside the answers (AskUserQuestion's annotations), by field id. */
  notes?: Record<string, string>;
  action?: "decline" | "cancel";
  warnings?: Expected[];
  errors?: Expected[];
  /** How formgate writes the one multi-select answer back, when it differs from the input's spelling. */
  rewritten?: string;
}

describe("ask-user-question fixtures: answers", () => {
  for (const { name, fixture } of loadFixtures<{ request: unknown; cases: AnswerCase[] }>(
    "ask-user-question/answers",
  )) {
    const form = auq.readForm(fixture.request);
    for (const item of fixture.cases) {
      it(`${name}: ${item.about} (${item.source})`, () => {
        if (!form.ok) return expect.fail(form.error.message);
        const read = auq.readAnswers(item.result, form.value);
        if (item.errors !== undefined) {
          if (read.ok) return expect.fail(`accepted ${JSON.stringify(read.value)}`);
          expect(read.error.code).to.equal("invalid_response");
          expect(codesAndPaths(read.error.issues)).to.deep.equal(item.errors);
          for (const issue of read.error.issues) expect(issue.message).to.match(/^\S.{10,}/);
          namesQuestionsById(read.error.issues, form.value);
          return;
        }
        if (!read.ok) return expect.fail(JSON.stringify(read.error.issues));
        expect(codesAndPaths(read.warnings)).to.deep.equal(item.warnings ?? []);
        namesQuestionsById(read.warnings, form.value);
        const expected =
          item.action !== undefined
            ? { action: item.action }
            : { action: "accept", answers: item.answers, ...(item.notes !== undefined && { notes: item.notes }) };
        expect(read.value).to.deep.equal(expected);
        const written = auq.writeAnswers(read.value, form.value);
        if (!written.ok) return expect.fail(JSON.stringify(written.error.issues));
        const again = auq.readAnswers(written.value, form.value);
        expect(again.ok && again.value).to.deep.equal(expected);
        if (item.rewritten !== undefined && written.value.behavior === "allow")
          expect(Object.values(written.value.updatedInput.answers)).to.deep.equal([item.rewritten]);
      });
    }
  }
});
