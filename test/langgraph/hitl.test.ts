import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import { tool } from "@langchain/core/tools";
import { Command, MemorySaver } from "@langchain/langgraph";
import { expect } from "chai";
import {
  type HITLRequest,
  type HITLResponse,
  type InterruptOnConfig,
  createAgent,
  humanInTheLoopMiddleware,
} from "langchain";
import { z } from "zod";
import type { FormModel, FormResponse } from "../../src/model/index.js";
import { type HitlRequest, type HitlResponse, langGraphProtocol as lg } from "../../src/protocols/langgraph/index.js";

/**
 * LangChain's `humanInTheLoopMiddleware` (`langchain` 1.5.14) for real, offline: an agent
 * (`createAgent`, a scripted chat model, `MemorySaver`) calls a tool the middleware holds for
 * review; formgate reads the `HITLRequest` from the `__interrupt__` of the run as a form, writes
 * the person's answers as the `HITLResponse`, and `new Command({ resume })` resumes the agent:
 * the tool runs with the edited arguments, or is rejected with the person's message. The wire
 * types are the package's, both ways.
 */

const _request: (value: HITLRequest) => HitlRequest = (value) => value;
const _requestBack: (value: HitlRequest) => HITLRequest = (value) => value;
const _response: (value: HitlResponse) => HITLResponse = (value) => value;
const _responseBack: (value: HITLResponse) => HitlResponse = (value) => value;
void [_request, _requestBack, _response, _responseBack];

/** A chat model replying with the scripted messages in turn (the tests' FakeToolCallingModel, in a few lines). */
class ScriptedModel extends BaseChatModel {
  private turn = 0;
  constructor(private readonly replies: AIMessage[]) {
    super({});
  }
  _llmType(): string {
    return "scripted";
  }
  override bindTools(): this {
    return this;
  }
  async _generate(): Promise<ChatResult> {
    const message = this.replies[Math.min(this.turn++, this.replies.length - 1)] as AIMessage;
    return { generations: [{ text: "", message }] };
  }
}

/** The tool of langchainjs's hitl.test.ts (libs/langchain/src/agents/middleware/tests/hitl.test.ts). */
function writeFileAgent(review: InterruptOnConfig | boolean) {
  const written: unknown[] = [];
  const writeFile = tool(
    async (args) => {
      written.push(args);
      return `Successfully wrote ${args.content.length} characters to ${args.filename}`;
    },
    {
      name: "write_file",
      description: "Write content to a file",
      schema: z.object({ filename: z.string(), content: z.string() }),
    },
  );
  const call = { id: "call_1", name: "write_file", args: { filename: "greeting.txt", content: "Hello World" } };
  const agent = createAgent({
    model: new ScriptedModel([new AIMessage({ content: "", tool_calls: [call] }), new AIMessage("Done.")]),
    tools: [writeFile],
    checkpointer: new MemorySaver(),
    middleware: [humanInTheLoopMiddleware({ interruptOn: { write_file: review } })],
  });
  return { agent, written, config: { configurable: { thread_id: "hitl" } } };
}

const ARGS_SCHEMA = {
  type: "object",
  properties: { filename: { type: "string", title: "File name" }, content: { type: "string", title: "Content" } },
};

async function askedForm(run: ReturnType<typeof writeFileAgent>): Promise<{ form: FormModel; warnings: string[] }> {
  const result = await run.agent.invoke(
    { messages: [new HumanMessage("Write 'Hello World' to greeting.txt")] },
    run.config,
  );
  const chunk = { __interrupt__: (result as { __interrupt__?: unknown }).__interrupt__ };
  expect(lg.detect(chunk)).to.equal(2);
  const read = lg.readForm(chunk);
  if (!read.ok) throw new Error(JSON.stringify(read.error));
  return { form: read.value, warnings: read.warnings.map((w) => `${w.code} ${w.path.join(".")}`) };
}

async function resume(run: ReturnType<typeof writeFileAgent>, form: FormModel, response: FormResponse) {
  const written = lg.writeAnswers(response, form);
  if (!written.ok) throw new Error(JSON.stringify(written.error));
  const back = lg.readAnswers(written.value, form);
  expect(back.ok && back.value).to.deep.equal(response);
  const result = await run.agent.invoke(new Command({ resume: written.value }), run.config);
  return { decisions: written.value, warnings: written.warnings, messages: result.messages };
}

