import { expect } from "chai";
import {
  bridgeAnswersFromText,
  bridgeAssistantMessage,
  bridgeFormToText,
  createAssistantMessageBridge,
  replyToModel,
} from "../../src/bridge/index.js";
import { translate, translateAnswers } from "../../src/index.js";
import { questionFormProtocol as qf } from "../../src/protocols/question-form/index.js";

// The skill's trigger (plugins/_official/atoms/discovery-question-form/SKILL.md), as in
// apps/web/tests/components/AssistantMessage.test.tsx ("serves host-owned direction cards …").
const trigger =
  'Pick a direction:\n<question-form id="visual-direction" title="选择视觉方向">\n' +
  '{"lang":"zh-CN","questions":[{"id":"visual_direction","label":"你希望采用哪种视觉方向？",' +
  '"type":"direction-cards","required":true},{"id":"notes","label":"Notes","type":"text"}]}\n</question-form>';

const catalog = [
  {
    id: "prototype-quiet-saas",
    label: "Quiet SaaS",
    mood: "Calm, precise",
    references: ["https://repo-assets.open-design.ai/style-catalog/v1/prototype-quiet-saas-v1.webp"],
  },
  { id: "prototype-expressive-consumer", label: "Expressive consumer", palette: ["#ff5500", "#111111"] },
];

describe("question-form: direction-cards whose cards the host owns", () => {
  it("reads the trigger as a host-catalog choice and writes it back unchanged", () => {
    const read = qf.readForm(trigger);
    if (!read.ok) throw new Error(read.error.message);
    expect(read.warnings).to.deep.equal([]);
    expect(read.value.fields[0]).to.deep.include({
      kind: "choice",
      display: "cards",
      catalog: "host",
      options: [],
      required: true,
    });
    const written = translate(trigger, { to: "question-form" });
    expect(written.ok && qf.readForm(written.value)).to.deep.equal(read);
  });

  it("to a protocol that needs options, fails saying the catalog is needed, naming the question", () => {
    for (const to of ["native", "data"] as const) {
      const result = translate(trigger, { to });
      expect(result.ok, to).to.equal(false);
      if (result.ok) continue;
      expect(result.error.code).to.equal("missing_direction_catalog");
      expect(result.error.issues.map((i) => [i.code, i.path])).to.deep.equal([
        ["missing_direction_catalog", ["fields", 0, "options"]],
      ]);
      expect(result.error.issues[0]?.message)
        .to.match(/^Question `visual_direction` /)
        .and.to.include("directionCatalog");
      expect(result.error.issues[0]?.question).to.equal("visual_direction");
    }
  });

  it("takes the cards from the caller's catalog", () => {
    const native = translate(trigger, { to: "native", directionCatalog: catalog });
    if (!native.ok) throw new Error(native.error.message);
    const field = native.value.requestedSchema.properties.visual_direction as {
      oneOf?: { const: string; title: string }[];
    };
    expect(field.oneOf?.map((o) => [o.const, o.title])).to.deep.equal([
      ["prototype-quiet-saas", "Quiet SaaS"],
      ["prototype-expressive-consumer", "Expressive consumer"],
    ]);
    const block = translate(trigger, { to: "question-form", directionCatalog: catalog });
    expect(block.ok && qf.readForm(block.value).ok && block.value).to.include('"id": "prototype-quiet-saas"');
  });

  it("refuses a catalog that is not one, saying where", () => {
    const result = translate(trigger, {
      to: "native",
      directionCatalog: [
        { id: "a", label: "A" },
        { id: "a", label: "B" },
        { label: "no id" },
        { id: "c", label: "C", palette: "red" },
      ] as never,
    });
    expect(!result.ok && result.error.issues.map((i) => [i.code, i.path.join(".")])).to.deep.equal([
      ["invalid_direction_catalog", "directionCatalog.1.id"],
      ["invalid_direction_catalog", "directionCatalog.2.id"],
      ["invalid_direction_catalog", "directionCatalog.3.palette"],
    ]);
    expect(translate(trigger, { to: "native", directionCatalog: [] }).ok).to.equal(false);
  });

  it("answers name the host's card: any card without the catalog, one of its cards with it", () => {
    const message =
      "[form answers — visual-direction]\n- 你希望采用哪种视觉方向？: Expressive consumer [value: " +
      "prototype-expressive-consumer]\n- Notes: (skipped)";
    const free = translateAnswers(message, { form: trigger, from: "question-form", to: "question-form" });
    expect(free.ok && free.value).to.equal(
      "[form answers — visual-direction]\n- 你希望采用哪种视觉方向？: prototype-expressive-consumer\n- Notes: (skipped)",
    );
    const native = translateAnswers(message, {
      form: trigger,
      from: "question-form",
      to: "native",
      directionCatalog: catalog,
    });
    expect(native.ok && native.value).to.deep.equal({
      action: "accept",
      content: { visual_direction: "prototype-expressive-consumer" },
    });
    const unknown = translateAnswers(message.replace("prototype-expressive-consumer]", "prototype-gone]"), {
      form: trigger,
      from: "question-form",
      to: "native",
      directionCatalog: catalog,
    });
    expect(!unknown.ok && unknown.error.issues.map((i) => i.code)).to.deep.equal(["not_an_option"]);
  });

  it("the bridge shows the catalog's cards natively, and replies with the chosen card", () => {
    expect(bridgeAssistantMessage(trigger).parts.find((p) => p.kind === "error")).to.deep.include({ kind: "error" });
    const { parts } = bridgeAssistantMessage(trigger, { directionCatalog: catalog });
    const form = parts.find((p) => p.kind === "form");
    if (form?.kind !== "form") throw new Error("no form");
    const reply = replyToModel({ action: "accept", content: { visual_direction: "prototype-quiet-saas" } }, form.form);
    expect(reply.ok && reply.value.message).to.equal(
      "[form answers — visual-direction]\n- 你希望采用哪种视觉方向？: Quiet SaaS [value: prototype-quiet-saas]\n- Notes: (skipped)",
    );
    const streamed = createAssistantMessageBridge({ directionCatalog: catalog });
    const events = [...streamed.push(trigger.slice(0, 40)), ...streamed.push(trigger.slice(40)), ...streamed.end()];
    expect(events.filter((e) => e.kind === "form").map((e) => (e.kind === "form" ? e.form : undefined))).to.deep.equal([
      form.form,
    ]);
  });
});

