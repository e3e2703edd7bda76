import { expect } from "chai";
import fc from "fast-check";
import { readFileSync } from "node:fs";
import {
  type BridgeEvent,
  type BridgePart,
  bridgeAnswersFromText,
  bridgeAssistantMessage,
  bridgeFormToText,
  createAssistantMessageBridge,
  replyToModel,
} from "../../src/bridge/index.js";
import type { FormModel } from "../../src/model/index.js";
import { type Protocol, jsonProtocolNames, protocolNames, protocols } from "../../src/protocols/index.js";
import { nativeProtocol } from "../../src/protocols/native/index.js";
import { questionFormProtocol as qf } from "../../src/protocols/question-form/index.js";

const dataInput = JSON.parse(readFileSync("examples/report-template.data.json", "utf8"));

const message = [
  "Two things decide the direction:",
  "",
  '<question-form id="brief" title="Brief">',
  '{"questions": [',
  '  {"id": "tone", "label": "Tone", "type": "radio", "options": [{"label": "Bold", "value": "bold"}, "Calm"], ' +
    '"allowCustom": false, "required": true},',
  '  {"id": "pages", "label": "Pages", "type": "range", "min": 1, "max": 40, "step": 1}',
  "]}",
  "</question-form>",
  "",
  "This one is broken:",
  '<question-form id="oops">{"questions": [}</question-form>',
  "",
  '```\n<question-form id="example">{"questions": []}</question-form>\n```',
  "",
  '<question-form id="assets">{"questions": [{"id": "logo", "label": "Logo", "type": "file", "accept": ' +
    '"image/*"}]}</question-form>',
  "Thanks!",
].join("\n");

function textOf(parts: BridgePart[]): string {
  return parts.map((part) => (part.kind === "prose" ? part.text : part.source)).join("");
}

function formPart(id: string): Extract<BridgePart, { kind: "form" }> {
  const part = bridgeAssistantMessage(message).parts.find((p) => p.kind === "form" && p.id === id);
  if (part?.kind !== "form") throw new Error(`no form ${id}`);
  return part;
}

describe("bridge: a text-protocol model in a native host", () => {
  it("splits a message into prose, a native request per form, and broken blocks kept in place", () => {
    const { parts } = bridgeAssistantMessage(message);
    expect(parts.map((p) => (p.kind === "prose" ? "prose" : `${p.kind}:${p.id}`))).to.deep.equal([
      "prose",
      "form:brief",
      "prose",
      "error:oops",
      "prose",
      "form:assets",
      "prose",
    ]);
    expect(textOf(parts)).to.equal(message);
    const code = parts[4];
    expect(code?.kind === "prose" && code.text).to.include('id="example"');
    const oops = parts[3];
    expect(oops?.kind === "error" && oops.issues[0]).to.include({ code: "invalid_json", line: 11 });
  });

  it("writes each form as a native request that reads back to the same questions", () => {
    const brief = formPart("brief");
    expect(brief.request).to.include({ mode: "form", message: "Brief" });
    const back = nativeProtocol.readForm(brief.request);
    if (!back.ok) return expect.fail(JSON.stringify(back.error));
    expect(back.value.fields.map((f) => [f.id, f.kind, f.required])).to.deep.equal([
      ["tone", "choice", true],
      ["pages", "number", false],
    ]);
    expect(brief.request.requestedSchema.properties.pages).to.include({ type: "number", minimum: 1, maximum: 40 });
  });

  it("yields the same parts streamed, chunked anywhere (text or bytes), as read whole", () => {
    const whole = bridgeAssistantMessage(message).parts;
    const bytes = new TextEncoder().encode(message);
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 30 }),
        fc.boolean(),
        (cuts, asBytes) => {
          const bridge = createAssistantMessageBridge();
          const edges = [0, ...cuts.sort((a, b) => a - b), bytes.length];
          const events: BridgeEvent[] = [];
          for (let i = 1; i < edges.length; i++) {
            const piece = asBytes ? bytes.subarray(edges[i - 1], edges[i]) : message.slice(edges[i - 1], edges[i]);
            events.push(...bridge.push(piece));
          }
          events.push(...bridge.end());
          const parts = events.filter((e): e is BridgePart => e.kind !== "warning" && e.kind !== "partial");
          const merged = parts.reduce<BridgePart[]>((out, part) => {
            const last = out.at(-1);
            if (part.kind === "prose" && last?.kind === "prose")
              out[out.length - 1] = { kind: "prose", text: last.text + part.text };
            else out.push(part);
            return out;
          }, []);
          expect(merged).to.deep.equal(whole);
        },
      ),
      { seed: 5, numRuns: 200 },
    );
  });

  it("turns the native result into the [form answers — id] message the model reads", () => {
    const brief = formPart("brief");
    const reply = replyToModel({ action: "accept", content: { tone: "bold", pages: 12 } }, brief.form);
    if (!reply.ok) return expect.fail(JSON.stringify(reply.error));
    expect(reply.value).to.deep.equal({
      kind: "answers",
      message: "[form answers — brief]\n- Tone: Bold [value: bold]\n- Pages: 12",
    });
    const read = qf.readAnswers(reply.value.message, brief.form);
    expect(read.ok && read.value).to.deep.equal({
      action: "accept",
      answers: Object.assign(Object.create(null), { tone: "bold", pages: 12 }),
    });
  });

  it("says decline and cancel in notices that are read back as what they say, never as answers", () => {
    const brief = formPart("brief");
    for (const action of ["decline", "cancel"] as const) {
      const reply = replyToModel({ action }, brief.form);
      if (!reply.ok) return expect.fail(JSON.stringify(reply.error));
      expect(reply.value.kind).to.equal(action === "decline" ? "declined" : "cancelled");
      expect(reply.value.message).to.match(
        action === "decline" ? /^\[form declined — brief\]\n/ : /^\[form cancelled — brief\]\n/,
      );
      const read = qf.readAnswers(reply.value.message, brief.form);
      expect(read.ok && read.value).to.deep.equal({ action });
    }
  });

  it("names an id that is not plain as a JSON string in a notice, as in an answer header", () => {
    const form: FormModel = {
      id: "plan] [form answers — other",
      fields: [{ kind: "boolean", id: "ok", label: "OK?", required: false }],
    };
    const reply = replyToModel({ action: "decline" }, form);
    expect(reply.ok && reply.value.message.split("\n")[0]).to.equal('[form declined — "plan] [form answers — other"]');
  });

  it("rejects a native result that does not satisfy the form, sending nothing", () => {
    const reply = replyToModel({ action: "accept", content: { tone: "loud", pages: 99 } }, formPart("brief").form);
    expect(!reply.ok && reply.error.code).to.equal("invalid_response");
    expect(!reply.ok && reply.error.issues.map((i) => i.path.join("."))).to.deep.equal([
      "content.tone",
      "content.pages",
    ]);
  });
});

