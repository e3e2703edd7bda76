import { Annotation, Command, END, MemorySaver, START, StateGraph, interrupt } from "@langchain/langgraph";
import { expect } from "chai";
import { z } from "zod";
import type { FormModel, FormResponse, Issue, Result } from "../../src/model/index.js";
import { langGraphProtocol as lg, resumeCommand } from "../../src/protocols/langgraph/index.js";

/**
 * Real graphs, offline (`@langchain/langgraph` 1.7.3, `MemorySaver`, zod 4): a node asks with
 * `interrupt(value, { responseSchema: z.object(…) })`; the interrupt the stream's
 * `__interrupt__` chunk and `getState()` carry is read into the model; formgate writes the
 * person's answers as the resume value, and `new Command({ resume })` resumes the same graph,
 * whose zod schema parses them and whose state then holds exactly the answers.
 */

const shipping = z.object({
  city: z.string().min(1).describe("Where the parcel goes"),
  express: z.boolean(),
  speed: z.enum(["slow", "fast"]),
  count: z.number().int().min(1).max(10).optional(),
});
const wrapping = z.object({ wrap: z.boolean(), note: z.string().optional() });

const State = Annotation.Root({ shipping: Annotation<unknown>(), wrapping: Annotation<unknown>() });

const askShipping = () => ({
  shipping: interrupt({ message: "Where should we ship?", step: 1 }, { responseSchema: shipping }),
});
const askWrapping = () => ({ wrapping: interrupt("Gift wrap?", { responseSchema: wrapping }) });

/** A graph asking for shipping, and (with `both`) for gift wrap in a parallel node. */
function graph(both: boolean) {
  const saver = new MemorySaver();
  if (!both)
    return new StateGraph(State)
      .addNode("askShipping", askShipping)
      .addEdge(START, "askShipping")
      .addEdge("askShipping", END)
      .compile({ checkpointer: saver });
  return new StateGraph(State)
    .addNode("askShipping", askShipping)
    .addNode("askWrapping", askWrapping)
    .addEdge(START, "askShipping")
    .addEdge(START, "askWrapping")
    .addEdge("askShipping", END)
    .addEdge("askWrapping", END)
    .compile({ checkpointer: saver });
}

type App = ReturnType<typeof graph>;

async function interruptChunks(app: App, threadId: string): Promise<unknown[]> {
  const chunks: unknown[] = [];
  const stream = await app.stream({}, { configurable: { thread_id: threadId }, streamMode: "updates" });
  for await (const chunk of stream) if (Object.hasOwn(chunk, "__interrupt__")) chunks.push(chunk);
  return chunks;
}

function read(input: unknown, formId?: string): FormModel {
  expect(lg.detect(input)).to.equal(2);
  const form = lg.readForm(input, formId === undefined ? {} : { formId });
  if (!form.ok) throw new Error(JSON.stringify(form.error));
  return form.value;
}

function warningsOf(result: Result<FormModel>): Issue[] {
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.warnings;
}

