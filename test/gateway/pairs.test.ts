import { expect } from "chai";
import { readFileSync } from "node:fs";
import { readForm, translate, translateAnswers } from "../../src/gateway/translate.js";
import { type Issue, formatPath } from "../../src/model/index.js";
import { type ProtocolName, protocolNames, protocols } from "../../src/protocols/index.js";
import { interruptIdOf } from "../../src/protocols/ag-ui/index.js";
import {
  GATEWAY,
  deserialize,
  expectedOutcomes,
  extension,
  gatewayForms,
  modelAnswers,
  serialize,
} from "./shared-fixtures.js";
import { expectGolden } from "../support/golden.js";

/**
 * Every ordered pair of protocols on the shared fixtures (test/fixtures/gateway): each form
 * translated into each other protocol gives its golden output (`expected/<form>.to-<protocol>`,
 * rewritten with FORMGATE_UPDATE_GOLDENS=1) and exactly the warnings listed, by code and path, in
 * `expected/<form>.warnings.json` (checked by hand, never rewritten); each form's answers, written in any
 * protocol, translate into every other one.
 */

const forms = gatewayForms();
const golden = (file: string) => new URL(`expected/${file}`, GATEWAY);

/** A warning as the fixtures list it: `code path`. */
const said = (issue: Issue) => `${issue.code} ${formatPath(issue.path)}`;

function matchesGolden(file: string, value: unknown, protocol: ProtocolName): void {
  expectGolden(golden(file), value, { serialize, deserialize: (text) => deserialize(text, protocol) });
}

describe("gateway pairs: forms", () => {
  for (const { name, protocol: from, input } of forms) {
    const outcomes = expectedOutcomes(name);
    for (const to of protocolNames.filter((p) => p !== from)) {
      const outcome = outcomes[to];
      if (outcome !== undefined && !Array.isArray(outcome)) {
        it(
          `${name} (${from}) → ${to}: cannot be held, an error naming exactly the listed problems, strict or ` + `not`,
          () => {
            for (const strict of [false, true]) {
              const result = translate(input, { from, to, strict });
              if (result.ok) return expect.fail(`${to} wrote a form it cannot hold: ${JSON.stringify(result.value)}`);
              expect(result.error.code).to.equal(outcome.error);
              expect(result.error.issues.map(said)).to.deep.equal(outcome.issues);
              expect(translate(input, { to, strict })).to.deep.equal(result);
            }
          },
        );
        continue;
      }
      const expectedWarnings = { [to]: outcome };
      it(`${name} (${from}) → ${to}: the golden output, with exactly the listed warnings`, () => {
        const result = translate(input, { from, to });
        if (!result.ok) return expect.fail(JSON.stringify(result.error, null, 2));
        expect(result.warnings.map(said)).to.deep.equal(expectedWarnings[to]);
        for (const w of result.warnings) {
          expect(w.severity).to.equal("warning");
          expect(w.message, said(w)).to.match(/^\S.{10,}$/);
        }
        matchesGolden(`${name}.to-${to}.${extension(to)}`, result.value, to);
      });

      it(
        `${name} (${from}) → ${to}: detected without naming the source, and strict mode refuses exactly the ` +
          `listed losses`,
        () => {
          const named = translate(input, { from, to });
          const detected = translate(input, { to });
          expect(detected).to.deep.equal(named);
          const strict = translate(input, { from, to, strict: true });
          if (expectedWarnings[to]?.length === 0) return expect(strict.ok).to.equal(true);
          if (strict.ok) return expect.fail("strict mode let a lossy translation through");
          expect(strict.error.code).to.equal("lossy_translation");
          expect(strict.error.issues.map(said)).to.deep.equal(expectedWarnings[to]);
          expect(strict.error.issues.every((issue) => issue.severity === "error")).to.equal(true);
        },
      );
    }
  }
});

describe("gateway pairs: answers", () => {
  for (const { name, protocol: formFrom, input } of forms) {
    const read = readForm(input, { from: formFrom });
    if (!read.ok) throw new Error(`${name}: ${read.error.message}`);
    const form = read.value.form;
    const response = { action: "accept" as const, answers: modelAnswers(name) };
    const outcomes = expectedOutcomes(name);
    // A protocol that cannot ask the form at all (AskUserQuestion, for a form with a required text question) cannot
    // carry its answers.
    const carries = (protocol: ProtocolName) => protocols[protocol].writeAnswers(response, form).ok;
    const carriers = protocolNames.filter(carries);

    for (const from of protocolNames) {
      if (!carries(from)) {
        it(`${name} (${formFrom} form): ${from} cannot carry the answers, as it cannot hold the form`, () => {
          const outcome = outcomes[from];
          // A form held with a question left out (AskUserQuestion asks no typed text) cannot carry its answer.
          const leftOut = Array.isArray(outcome) && outcome.some((w) => /^dropped fields\[\d+\]$/.test(w));
          const error = leftOut ? "unsupported_response" : Array.isArray(outcome) ? undefined : outcome?.error;
          if (error === undefined) return expect.fail(`${from} refused the answers to a form it can hold`);
          const written = protocols[from].writeAnswers(response, form);
          expect(written.ok || written.error.code).to.equal(error);
          for (const source of carriers) {
            const wire = deserialize(
              readFileSync(golden(`${name}.answers.${source}.${extension(source)}`), "utf8"),
              source,
            );
            const result = translateAnswers(wire, { form: input, formFrom, from: source, to: from });
            expect(result.ok || result.error.code, `${source} → ${from}`).to.equal(error);
          }
        });
        continue;
      }
      it(
        `${name} (${formFrom} form): the answers in ${from} are the golden ones and read back as the ` + `fixture's`,
        () => {
          const written = protocols[from].writeAnswers(response, form);
          if (!written.ok) return expect.fail(JSON.stringify(written.error, null, 2));
          expect(written.warnings).to.deep.equal([]);
          matchesGolden(`${name}.answers.${from}.${extension(from)}`, written.value, from);
          const back = protocols[from].readAnswers(written.value, form);
          if (!back.ok) return expect.fail(JSON.stringify(back.error, null, 2));
          expect(back.value).to.deep.equal(response);
        },
      );

      it(
        `${name} (${formFrom} form): answers in ${from} translate into every protocol that can carry them ` +
          `unchanged`,
        () => {
          const wire = deserialize(readFileSync(golden(`${name}.answers.${from}.${extension(from)}`), "utf8"), from);
          for (const to of carriers) {
            const result = translateAnswers(wire, { form: input, formFrom, from, to });
            if (!result.ok) return expect.fail(`${from} → ${to}: ${JSON.stringify(result.error, null, 2)}`);
            expect(result.warnings, `${from} → ${to}`).to.deep.equal([]);
            expect(result.value, `${from} → ${to}`).to.deep.equal(
              deserialize(readFileSync(golden(`${name}.answers.${to}.${extension(to)}`), "utf8"), to),
            );
          }
        },
      );
    }
  }
});

