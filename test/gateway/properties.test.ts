import { expect } from "chai";
import fc from "fast-check";
import { readForm, translateAnswers } from "../../src/gateway/translate.js";
import type { FormModel, FormResponse } from "../../src/model/index.js";
import { type ProtocolName, protocolNames, protocols } from "../../src/protocols/index.js";
import { dataInput } from "../support/data-arbitraries.js";
import { askUserQuestionInput } from "../ask-user-question/arbitraries.js";
import { mcpRequest } from "../mcp/arbitraries.js";
import { acpRequest } from "../acp/arbitraries.js";
import { agUiInterrupt } from "../ag-ui/arbitraries.js";
import { langGraphInterrupt } from "../langgraph/arbitraries.js";
import { mastraChunk } from "../mastra/arbitraries.js";
import { nativeRequest } from "../native/arbitraries.js";
import { modelForm, questionFormMessage, responseFor } from "./arbitraries.js";
import { HOST_NOTES, unexplained } from "./loss.js";

const sources: Record<ProtocolName, fc.Arbitrary<unknown>> = {
  data: dataInput,
  native: nativeRequest,
  "question-form": questionFormMessage,
  mcp: mcpRequest,
  acp: acpRequest,
  "ag-ui": agUiInterrupt,
  langgraph: langGraphInterrupt,
  "ask-user-question": askUserQuestionInput,
  mastra: mastraChunk,
};
/**
 * Cases per property, the same for every pair: acp's and ag-ui's pairs ran 60 to save time, but
 * 150 costs this file about 9 s of CPU more (31 s to 40 s, measured), not worth a thinner check.
 */
const RUNS = { numRuns: 150 };

/** Forms a target cannot hold at all are an error, never a partial form (Data's 12 questions, a choice of nothing). */
const UNHOLDABLE = ["unsupported_form"];
/**
 * Read-back warnings a canonical output may still get: a question without a label shows its
 * id; an ACP request written without a scope says again that the host must add one.
 */
const EXPECTED_ON_READ = ["missing_label", "missing_property"];

function model(input: unknown, from: ProtocolName): FormModel {
  const read = readForm(input, { from });
  if (!read.ok) throw new Error(`the arbitrary made an unreadable ${from} form: ${JSON.stringify(read.error.issues)}`);
  return read.value.form;
}

/** Warning codes reading `input` gives (about its text, say), which reading a translation of it may give again. */
function readWarnings(input: unknown, from: ProtocolName): string[] {
  const read = readForm(input, { from });
  return read.ok ? read.warnings.map((w) => w.code) : [];
}

/** Writes `form` in `to` and reads it back; undefined when `to` cannot hold the form. */
function through(form: FormModel, to: ProtocolName, sourceWarnings: readonly string[] = []) {
  const written = protocols[to].writeForm(form);
  if (!written.ok) {
    expect(UNHOLDABLE, JSON.stringify(written.error)).to.include(written.error.code);
    return undefined;
  }
  const back = readForm(written.value, { from: to });
  if (!back.ok)
    return expect.fail(
      `${to} cannot read what it wrote: ${JSON.stringify(back.error.issues)}\n${JSON.stringify(written.value)}`,
    );
  const unexpected = back.warnings.filter(
    (w) => !EXPECTED_ON_READ.includes(w.code) && !sourceWarnings.includes(w.code),
  );
  expect(unexpected, "reading the output back").to.deep.equal([]);
  return { wire: written.value, warnings: written.warnings, form: back.value.form };
}

