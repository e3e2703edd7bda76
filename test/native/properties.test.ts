import { expect } from "chai";
import fc from "fast-check";
import { nativeProtocol } from "../../src/protocols/native/index.js";
import type { Field, FormModel } from "../../src/model/index.js";
import { nativeRequest } from "./arbitraries.js";

describe("native: properties", () => {
  it("native → model → native is the identity for random valid native forms", () => {
    fc.assert(
      fc.property(nativeRequest, (request) => {
        const read = nativeProtocol.readForm(request);
        if (!read.ok) throw new Error(JSON.stringify(read.error.issues));
        const written = nativeProtocol.writeForm(read.value);
        if (!written.ok) throw new Error(JSON.stringify(written.error));
        expect(written.value).to.deep.equal(request);
        expect(written.warnings).to.deep.equal([]);
      }),
      { numRuns: 300 },
    );
  });

  const formAndAnswers = nativeRequest
    .map((request) => nativeProtocol.readForm(request))
    .filter((read) => read.ok)
    .map((read) => (read as { value: FormModel }).value)
    .filter((form) => form.fields.every((field) => !field.required || answerFor(field) !== undefined))
    .chain((form) => fc.tuple(fc.constant(form), answersFor(form)));

  it("random valid answers are accepted unchanged, and written back unchanged", () => {
    fc.assert(
      fc.property(formAndAnswers, ([form, content]) => {
        const read = nativeProtocol.readAnswers({ action: "accept", content }, form);
        if (!read.ok) throw new Error(JSON.stringify(read.error.issues));
        expect(read.value).to.deep.equal({ action: "accept", answers: content });
        const written = nativeProtocol.writeAnswers(read.value, form);
        if (!written.ok) throw new Error(JSON.stringify(written.error));
        expect(written.value).to.deep.equal({ action: "accept", content });
      }),
      { numRuns: 200 },
    );
  });

  it("corrupted answers are rejected as invalid_response, with nothing applied", () => {
    fc.assert(
      fc.property(formAndAnswers, fc.nat(), fc.nat(3), ([form, content], pick, how) => {
        const corrupted = corrupt(form, content, pick, how);
        const read = nativeProtocol.readAnswers({ action: "accept", content: corrupted }, form);
        expect(read.ok, JSON.stringify(corrupted)).to.equal(false);
        if (!read.ok) expect(read.error.code).to.equal("invalid_response");
      }),
      { numRuns: 200 },
    );
  });
});

/** Answers valid for the form: only offered values, within bounds; optional fields sometimes skipped. */
function answersFor(form: FormModel): fc.Arbitrary<Record<string, unknown>> {
  const entries = form.fields.map((field) => {
    const value = answerFor(field);
    if (value === undefined) return fc.constant(undefined);
    return field.required
      ? value.map((v) => [field.id, v] as const)
      : fc.option(
          value.map((v) => [field.id, v] as const),
          { nil: undefined },
        );
  });
  return fc
    .tuple(...entries)
    .map((pairs) => Object.fromEntries(pairs.filter((pair) => pair !== undefined) as [string, unknown][]));
}

function answerFor(field: Field): fc.Arbitrary<unknown> | undefined {
  switch (field.kind) {
    case "boolean":
      return fc.boolean();
    case "number": {
      // A closed set of numbers (native `enum`): one of them.
      const values = (field.extensions?.native as { numberEnum?: number[] } | undefined)?.numberEnum;
      if (values !== undefined) return fc.constantFrom(...values);
      const [min, max] = [Math.ceil(field.minimum ?? -1000), Math.floor(field.maximum ?? 1000)];
      return min > max ? undefined : fc.integer({ min, max });
    }
    case "text":
      return undefined; // Free text against a random pattern and format: covered by the fixtures.
    case "choice":
    case "resource":
    case "file": {
      const values = field.kind === "choice" ? field.options.map((o) => o.value) : field.options.map((o) => o.uri);
      // Typed answers and URI string rules are covered by the fixtures.
      if (field.kind === "choice" && field.custom !== undefined) return undefined;
      const uriRules = ((field.extensions?.native as { uri?: object } | undefined)?.uri ?? {}) as Record<
        string,
        unknown
      >;
      if (["minLength", "maxLength", "pattern"].some((key) => uriRules[key] !== undefined)) return undefined;
      if (!field.multiple) return values.length === 0 ? undefined : fc.constantFrom(...values);
      const min = field.minItems ?? (field.required ? 1 : 0);
      const max = Math.min(field.maxItems ?? values.length, values.length);
      if (min > max) return undefined;
      return fc.shuffledSubarray(values, { minLength: min, maxLength: max });
    }
  }
}

/** Breaks one answer (or adds an unknown key): the kinds of corruption a host could send. */
function corrupt(
  form: FormModel,
  content: Record<string, unknown>,
  pick: number,
  how: number,
): Record<string, unknown> {
  const keys = Object.keys(content);
  if (keys.length === 0 || how === 0) return { ...content, "not a field": "x" };
  const key = keys[pick % keys.length] as string;
  const field = form.fields.find((f) => f.id === key) as Field;
  const value = content[key];
  let bad: unknown = null;
  if (Array.isArray(value))
    bad = how === 1 ? [...value, "cad://not/offered"] : value.length > 0 ? [...value, value[0]] : [""];
  else if (typeof value === "string") bad = how === 1 ? `${value}-not-offered:` : "";
  else if (typeof value === "number") bad = field.kind === "number" && field.integer ? value + 0.5 : String(value);
  else if (typeof value === "boolean") bad = how === 1 ? "yes" : 1;
  return { ...content, [key]: bad };
}