describe("gateway pairs: answers that are not a submission, not valid, or not sayable", () => {
  const fixture = (name: string) => {
    const found = forms.find((f) => f.name === name);
    if (found === undefined) throw new Error(`no gateway fixture ${name}`);
    return found.input;
  };
  /** The id of the interrupt the event form is written as (derived from the form: it has none). */
  const eventInterruptId = () => {
    const read = readForm(fixture("event"));
    if (!read.ok) throw new Error(read.error.message);
    return interruptIdOf(read.value.form);
  };

  for (const action of ["decline", "cancel"] as const) {
    it(`${action} passes between Data, native and mcp, and to and from <question-form> as its notice`, () => {
      const form = fixture("shipping");
      for (const from of ["data", "native", "mcp"] as const) {
        for (const to of ["data", "native", "mcp"] as const) {
          expect(translateAnswers({ action }, { form, from, to })).to.deep.equal({
            ok: true,
            value: { action },
            warnings: [],
          });
        }
        const text = translateAnswers({ action }, { form, from, to: "question-form" });
        if (!text.ok) return expect.fail(JSON.stringify(text.error));
        expect(text.value).to.match(action === "decline" ? /^\[form declined — / : /^\[form cancelled — /);
        expect(translateAnswers(text.value, { form, from: "question-form", to: from })).to.deep.equal({
          ok: true,
          value: { action },
          warnings: [],
        });
      }
    });
  }

  it("answers that break the form are invalid_response in every pair, and nothing is written", () => {
    const bad: Record<ProtocolName, unknown> = {
      data: { action: "accept", content: { guests: "many", public: "maybe" } },
      native: { action: "accept", content: { guests: 1000, public: "yes" } },
      mcp: { action: "accept", content: { guests: 1000, public: "yes" } },
      acp: { action: "accept", content: { guests: 1000, public: "yes" } },
      "ag-ui": { interruptId: eventInterruptId(), status: "resolved", payload: { guests: 1000, public: "yes" } },
      langgraph: { guests: 1000, public: "yes" },
      mastra: { guests: 1000, public: "yes" },
      "question-form": "[form answers — discovery]\n- Guests: many\n- Public event: maybe",
      // event has text questions AskUserQuestion cannot ask: its answers are refused before they are read.
      "ask-user-question": undefined,
    };
    for (const from of protocolNames.filter((name) => bad[name] !== undefined)) {
      for (const to of protocolNames) {
        const result = translateAnswers(bad[from], { form: fixture("event"), from, to });
        if (result.ok) return expect.fail(`${from} → ${to} accepted ${JSON.stringify(bad[from])}`);
        expect(result.error.code, `${from} → ${to}`).to.equal("invalid_response");
        expect(
          result.error.issues.map((issue) => issue.path.at(-1)),
          `${from} → ${to}`,
        ).to.include.members(["guests", "public"]);
      }
    }
  });

  it("an empty answer is written (skipped) in a <question-form> message, with a warning at its path", () => {
    const result = translateAnswers(
      { action: "accept", content: { extras: ["gift"], plan: "basic", tags: [] } },
      { form: fixture("shipping"), from: "native", to: "question-form" },
    );
    if (!result.ok) return expect.fail(result.error.message);
    expect(result.value).to.include("- Tags: (skipped)");
    expect(result.warnings.map(said)).to.deep.equal(["approximated answers.tags"]);
  });

  it("a form a target cannot hold is an error naming why, never a partial form", () => {
    const properties = Object.fromEntries(
      Array.from({ length: 13 }, (_, i) => [`q${i}`, { type: "string", title: `Question ${i}` }]),
    );
    const tooMany = translate(
      { mode: "form", message: "Many", requestedSchema: { type: "object", properties } },
      { to: "data" },
    );
    expect(tooMany.ok || tooMany.error.issues.map(said)).to.deep.equal(["too_many_fields fields"]);
    const nothing = {
      mode: "form",
      message: "Pick",
      requestedSchema: {
        type: "object",
        properties: { r: { type: "string", format: "uri", "x-openai-input": { type: "resource", options: [] } } },
      },
    };
    for (const to of ["data", "question-form"] as const) {
      const result = translate(nothing, { to });
      expect(result.ok || [result.error.code, ...result.error.issues.map(said)], to).to.deep.equal([
        "unsupported_form",
        "unsupported_options fields[0].options",
      ]);
    }
  });
});