describe("bridge: a native or Data server in a text-only chat", () => {
  it("posts a Data tool input as a block with the chosen id, and lists what text cannot show", () => {
    const posted = bridgeFormToText(dataInput, { formId: "report" });
    if (!posted.ok) return expect.fail(JSON.stringify(posted.error));
    expect(posted.value.protocol).to.equal("data");
    expect(posted.value.block).to.match(/^<question-form id="report" title="Choose a report template">/);
    const shown = qf.readForm(posted.value.block);
    expect(shown.ok && shown.value.fields.map((f) => f.id)).to.deep.equal(["template", "audience", "notes"]);
    expect(posted.value.warnings.map((w) => `${w.code} ${w.path.join(".")}`)).to.include.members([
      "dropped fields.0.options.0.thumbnail",
      "dropped fields.0.options.0.icons",
    ]);
  });

  it("turns the person's answer message into the Data tool result", () => {
    const posted = bridgeFormToText(dataInput, { formId: "report" });
    if (!posted.ok) return expect.fail(posted.error.message);
    const answers =
      "[form answers — report]\n- Relevant report templates: Presentation · Business review\n- Who will read the " +
      "report?: Executives, Customers\n- Anything else we should know?: (skipped)";
    const result = bridgeAnswersFromText(answers, posted.value);
    if (!result.ok) return expect.fail(JSON.stringify(result.error));
    expect(result.value).to.deep.equal(JSON.parse(readFileSync("examples/report-template.native-result.json", "utf8")));
  });

  it("turns a file named in the answer message into a file URI only where the host says it stored it", () => {
    const posted = bridgeFormToText(JSON.parse(readFileSync("examples/upload.data.json", "utf8")), {
      formId: "upload",
    });
    if (!posted.ok) return expect.fail(posted.error.message);
    const answers =
      "[form answers — upload]\n- Upload your data: q3-sales.csv\n- Which period does the data cover?: Q3 2026";
    const unlocated = bridgeAnswersFromText(answers, posted.value);
    expect(!unlocated.ok && unlocated.error.issues.map((i) => i.code)).to.deep.equal(["unreadable_answer"]);
    const result = bridgeAnswersFromText(answers, posted.value, { locateFile: (name) => `file:///Users/ada/${name}` });
    if (!result.ok) return expect.fail(JSON.stringify(result.error));
    expect(result.value).to.deep.equal(JSON.parse(readFileSync("examples/upload.native-result.json", "utf8")));
  });

  it("answers a native request with a native result, and refuses answers for another form", () => {
    const request = nativeProtocol.writeForm({
      title: "Pick",
      fields: [{ kind: "boolean", id: "ok", label: "Ready?", required: true }],
    } as FormModel);
    if (!request.ok) return expect.fail(request.error.message);
    // A plain form is detected as a standard (mcp) one; the caller that knows it is native says so.
    const standard = bridgeFormToText(request.value, { formId: "ready" });
    expect(standard.ok && standard.value.protocol).to.equal("mcp");
    const posted = bridgeFormToText(request.value, { formId: "ready", from: "native" });
    if (!posted.ok) return expect.fail(posted.error.message);
    expect(posted.value.protocol).to.equal("native");
    if (standard.ok)
      expect(bridgeAnswersFromText("[form answers — ready]\n- Ready?: yes", standard.value)).to.deep.include({
        ok: true,
        value: { action: "accept", content: { ok: true } },
      });
    const result = bridgeAnswersFromText("[form answers — ready]\n- Ready?: yes", posted.value);
    expect(result.ok && result.value).to.deep.equal({ action: "accept", content: { ok: true } });
    const other = bridgeAnswersFromText("[form answers — discovery]\n- Ready?: yes", posted.value);
    expect(!other.ok && other.error.issues[0]?.code).to.equal("wrong_form");
  });

  it("refuses a chat message as input: that is the other direction", () => {
    const posted = bridgeFormToText(message);
    expect(!posted.ok && posted.error.code).to.equal("unsupported_input");
  });
});

