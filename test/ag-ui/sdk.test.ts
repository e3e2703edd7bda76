import { expect } from "chai";
import fc from "fast-check";
import { readFileSync, readdirSync } from "node:fs";
import type { Interrupt, ResumeEntry } from "@ag-ui/core";
import { InterruptSchema, ResumeEntrySchema, RunFinishedEventSchema } from "@ag-ui/core/schemas";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { translate, translateAnswers } from "../../src/gateway/translate.js";
import type { FormModel } from "../../src/model/index.js";
import { type AgUiInterrupt, type AgUiResumeEntry, agUiProtocol } from "../../src/protocols/ag-ui/index.js";
import { dataInput } from "../support/data-arbitraries.js";
import { nativeRequest } from "../native/arbitraries.js";
import { acpRequest } from "../acp/arbitraries.js";
import { responseFor } from "../gateway/arbitraries.js";
import { GATEWAY } from "../gateway/shared-fixtures.js";
import { runCli } from "../support/cli.js";
import { agUiInterrupt } from "./arbitraries.js";

/**
 * The AG-UI SDK (`@ag-ui/core` 1.0.0) accepts every interrupt and resume entry formgate writes:
 * its types take them (checked by the compiler below), its zod schemas (`InterruptSchema`,
 * `ResumeEntrySchema`, and `RunFinishedEventSchema` around the interrupt) parse them unchanged;
 * and since AG-UI carries `responseSchema` opaquely, a JSON Schema validator (ajv, 2020-12)
 * compiles every `responseSchema` and accepts every answer payload formgate writes against it.
 */

const _interrupt: (value: AgUiInterrupt) => Interrupt = (value) => value;
const _entry: (value: AgUiResumeEntry) => ResumeEntry = (value) => value;
void _interrupt;
void _entry;

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats.default(ajv);

function sdkProblem(interrupt: unknown): string | undefined {
  const parsed = InterruptSchema.safeParse(interrupt);
  if (!parsed.success) return parsed.error.message;
  expect(parsed.data).to.deep.equal(interrupt);
  const event = {
    type: "RUN_FINISHED",
    threadId: "t",
    runId: "r",
    outcome: { type: "interrupt", interrupts: [interrupt] },
  };
  const finished = RunFinishedEventSchema.safeParse(event);
  if (!finished.success) return finished.error.message;
  if (!ajv.validateSchema((interrupt as AgUiInterrupt).responseSchema)) return JSON.stringify(ajv.errors);
  return undefined;
}

function entryProblem(entry: AgUiResumeEntry, interrupt: AgUiInterrupt): string | undefined {
  const parsed = ResumeEntrySchema.safeParse(entry);
  if (!parsed.success) return parsed.error.message;
  expect(parsed.data).to.deep.equal(entry);
  if (entry.status === "resolved") {
    const validate = ajv.compile(interrupt.responseSchema);
    if (!validate(entry.payload)) return `the payload breaks the responseSchema: ${JSON.stringify(validate.errors)}`;
  }
  return undefined;
}

const sources = fc.oneof(
  dataInput.map((input) => [input, "data"] as const),
  nativeRequest.map((input) => [input, "native"] as const),
  acpRequest.map((input) => [input, "acp"] as const),
  agUiInterrupt.map((input) => [input, "ag-ui"] as const),
);