for (const from of protocolNames) {
  for (const to of protocolNames.filter((name) => name !== from)) {
    describe(`${from} → ${to}: properties`, () => {
      it(
        "what is lost is exactly what the warnings list (each change under a warning's path, each warning over a " +
          "change)",
        () => {
          fc.assert(
            fc.property(sources[from], (input) => {
              const before = model(input, from);
              const after = through(before, to, readWarnings(input, from));
              if (after === undefined) return;
              const found = unexplained(before, after.form, after.warnings);
              expect(found, JSON.stringify(found, null, 1)).to.deep.equal({ unwarned: [], unfounded: [] });
            }),
            RUNS,
          );
        },
      );

      it("the target's output is stable: translating what it can carry loses nothing more", () => {
        fc.assert(
          fc.property(sources[from], (input) => {
            const after = through(model(input, from), to, readWarnings(input, from));
            if (after === undefined) return;
            const again = protocols[to].writeForm(after.form);
            if (!again.ok) return expect.fail(JSON.stringify(again.error));
            expect(again.value).to.deep.equal(after.wire);
            const losses = again.warnings.filter((w) => !HOST_NOTES.includes(w.code));
            expect(losses, JSON.stringify(losses)).to.deep.equal([]);
          }),
          RUNS,
        );
      });

      it(`back to ${from}, everything ${to} can carry is kept, and every loss of either leg is a warning`, () => {
        fc.assert(
          fc.property(sources[from], (input) => {
            const before = model(input, from);
            const there = through(before, to, readWarnings(input, from));
            if (there === undefined) return;
            const back = through(there.form, from, readWarnings(input, from));
            if (back === undefined) return;
            // What the first leg adds (a form id, a display hint) the second may drop again: only changes must be
            // warned.
            const { unwarned } = unexplained(before, back.form, [...there.warnings, ...back.warnings]);
            expect(unwarned, unwarned.join("\n")).to.deep.equal([]);
          }),
          RUNS,
        );
      });
    });
  }

  // Per source, not per pair: with the one fixed seed every pair from `from` drew the same forms, so writing their
  // answers in `from` and translating them everywhere was done once per target, eight times over. Each case writes
  // the answers in every protocol and translates them into every other: past mocha's default 20 s on a loaded machine.
  describe(`${from}'s forms: answers`, () => {
    it("answers written in any protocol translate to any other unchanged", function () {
      this.timeout(90_000);
      const formAndResponse = sources[from]
        .map((input) => model(input, from))
        .chain((form) => (responseFor(form) ?? fc.constant(undefined)).map((response) => ({ form, response })));
      fc.assert(
        fc.property(formAndResponse, ({ form, response }) => {
          fc.pre(response !== undefined);
          expectAnswersCarried(form, response, protocolNames);
        }),
        RUNS,
      );
    });
  });
}

describe("model → every protocol: properties", () => {
  for (const to of protocolNames) {
    it(`${to}: nothing a model form says is lost without a warning under its path, whatever the form uses`, () => {
      fc.assert(
        fc.property(modelForm, (form) => {
          const after = through(form, to);
          if (after === undefined) return;
          const { unwarned } = unexplained(form, after.form, after.warnings);
          expect(unwarned, unwarned.join("\n")).to.deep.equal([]);
        }),
        RUNS,
      );
    });
  }
});

describe("model → every protocol: answers", () => {
  it("answers to any model form, written in any protocol, translate into every other unchanged", () => {
    const formAndResponse = modelForm.chain((form) =>
      (responseFor(form) ?? fc.constant(undefined)).map((response) => ({ form, response })),
    );
    fc.assert(
      fc.property(formAndResponse, ({ form, response }) => {
        fc.pre(response !== undefined);
        expectAnswersCarried(form, response, protocolNames);
      }),
      RUNS,
    );
  });
});

/**
 * Answers written in each of `sources` translate into every protocol exactly as written there
 * directly, with no warning. A protocol that cannot ask the form at all (AskUserQuestion, for a
 * form of text questions) cannot carry its answers either: writing them there is the same error
 * directly and translated.
 */
function expectAnswersCarried(form: FormModel, response: FormResponse, sources: readonly ProtocolName[]): void {
  for (const a of sources) {
    const wire = protocols[a].writeAnswers(response, form);
    if (!wire.ok) {
      expect(CANNOT_CARRY, `${a}: ${JSON.stringify(wire.error.issues)}`).to.include(wire.error.code);
      continue;
    }
    for (const b of protocolNames) {
      const translated = translateAnswers(wire.value, { form, formFrom: "model", from: a, to: b });
      const direct = protocols[b].writeAnswers(response, form);
      if (!direct.ok) {
        expect(CANNOT_CARRY, `${b}: ${JSON.stringify(direct.error.issues)}`).to.include(direct.error.code);
        expect(translated.ok || translated.error.code, `${a} → ${b}`).to.equal(direct.error.code);
        continue;
      }
      if (!translated.ok)
        return expect.fail(`${a} → ${b}: ${JSON.stringify(translated.error.issues)}\n${JSON.stringify(wire.value)}`);
      expect(translated.value, `${a} → ${b}`).to.deep.equal(direct.value);
      expect(translated.warnings, `${a} → ${b}`).to.deep.equal([]);
    }
  }
}

/**
 * Why answers cannot be written in a protocol: it cannot ask the form, or cannot say an answer (one to a question it
 * leaves out).
 */
const CANNOT_CARRY = ["unsupported_form", "unsupported_response"];