describe("bridge: every JSON protocol of the registry, none named by hand", () => {
  // A form every JSON protocol can hold (choices: AskUserQuestion asks nothing else), and the answers a person gives
  // it.
  const form: FormModel = {
    title: "Ready?",
    fields: [
      {
        kind: "choice",
        id: "size",
        label: "Size",
        required: true,
        multiple: false,
        options: [
          { value: "s", label: "Small" },
          { value: "l", label: "Large" },
        ],
      },
      {
        kind: "choice",
        id: "color",
        label: "Color",
        required: false,
        multiple: false,
        options: [
          { value: "red", label: "Red" },
          { value: "blue", label: "Blue" },
        ],
      },
    ],
  };
  const answerMessage = "[form answers — ready]\n- Size: Large [value: l]\n- Color: Blue [value: blue]";
  const answers = { size: "l", color: "blue" };

  it("takes forms of exactly the protocols that are not chat text", () => {
    expect(jsonProtocolNames).to.deep.equal(protocolNames.filter((name) => name !== "question-form"));
    const posted = bridgeFormToText(message, { from: "question-form" as never });
    expect(!posted.ok && posted.error.issues[0]?.message).to.equal(
      `The input is <question-form> chat text; the text bridge takes a form that is a JSON value ` +
        `(${jsonProtocolNames.join(", ")}).`,
    );
  });

  for (const name of jsonProtocolNames) {
    const protocol = protocols[name] as Protocol;

    it(`${name}: posts the form as a block and writes the answer message as a ${name} result`, () => {
      const wire = protocol.writeForm(form);
      if (!wire.ok) return expect.fail(JSON.stringify(wire.error));
      const posted = bridgeFormToText(wire.value, { from: name, formId: "ready" });
      if (!posted.ok) return expect.fail(JSON.stringify(posted.error));
      expect(posted.value.protocol).to.equal(name);
      // A protocol whose answers carry labels (AskUserQuestion) reads its options back with the labels as values.
      const labelled = (posted.value.form.fields[0] as { options: { value: string }[] }).options[0]?.value === "Small";
      const message = labelled ? "[form answers — ready]\n- Size: Large\n- Color: Blue" : answerMessage;
      const result = bridgeAnswersFromText(message, posted.value);
      if (!result.ok) return expect.fail(JSON.stringify(result.error));
      const read = protocol.readAnswers(result.value, posted.value.form);
      expect(read.ok && read.value).to.deep.equal({
        action: "accept",
        answers: labelled ? { size: "Large", color: "Blue" } : answers,
      });
    });

    it(
      `${name}: a text-protocol model's form becomes a ${name} request, and the ${name} result the answer ` + `message`,
      () => {
        const block = qf.writeForm({ ...form, id: "ready" });
        if (!block.ok) return expect.fail(block.error.message);
        const part = bridgeAssistantMessage(block.value, { to: name }).parts[0];
        if (part?.kind !== "form") return expect.fail(JSON.stringify(part));
        const request = protocol.readForm(part.request);
        expect(request.ok && request.value.fields.map((field) => field.id)).to.deep.equal(["size", "color"]);
        const result = protocol.writeAnswers({ action: "accept", answers }, part.form);
        if (!result.ok) return expect.fail(result.error.message);
        const reply = replyToModel(result.value, part.form, { from: name });
        expect(reply.ok && reply.value).to.deep.equal({ kind: "answers", message: answerMessage });
      },
    );
  }
});
