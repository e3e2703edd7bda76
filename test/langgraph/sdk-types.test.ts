import type { CommandParams, Interrupt } from "@langchain/langgraph";
import type { Interrupt as SdkInterrupt, Thread, ThreadTask } from "@langchain/langgraph-sdk";
import { toJsonSchema } from "@langchain/core/utils/json_schema";
import { expect } from "chai";
import fc from "fast-check";
import { z } from "zod";
import {
  type LangGraphCommandParams,
  type LangGraphInterrupt,
  langGraphProtocol as lg,
  resumeCommand,
} from "../../src/protocols/langgraph/index.js";
import { responseFor } from "../gateway/arbitraries.js";
import { langGraphInterrupt } from "./arbitraries.js";

/**
 * formgate's LangGraph wire types against the packages' own (`@langchain/langgraph` 1.7.3,
 * `@langchain/langgraph-sdk` 1.15.0), both ways: what formgate writes is assignable to the
 * graph's and the SDK's `Interrupt` and to `CommandParams` (checked by the compiler below and
 * over random forms), and values typed by the SDK's `Interrupt`, `ThreadTask` and `Thread` read.
 */

const _graphInterrupt: (value: LangGraphInterrupt) => Interrupt = (value) => value;
const _sdkInterrupt: (value: LangGraphInterrupt) => SdkInterrupt = (value) => value;
const _command: (value: LangGraphCommandParams) => CommandParams = (value) => value;
void _graphInterrupt;
void _sdkInterrupt;
void _command;

/** The interrupt test's zod schema (langchain-ai/langgraphjs libs/langgraph-core/src/tests/interrupt.test.ts). */
const ZOD_SCHEMA = z.object({ approved: z.boolean(), note: z.string().default("") });

const interrupt = {
  id: "c9a2f5e1d0b34a7f8e6d5c4b3a291807",
  value: { question: "approve?" },
  response_schema: toJsonSchema(ZOD_SCHEMA) as Record<string, unknown>,
} satisfies SdkInterrupt;
const task = {
  id: "d238f1f1-31a5-5223-a2a9-3feb1babdc34",
  name: "node",
  error: null,
  interrupts: [interrupt],
  checkpoint: null,
  state: null,
} satisfies ThreadTask;
const thread = {
  thread_id: "thread-1",
  created_at: "2026-12-07T10:00:00Z",
  updated_at: "2026-12-07T10:00:01Z",
  state_updated_at: "2026-12-07T10:00:01Z",
  metadata: {},
  status: "interrupted",
  values: {},
  interrupts: { [task.id]: [interrupt] },
} satisfies Thread;

describe("langgraph: the packages' types", () => {
  it("reads an SDK-typed Interrupt, ThreadTask and Thread alike, its zod schema's default kept", () => {
    const forms = [interrupt, task, thread].map((input) => {
      const read = lg.readForm(input);
      if (!read.ok) throw new Error(JSON.stringify(read.error));
      return read.value;
    });
    expect(forms[1]).to.deep.equal(forms[0]);
    expect(forms[2]).to.deep.equal(forms[0]);
    const form = forms[0];
    expect(form?.title).to.equal("approve?");
    expect(form?.fields.map((field) => [field.id, field.kind, field.required, field.default])).to.deep.equal([
      ["approved", "boolean", true, undefined],
      // zod writes the output schema: a property with a default is always there, so required.
      ["note", "text", true, ""],
    ]);
  });

  it("writes interrupts the types take, and Command params resuming them, over random forms", () => {
    fc.assert(
      fc.property(
        langGraphInterrupt.chain((input) => {
          const form = lg.readForm(input);
          if (!form.ok) throw new Error(JSON.stringify(form.error));
          return (responseFor(form.value) ?? fc.constant(undefined)).map((response) => ({
            form: form.value,
            response,
          }));
        }),
        ({ form, response }) => {
          const written = lg.writeForm(form);
          if (!written.ok) return expect.fail(JSON.stringify(written.error));
          const graphTyped: Interrupt = written.value;
          const sdkTyped: SdkInterrupt = written.value;
          expect(graphTyped.response_schema).to.deep.equal(sdkTyped.response_schema);
          if (response === undefined || response.action !== "accept") return;
          const command = resumeCommand([{ form, response }]);
          if (!command.ok) return expect.fail(JSON.stringify(command.error));
          const params: CommandParams = command.value;
          expect(params.resume).to.deep.equal(response.answers);
        },
      ),
      { numRuns: 100 },
    );
  });
});
