import { expect } from "chai";
import { readUIMessageStream, streamText, type UIMessage, type UIMessageChunk, uiMessageChunkSchema } from "ai";
import { convertArrayToReadableStream } from "ai/test";
import { type FormgateFormData, questionFormChunkTransform } from "../../src/ai-sdk/index.js";
import { readMessage } from "../../src/index.js";
import { mockModel, textStep } from "./mock-model.js";

const MESSAGE =
  'Before.\n<question-form id="trip" title="Trip">{"questions":[{"id":"city","type":"text","label":"City?"},' +
  '{"id":"days","type":"select","label":"Days","options":["1","2"]}]}</question-form>\nBetween.\n' +
  '<question-form>{"id":"food","questions":[{"id":"diet","type":"text","label":"Diet"}]}</question-form>\n' +
  '<question-form id="broken">{"questions":[{"id":"a","type":"text","label":"A"},]}</question-form> After.';

async function collect(stream: ReadableStream<UIMessageChunk>): Promise<UIMessageChunk[]> {
  const chunks: UIMessageChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

function isFormChunk(chunk: UIMessageChunk): chunk is UIMessageChunk & { id: string; data: FormgateFormData } {
  return chunk.type === "data-formgate-form";
}

/** The chunks of one text, `text` cut at the offsets given. */
function textChunks(id: string, text: string, cuts: number[]): UIMessageChunk[] {
  const points = [0, ...cuts, text.length];
  const deltas = points
    .slice(1)
    .map((end, i) => ({ type: "text-delta" as const, id, delta: text.slice(points[i], end) }));
  return [{ type: "text-start", id }, ...deltas, { type: "text-end", id }];
}

/** What readMessage reads from the whole text, as the last data of each form id. */
function expectedForms(text: string): Map<string, Pick<FormgateFormData, "state" | "form" | "issues">> {
  const expected = new Map<string, Pick<FormgateFormData, "state" | "form" | "issues">>();
  for (const segment of readMessage(text).segments) {
    if (segment.kind === "form")
      expected.set(segment.id, { state: "ready", form: segment.form, issues: segment.warnings });
    if (segment.kind === "error") expected.set(segment.id ?? "discovery", { state: "invalid", issues: segment.issues });
  }
  return expected;
}

function lastData(chunks: UIMessageChunk[]): Map<string, FormgateFormData> {
  const last = new Map<string, FormgateFormData>();
  for (const chunk of chunks.filter(isFormChunk)) last.set(chunk.id, chunk.data);
  return last;
}

async function validChunk(chunk: UIMessageChunk): Promise<boolean> {
  const result = await uiMessageChunkSchema().validate?.(chunk);
  return result?.success === true;
}

describe("ai-sdk: questionFormChunkTransform", () => {
  it("adds a form's data parts to streamText's UI message stream, updated in place by id", async () => {
    const result = streamText({ model: mockModel(textStep(MESSAGE, 16)), prompt: "Plan a trip" });
    const [forUi, forChunks] = result.toUIMessageStream().pipeThrough(questionFormChunkTransform()).tee();
    const chunks = await collect(forChunks);
    for (const chunk of chunks) expect(await validChunk(chunk), JSON.stringify(chunk)).to.equal(true);
    // The schema does refuse: a data chunk's id must be a string.
    expect(await validChunk({ type: "data-formgate-form", id: 1, data: {} } as unknown as UIMessageChunk)).to.equal(
      false,
    );
    let message: UIMessage | undefined;
    const states: string[] = [];
    for await (message of readUIMessageStream({ stream: forUi })) {
      const trip = message.parts.find((part) => part.type === "data-formgate-form" && part.id === "trip");
      if (trip) states.push((trip as { data: FormgateFormData }).data.state);
    }
    const dataParts = message?.parts.filter((part) => part.type === "data-formgate-form") ?? [];
    expect(dataParts.map((part) => (part as { id: string }).id)).to.deep.equal(["trip", "food", "broken"]);
    expect(states.at(0)).to.equal("streaming");
    expect(states.at(-1)).to.equal("ready");
    const text = message?.parts.find((part) => part.type === "text");
    expect(text).to.deep.include({ text: MESSAGE });
    expect(lastData(chunks)).to.deep.equal(expectedForms(MESSAGE));
  });

  it("passes every chunk through unchanged and in order, and shows each form whole, cut at every offset", async () => {
    const expected = expectedForms(MESSAGE);
    for (let cut = 0; cut <= MESSAGE.length; cut++) {
      const input = textChunks("t", MESSAGE, [cut]);
      const chunks = await collect(convertArrayToReadableStream(input).pipeThrough(questionFormChunkTransform()));
      expect(chunks.filter((chunk) => !isFormChunk(chunk))).to.deep.equal(input);
      expect(lastData(chunks), `cut at ${cut}`).to.deep.equal(expected);
      for (const chunk of chunks.filter(isFormChunk)) {
        if (chunk.data.state !== "streaming") continue;
        expect(chunk.data.partial?.id).to.equal(chunk.id);
        expect(chunk.data.form).to.equal(undefined);
      }
    }
  });

  it("reads each text id on its own, with reasoning and tool chunks interleaved", async () => {
    const second = '<question-form id="other">{"questions":[{"id":"x","type":"text","label":"X"}]}</question-form>';
    const first = textChunks("a", MESSAGE, Array.from({ length: MESSAGE.length }, (_, i) => i + 1).slice(0, -1));
    const other = textChunks("b", second, [5, 30, 60]);
    const interleaved: UIMessageChunk[] = [{ type: "start" }, { type: "reasoning-start", id: "r" }];
    for (let i = 0; i < Math.max(first.length, other.length); i++) {
      if (first[i]) interleaved.push(first[i] as UIMessageChunk);
      if (i === 3) interleaved.push({ type: "tool-input-start", toolCallId: "c", toolName: "weather" });
      if (i === 4)
        interleaved.push({
          type: "tool-input-delta",
          toolCallId: "c",
          inputTextDelta: '{"city":"<question-form id=\\"no\\">',
        });
      if (i % 7 === 0)
        interleaved.push({ type: "reasoning-delta", id: "r", delta: '<question-form id="nope">{"questions":[' });
      if (other[i]) interleaved.push(other[i] as UIMessageChunk);
    }
    interleaved.push({ type: "reasoning-end", id: "r" }, { type: "finish" });
    const chunks = await collect(convertArrayToReadableStream(interleaved).pipeThrough(questionFormChunkTransform()));
    expect(chunks.filter((chunk) => !isFormChunk(chunk))).to.deep.equal(interleaved);
    for (const chunk of chunks) expect(await validChunk(chunk)).to.equal(true);
    expect(lastData(chunks)).to.deep.equal(new Map([...expectedForms(MESSAGE), ...expectedForms(second)]));
  });

  it("ends a block still open when its text ends as invalid, with the reader's issue", async () => {
    const text = 'Here: <question-form id="late">{"questions":[{"id":"q","type":"text","label":"Q"}';
    const chunks = await collect(
      convertArrayToReadableStream(textChunks("t", text, [20, 60])).pipeThrough(questionFormChunkTransform()),
    );
    const late = chunks.filter(isFormChunk).map((chunk) => chunk.data);
    expect(late.map((data) => data.state)).to.deep.equal(["streaming", "streaming", "invalid"]);
    expect(late.at(-1)?.issues).to.deep.equal(readMessage(text).warnings);
    expect(late.at(-1)?.issues.map((issue) => issue.code)).to.deep.equal(["unterminated_form"]);
    // A text the stream ends without closing is ended too.
    const cut = textChunks("t", text, [20]).slice(0, -1);
    const unended = await collect(convertArrayToReadableStream(cut).pipeThrough(questionFormChunkTransform()));
    expect(unended.filter(isFormChunk).at(-1)?.data.state).to.equal("invalid");
  });
});
