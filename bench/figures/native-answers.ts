import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { type NativeRequestParams, nativeProtocol } from "../../src/index.js";
import { forms, validAnswers } from "../generators/forms.js";
import { compare } from "../measure.js";
import { type Row, timedRow } from "../report.js";

type JsonSchema = Parameters<AjvJsonSchemaValidator["getValidator"]>[0];

/**
 * Validates a native answer for a form seen for the first time: formgate reads the
 * request and checks the answer; the SDK compiles the requested schema with ajv and
 * validates, as `elicitInput` does. Each run gets a fresh copy of the request, parsed
 * from its JSON as it arrives over the wire (outside the timing), so neither side can
 * reuse what it built for an earlier object.
 */
export async function firstSeenAnswer(): Promise<Row> {
  const { data, native } = forms();
  const answer = validAnswers(data);
  // One validator, as one SDK server keeps: it caches every compiled schema.
  const sdk = new AjvJsonSchemaValidator();
  const requestJson = JSON.stringify(native);
  const schemaJson = JSON.stringify(native.requestedSchema);
  const timing = await compare({
    formgate: function* () {
      yield {
        0: () => JSON.parse(requestJson) as NativeRequestParams,
        bench(request: NativeRequestParams) {
          const form = nativeProtocol.readForm(request);
          if (!form.ok) throw new Error(form.error.message);
          const read = nativeProtocol.readAnswers(answer, form.value);
          if (!read.ok) throw new Error(read.error.message);
        },
      };
    },
    reference: function* () {
      yield {
        0: () => JSON.parse(schemaJson) as JsonSchema,
        bench(schema: JsonSchema) {
          if (!sdk.getValidator(schema)(answer.content).valid) throw new Error("the SDK rejected the benchmark answer");
        },
      };
    },
    // One run per sample (no batches of thousands of copies); enough samples for a median.
    options: { batch_threshold: 0, max_samples: 1500 },
  });
  return timedRow(
    "validate a native answer, form seen for the first time (build + validate)",
    "SDK AjvJsonSchemaValidator.getValidator(fresh schema)(content)",
    timing,
    0.01,
  );
}

/** Validates a native answer for a form already read, against ajv with the schema compiled once. */
export async function knownFormAnswer(): Promise<Row> {
  const { data, native } = forms();
  const answer = validAnswers(data);
  const read = nativeProtocol.readForm(native);
  if (!read.ok) throw new Error(read.error.message);
  const form = read.value;
  const check = new AjvJsonSchemaValidator().getValidator(native.requestedSchema as JsonSchema);
  const timing = await compare({
    formgate: () => {
      const result = nativeProtocol.readAnswers(answer, form);
      if (!result.ok) throw new Error(result.error.message);
      return result;
    },
    reference: () => {
      const result = check(answer.content);
      if (!result.valid) throw new Error("the SDK rejected the benchmark answer");
      return result;
    },
  });
  return timedRow("validate a native answer, form already read", "SDK validator compiled once (ajv)", timing, 1.0);
}
