import { expect } from "chai";
import fc from "fast-check";
import { readFileSync, readdirSync } from "node:fs";
import {
  CreateElicitationRequest,
  CreateElicitationResponse,
  type CreateElicitationRequest as SdkRequest,
  type CreateElicitationResponse as SdkResponse,
} from "@agentclientprotocol/sdk";
// The SDK's zod schemas are not exported by name; its own guards use them, and so does this test.
import {
  zCreateElicitationRequest,
  zCreateElicitationResponse,
} from "../../node_modules/@agentclientprotocol/sdk/dist/v1/schema/zod.gen.js";
import { translate, translateAnswers } from "../../src/gateway/translate.js";
import type { AcpRequestParams, AcpResponse } from "../../src/protocols/acp/index.js";
import { acpProtocol } from "../../src/protocols/acp/index.js";
import { dataInput } from "../support/data-arbitraries.js";
import { nativeRequest } from "../native/arbitraries.js";
import { responseFor } from "../gateway/arbitraries.js";
import { GATEWAY } from "../gateway/shared-fixtures.js";
import { runCli } from "../support/cli.js";
import { acpRequest } from "./arbitraries.js";

/**
 * The ACP TypeScript SDK (`@agentclientprotocol/sdk` 2.4.0) accepts every form and response
 * formgate writes for acp: its types take them (checked by the compiler below), its guards
 * (`CreateElicitationRequest.isForm`, `CreateElicitationResponse.isAccept`…) and its zod
 * schemas take them, and the zod schemas strip nothing (the parsed value equals ours).
 */

// Compile-time: what formgate writes is what the SDK's types describe.
const _request: (params: AcpRequestParams & { sessionId: string }) => SdkRequest = (params) => params;
const _response: (response: AcpResponse) => SdkResponse = (response) => response;
void _request;
void _response;

function sdkProblem(params: unknown): string | undefined {
  const parsed = zCreateElicitationRequest.safeParse(params);
  if (!parsed.success) return parsed.error.message;
  if (!CreateElicitationRequest.isForm(params as SdkRequest)) return "the SDK's isForm guard refuses it";
  expect(parsed.data).to.deep.equal(params, "the SDK would strip something formgate wrote");
  return undefined;
}

function sdkResponseProblem(response: unknown): string | undefined {
  const parsed = zCreateElicitationResponse.safeParse(response);
  if (!parsed.success) return parsed.error.message;
  const guards = CreateElicitationResponse as unknown as Record<string, (value: SdkResponse) => boolean>;
  if (!Object.values(guards).some((guard) => guard(response as SdkResponse))) return "no SDK guard takes it";
  expect(parsed.data).to.deep.equal(response, "the SDK would strip something formgate wrote");
  return undefined;
}

const sources = fc.oneof(
  dataInput.map((input) => [input, "data"] as const),
  nativeRequest.map((input) => [input, "native"] as const),
  acpRequest.map((input) => [input, "acp"] as const),
);

describe("acp: the ACP SDK accepts every form and response formgate writes", () => {
  const expected = new URL("expected/", GATEWAY);
  for (const file of readdirSync(expected).filter((name) => name.endsWith(".to-acp.json"))) {
    it(`the golden ${file}, once the host adds its session`, () => {
      const params = JSON.parse(readFileSync(new URL(file, expected), "utf8")) as Record<string, unknown>;
      expect(sdkProblem({ sessionId: "sess_1", ...params })).to.equal(undefined);
    });
  }
  for (const file of readdirSync(expected).filter((name) => name.includes(".answers.acp."))) {
    it(`the golden ${file}`, () => {
      expect(sdkResponseProblem(JSON.parse(readFileSync(new URL(file, expected), "utf8")))).to.equal(undefined);
    });
  }

  it("`formgate translate --to acp --session-id` on the bundled example, and back to data", async () => {
    const run = await runCli([
      "translate",
      "--to",
      "acp",
      "--session-id",
      "sess_1",
      "--json",
      "examples/report-template.data.json",
    ]);
    expect(run.status, run.stderr).to.equal(0);
    const { value } = JSON.parse(run.stdout) as { value: Record<string, unknown> };
    expect(value.sessionId).to.equal("sess_1");
    expect(sdkProblem(value)).to.equal(undefined);
    const back = translate(value, { to: "data" });
    if (!back.ok) return expect.fail(back.error.message);
    expect(back.value.questions.map((question) => question.id)).to.deep.equal(["template", "audience", "notes"]);
  });

  it("the upload example is refused, naming its files question", async () => {
    const run = await runCli(["translate", "--to", "acp", "--json", "examples/upload.data.json"]);
    expect(run.status).to.equal(1);
    const { error } = JSON.parse(run.stdout) as { error: { code: string; issues: { message: string }[] } };
    expect(error.code).to.equal("unsupported_form");
    expect(error.issues.map((issue) => issue.message).join(" ")).to.include("Question `data`");
  });

  it("random Data, native and ACP forms, written for a session, and their answers", () => {
    fc.assert(
      fc.property(sources, fc.string({ minLength: 1 }), ([input, from], sessionId) => {
        const written = translate(input, { from, to: "acp", sessionId });
        if (!written.ok) {
          expect(written.error.code).to.equal("unsupported_form");
          return;
        }
        expect(sdkProblem(written.value)).to.equal(undefined);
        const read = acpProtocol.readForm(written.value);
        if (!read.ok) return expect.fail(JSON.stringify(read.error.issues));
        const responses = responseFor(read.value);
        if (responses === undefined) return;
        fc.assert(
          fc.property(responses, (response) => {
            const answers = acpProtocol.writeAnswers(response, read.value);
            if (!answers.ok) return expect.fail(JSON.stringify(answers.error));
            expect(sdkResponseProblem(answers.value)).to.equal(undefined);
          }),
          { numRuns: 5 },
        );
      }),
      { numRuns: 80 },
    );
  });
});

describe("acp: round trips", () => {
  it("acp → model → acp is the identity on random ACP forms, and answers come back unchanged", () => {
    fc.assert(
      fc.property(acpRequest, (request) => {
        const read = acpProtocol.readForm(request);
        if (!read.ok) return expect.fail(JSON.stringify(read.error.issues));
        expect(read.warnings).to.deep.equal([]);
        const written = acpProtocol.writeForm(read.value);
        expect(written.ok && written.value).to.deep.equal(request);
        const responses = responseFor(read.value);
        if (responses === undefined) return;
        fc.assert(
          fc.property(responses, (response) => {
            for (const to of ["data", "native", "mcp", "question-form"] as const) {
              const answers = acpProtocol.writeAnswers(response, read.value);
              if (!answers.ok) return expect.fail(JSON.stringify(answers.error));
              const there = translateAnswers(answers.value, { form: request, from: "acp", to });
              if (!there.ok) continue;
              const back = translateAnswers(there.value, { form: request, from: to, to: "acp" });
              if (!back.ok) return expect.fail(`${to}: ${JSON.stringify(back.error)}`);
              if (to === "mcp" || to === "native") expect(back.value, to).to.deep.equal(answers.value);
            }
          }),
          { numRuns: 3 },
        );
      }),
      { numRuns: 80 },
    );
  });
});