describe("langgraph: humanInTheLoopMiddleware, a real agent", () => {
  it("reads the request as a decision, the arguments and a reject message, and resumes an edit", async () => {
    const run = writeFileAgent({ allowedDecisions: ["approve", "edit", "reject"], argsSchema: ARGS_SCHEMA });
    const { form, warnings } = await askedForm(run);
    expect(warnings).to.deep.equal([]);
    expect(
      form.fields.map((field) => [field.id, field.kind, field.required, field.label, field.default]),
    ).to.deep.equal([
      ["action1", "choice", true, form.fields[0]?.label, undefined],
      ["action1_arg_filename", "text", false, "File name", "greeting.txt"],
      ["action1_arg_content", "text", false, "Content", "Hello World"],
      ["action1_reject_message", "text", false, "Why reject the call to write_file? (optional)", undefined],
    ]);
    expect(form.fields[0]?.label).to.match(/^Tool execution requires approval/);
    const options = form.fields[0]?.kind === "choice" ? form.fields[0].options.map((o) => o.value) : [];
    expect(options).to.deep.equal(["approve", "edit", "reject"]);
    const answers = { action1: "edit", action1_arg_filename: "safe.txt", action1_arg_content: "Hello World" };
    const { decisions } = await resume(run, form, { action: "accept", answers });
    expect(decisions).to.deep.equal({
      decisions: [
        { type: "edit", editedAction: { name: "write_file", args: { filename: "safe.txt", content: "Hello World" } } },
      ],
    });
    expect(run.written).to.deep.equal([{ filename: "safe.txt", content: "Hello World" }]);
  });

  it("resumes a rejection with the person's message, and the tool does not run", async () => {
    const run = writeFileAgent({ allowedDecisions: ["approve", "reject"] });
    const { form } = await askedForm(run);
    expect(form.fields.map((field) => field.id)).to.deep.equal(["action1", "action1_reject_message"]);
    const { messages } = await resume(run, form, {
      action: "accept",
      answers: { action1: "reject", action1_reject_message: "Not in the home folder" },
    });
    expect(run.written).to.deep.equal([]);
    const rejected = messages.find((message) => ToolMessage.isInstance(message));
    expect(rejected?.content).to.equal("Not in the home folder");
  });

  it("interruptOn: { tool: true } allows edit without an argsSchema: read without edit, with a warning", async () => {
    const run = writeFileAgent(true);
    const { form, warnings } = await askedForm(run);
    expect(warnings).to.deep.equal(["dropped __interrupt__.0.value.reviewConfigs.0.argsSchema"]);
    const options = form.fields[0]?.kind === "choice" ? form.fields[0].options.map((o) => o.value) : [];
    expect(options).to.deep.equal(["approve", "reject"]);
    await resume(run, form, { action: "accept", answers: { action1: "approve" } });
    expect(run.written).to.deep.equal([{ filename: "greeting.txt", content: "Hello World" }]);
  });

  it("an argument changed under an approval is not applied, and says so; a decline is no decision", async () => {
    const run = writeFileAgent({ allowedDecisions: ["approve", "edit"], argsSchema: ARGS_SCHEMA });
    const { form } = await askedForm(run);
    const written = lg.writeAnswers(
      { action: "accept", answers: { action1: "approve", action1_arg_filename: "other.txt" } },
      form,
    );
    expect(written.ok && [written.value, written.warnings.map((w) => `${w.code} ${w.path.join(".")}`)]).to.deep.equal([
      { decisions: [{ type: "approve" }] },
      ["dropped answers.action1_arg_filename"],
    ]);
    const declined = lg.writeAnswers({ action: "decline" }, form);
    expect(declined.ok || declined.error.code).to.equal("unsupported_response");
  });

  it("refuses decisions that do not fit the request, naming each", async () => {
    const { form } = await askedForm(
      writeFileAgent({ allowedDecisions: ["approve", "edit"], argsSchema: ARGS_SCHEMA }),
    );
    const cases: [unknown, string[]][] = [
      [{ decisions: [] }, ["invalid_value decisions"]],
      [{ decisions: [{ type: "reject" }] }, ["not_an_option action1"]],
      [
        { decisions: [{ type: "edit", editedAction: { name: "rm", args: {} } }] },
        ["invalid_value decisions.0.editedAction"],
      ],
      [
        { resume: { decisions: [{ type: "edit", editedAction: { name: "write_file", args: { mode: "x" } } }] } },
        ["unknown_property resume.decisions.0.editedAction.args.mode"],
      ],
    ];
    for (const [input, issues] of cases) {
      const read = lg.readAnswers(input, form);
      if (read.ok) return expect.fail(`accepted ${JSON.stringify(input)}`);
      expect(
        read.error.issues.map((i) => `${i.code} ${i.path.join(".")}`),
        JSON.stringify(input),
      ).to.deep.equal(issues);
    }
  });
});