describe("langgraph: a real graph asks, formgate answers, the graph resumes", () => {
  it("reads the __interrupt__ chunk and getState() alike, and resumes with the written value", async () => {
    const app = graph(false);
    const config = { configurable: { thread_id: "one" } };
    const [chunk] = await interruptChunks(app, "one");
    const form = read(chunk);
    expect(form.title).to.equal("Where should we ship?");
    expect(form.fields.map((field) => [field.id, field.kind, field.required])).to.deep.equal([
      ["city", "text", true],
      ["express", "boolean", true],
      ["speed", "choice", true],
      ["count", "number", false],
    ]);
    expect(form.extensions?.langgraph).to.deep.include({ value: { step: 1 } });
    // zod closes every object it writes: what an elicitation form means anyway, read past with a warning.
    expect(warningsOf(lg.readForm(chunk)).map((w) => `${w.code} ${w.path.join(".")}`)).to.deep.equal([
      "ignored_key __interrupt__.0.response_schema.additionalProperties",
    ]);
    const state = await app.getState(config);
    expect(read(state.tasks[0])).to.deep.equal(form);
    expect(read(state)).to.deep.equal(form);

    const response: FormResponse = { action: "accept", answers: { city: "Lyon", express: true, speed: "fast" } };
    const resume = lg.writeAnswers(response, form);
    if (!resume.ok) return expect.fail(JSON.stringify(resume.error));
    await app.invoke(new Command({ resume: resume.value }), config);
    expect((await app.getState(config)).values).to.deep.equal({ shipping: response.answers });
    expect((await app.getState(config)).tasks).to.deep.equal([]);
  });

  it("resumes two pending interrupts with one resume map (resumeCommand), each read by its id", async () => {
    const app = graph(true);
    const config = { configurable: { thread_id: "two" } };
    const chunks = await interruptChunks(app, "two");
    expect(chunks).to.have.length(2);
    const snapshot = await app.getState(config);
    const ids = snapshot.tasks.flatMap((task) => task.interrupts.map((pending) => pending.id as string));
    const forms = ids.map((id) => read(snapshot, id));
    expect(forms.map((form) => form.title)).to.deep.equal(["Where should we ship?", "Gift wrap?"]);
    expect(warningsOf(lg.readForm(snapshot)).map((w) => w.code)).to.include("several_forms");
    const answers = [
      { city: "Oslo", express: false, speed: "slow", count: 3 },
      { wrap: true, note: "Happy birthday" },
    ];
    const command = resumeCommand(
      forms.map((form, i) => ({ form, response: { action: "accept", answers: answers[i] ?? {} } })),
    );
    if (!command.ok) return expect.fail(JSON.stringify(command.error));
    expect(command.value).to.deep.equal({ resume: { [ids[0] as string]: answers[0], [ids[1] as string]: answers[1] } });
    await app.invoke(new Command(command.value), config);
    expect((await app.getState(config)).values).to.deep.equal({ shipping: answers[0], wrapping: answers[1] });
  });

  it("refuses an answer the graph's zod schema would refuse, before the graph sees it", async () => {
    const [chunk] = await interruptChunks(graph(false), "bad");
    const form = read(chunk);
    const refused: Record<string, string | number | boolean>[] = [
      { city: "", express: true, speed: "fast" },
      { city: "Rome", express: true, speed: "warp" },
      { city: "Rome", express: true, speed: "fast", count: 11 },
      { city: "Rome", express: true, speed: "fast", count: 1.5 },
    ];
    for (const answers of refused) {
      const written = lg.writeAnswers({ action: "accept", answers }, form);
      expect(written.ok || written.error.code, JSON.stringify(answers)).to.equal("invalid_response");
      expect(shipping.safeParse(answers).success, JSON.stringify(answers)).to.equal(false);
    }
  });

  it("refuses a decline or cancel: a resume value is always an answer, and the interrupt stays pending", async () => {
    const [chunk] = await interruptChunks(graph(false), "declined");
    const form = read(chunk);
    for (const action of ["decline", "cancel"] as const) {
      const written = lg.writeAnswers({ action }, form);
      if (written.ok) return expect.fail(`wrote a ${action} as ${JSON.stringify(written.value)}`);
      expect(written.error.code).to.equal("unsupported_response");
      expect(written.error.issues[0]?.message).to.match(/pending/);
      expect(resumeCommand([{ form, response: { action } }]).ok).to.equal(false);
    }
  });

  it("refuses what zod writes for a nullable property (type: [string, null]), naming the keyword", async () => {
    const app = new StateGraph(State)
      .addNode("ask", () => ({
        shipping: interrupt("When?", { responseSchema: z.object({ when: z.string().nullable() }) }),
      }))
      .addEdge(START, "ask")
      .compile({ checkpointer: new MemorySaver() });
    const [chunk] = await interruptChunks(app as unknown as App, "nullable");
    const form = lg.readForm(chunk);
    if (form.ok) return expect.fail("read a nullable property");
    expect(form.error.issues.map((issue) => issue.path.join("."))).to.deep.equal([
      "__interrupt__.0.response_schema.properties.when.type",
    ]);
  });
});