describe("ag-ui: the AG-UI SDK accepts every interrupt and resume entry formgate writes", () => {
  const expected = new URL("expected/", GATEWAY);
  for (const file of readdirSync(expected).filter((name) => name.endsWith(".to-ag-ui.json"))) {
    it(`the golden ${file}`, () => {
      expect(sdkProblem(JSON.parse(readFileSync(new URL(file, expected), "utf8")))).to.equal(undefined);
    });
  }
  for (const file of readdirSync(expected).filter((name) => name.includes(".answers.ag-ui."))) {
    it(`the golden ${file}`, () => {
      const parsed = ResumeEntrySchema.safeParse(JSON.parse(readFileSync(new URL(file, expected), "utf8")));
      expect(parsed.success, parsed.error?.message).to.equal(true);
    });
  }

  it("`formgate translate --to ag-ui` on the bundled example, and back to data with its answers", async () => {
    const run = await runCli(["translate", "--to", "ag-ui", "--json", "examples/report-template.data.json"]);
    expect(run.status, run.stderr).to.equal(0);
    const { value } = JSON.parse(run.stdout) as { value: AgUiInterrupt };
    expect(sdkProblem(value)).to.equal(undefined);
    const back = translate(value, { to: "data" });
    if (!back.ok) return expect.fail(back.error.message);
    expect(back.value.questions.map((question) => question.id)).to.deep.equal(["template", "audience", "notes"]);
    const entry = { interruptId: value.id, status: "resolved", payload: { audience: ["exec"] } };
    const answers = translateAnswers(entry, { form: value, from: "ag-ui", to: "data" });
    expect(answers.ok && answers.value).to.deep.equal({ action: "accept", content: { audience: ["exec"] } });
  });

  it("the upload example is refused, naming its files question", async () => {
    const run = await runCli(["translate", "--to", "ag-ui", "--json", "examples/upload.data.json"]);
    expect(run.status).to.equal(1);
    const { error } = JSON.parse(run.stdout) as { error: { code: string; issues: { message: string }[] } };
    expect(error.code).to.equal("unsupported_form");
    expect(error.issues.map((issue) => issue.message).join(" ")).to.include("Question `data`");
  });

  it("random Data, native, ACP and AG-UI forms, and their answers", () => {
    fc.assert(
      fc.property(sources, ([input, from]) => {
        const written = translate(input, { from, to: "ag-ui" });
        if (!written.ok) {
          expect(written.error.code).to.equal("unsupported_form");
          return;
        }
        expect(sdkProblem(written.value)).to.equal(undefined);
        const read = agUiProtocol.readForm(written.value);
        if (!read.ok) return expect.fail(JSON.stringify(read.error.issues));
        const responses = responseFor(read.value);
        if (responses === undefined) return;
        fc.assert(
          fc.property(responses, (response) => {
            const answers = agUiProtocol.writeAnswers(response, read.value);
            if (!answers.ok) return expect.fail(JSON.stringify(answers.error));
            expect(entryProblem(answers.value, written.value)).to.equal(undefined);
          }),
          { numRuns: 5 },
        );
      }),
      { numRuns: 60 },
    );
  });
});

describe("ag-ui: round trips", () => {
  it("ag-ui → model → ag-ui is the identity on random interrupts, and answers come back unchanged", () => {
    fc.assert(
      fc.property(agUiInterrupt, (interrupt) => {
        const read = agUiProtocol.readForm(interrupt);
        if (!read.ok) return expect.fail(JSON.stringify(read.error.issues));
        expect(read.warnings).to.deep.equal([]);
        const written = agUiProtocol.writeForm(read.value);
        expect(written.ok && written.value).to.deep.equal(interrupt);
        const responses = responseFor(read.value as FormModel);
        if (responses === undefined) return;
        fc.assert(
          fc.property(responses, (response) => {
            const entry = agUiProtocol.writeAnswers(response, read.value);
            if (!entry.ok) return expect.fail(JSON.stringify(entry.error));
            for (const to of ["native", "mcp", "acp"] as const) {
              const there = translateAnswers(entry.value, { form: interrupt, from: "ag-ui", to });
              if (!there.ok) return expect.fail(`${to}: ${JSON.stringify(there.error)}`);
              const back = translateAnswers(there.value, { form: interrupt, from: to, to: "ag-ui" });
              if (!back.ok) return expect.fail(`${to}: ${JSON.stringify(back.error)}`);
              // A decline comes back cancelled: AG-UI has no decline.
              if (response.action !== "decline") expect(back.value, to).to.deep.equal(entry.value);
            }
          }),
          { numRuns: 3 },
        );
      }),
      { numRuns: 60 },
    );
  });
});
