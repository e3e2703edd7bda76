import { readFileSync, readdirSync } from "node:fs";
import type { AnswerValue } from "../../src/model/index.js";
import { type ProtocolName, isProtocolName } from "../../src/protocols/index.js";

/**
 * The shared gateway fixtures: one folder of forms, one form per protocol and theme, read as each protocol takes it.
 */
export const GATEWAY = new URL("../fixtures/gateway/", import.meta.url);

export interface FormFixture {
  /** `choices` for `forms/choices.question-form.md`. */
  name: string;
  protocol: ProtocolName;
  /** The form as its protocol takes it: the message text, or parsed JSON. */
  input: unknown;
}

/** Every form in test/fixtures/gateway/forms, named `<name>.<protocol>.json` (or `.md` for a text protocol). */
export function gatewayForms(): FormFixture[] {
  return readdirSync(new URL("forms/", GATEWAY))
    .sort()
    .map((file) => {
      const match = /^([^.]+)\.([^.]+)\.(json|md)$/.exec(file);
      const protocol = match?.[2];
      if (match === null || protocol === undefined || !isProtocolName(protocol))
        throw new Error(`forms/${file} is not named <name>.<protocol>.json|md`);
      const text = readFileSync(new URL(`forms/${file}`, GATEWAY), "utf8");
      return { name: match[1] as string, protocol, input: match[3] === "md" ? text : JSON.parse(text) };
    });
}

/** The model answers of a form's answer fixture (`answers/<name>.json`). */
export function modelAnswers(name: string): Record<string, AnswerValue> {
  const fixture = JSON.parse(readFileSync(new URL(`answers/${name}.json`, GATEWAY), "utf8")) as {
    answers: Record<string, AnswerValue>;
  };
  return Object.assign(Object.create(null) as Record<string, AnswerValue>, fixture.answers);
}

/** How a protocol's output is stored: JSON, or the text itself. */
export const extension = (protocol: ProtocolName) => (protocol === "question-form" ? "md" : "json");
export const serialize = (value: unknown) =>
  typeof value === "string" ? value : `${JSON.stringify(value, null, 2)}\n`;
export const deserialize = (text: string, protocol: ProtocolName): unknown =>
  protocol === "question-form" ? text : JSON.parse(text);

/**
 * What translating a fixture into a protocol gives, as `expected/<name>.warnings.json` lists it
 * (checked by hand): exactly these warnings (`code path`), or, for a form the target cannot
 * hold at all, this error with exactly these issues.
 */
export type Outcome = string[] | { error: string; issues: string[] };

export function expectedOutcomes(name: string): Record<string, Outcome> {
  return JSON.parse(readFileSync(new URL(`expected/${name}.warnings.json`, GATEWAY), "utf8")) as Record<
    string,
    Outcome
  >;
}