describe("question-form: a required question the person skipped", () => {
  const form =
    '<question-form id="brief">{"questions":[' +
    '{"id":"platform","label":"Platform","type":"radio","required":true,"options":["Mobile","Desktop"]},' +
    '{"id":"notes","label":"Notes","type":"text"}]}</question-form>';
  const message = "[form answers — brief]\n- Platform: (skipped)\n- Notes: soon";

  it("stays skipped in the text protocol", () => {
    const back = translateAnswers(message, { form, from: "question-form", to: "question-form" });
    expect(back.ok && back.value).to.equal(message);
    expect(back.ok && back.warnings).to.deep.equal([]);
  });

  it("is a warning naming it for a target that cannot say so, and an error in strict mode", () => {
    for (const to of ["native", "data"] as const) {
      const written = translateAnswers(message, { form, from: "question-form", to });
      if (!written.ok) throw new Error(written.error.message);
      expect(written.warnings.map((w) => [w.code, w.path])).to.deep.equal([
        ["skipped_required", ["answers", "platform"]],
      ]);
      const strict = translateAnswers(message, { form, from: "question-form", to, strict: true });
      expect(!strict.ok && strict.error.issues.map((i) => [i.code, i.severity])).to.deep.equal([
        ["skipped_required", "error"],
      ]);
    }
    const native = translateAnswers(message, { form, from: "question-form", to: "native" });
    expect(native.ok && native.value).to.deep.equal({ action: "accept", content: { notes: "soon" } });
  });

  it("in the bridge to a live native server, whose form requires it, is an error naming it", () => {
    const request = translate(form, { to: "native" });
    if (!request.ok) throw new Error(request.error.message);
    const posted = bridgeFormToText(request.value, { formId: "brief" });
    if (!posted.ok) throw new Error(posted.error.message);
    const answered = bridgeAnswersFromText(message, posted.value);
    expect(!answered.ok && answered.error.issues.map((i) => [i.code, i.path.at(-1)])).to.deep.equal([
      ["missing_answer", "platform"],
    ]);
  });

  it("a required question with no line at all is still missing", () => {
    const answered = translateAnswers("[form answers — brief]\n- Notes: soon", {
      form,
      from: "question-form",
      to: "question-form",
    });
    expect(!answered.ok && answered.error.issues.map((i) => i.code)).to.deep.equal(["missing_answer"]);
  });
});
