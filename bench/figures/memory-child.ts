/**
 * Run by memory.ts as `node --expose-gc --import tsx bench/figures/memory-child.ts N`:
 * N tool calls through formgate's in-process server, each with a form no other call used,
 * heap measured after a full collection before and after. Then the SDK's own answer path
 * (compile the requested schema, validate) for a few hundred distinct forms, for scale.
 * Prints one JSON line.
 */
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { type NativeRequestParams, translate } from "../../src/index.js";
import { dataToolInput, distinctDataInput } from "../generators/data-input.js";
import { validAnswers } from "../generators/forms.js";
import { formgateHost } from "../hosts.js";
import { heapAfterGc } from "./heap.js";

const calls = Number(process.argv[2] ?? 100_000);
const sdkForms = Number(process.argv[3] ?? 200);
const base = dataToolInput();
let answer: Record<string, unknown> = {};
const host = await formgateHost(() => answer);

// Warm up with the base form so that code, the SDK's schemas and the pattern cache exist before.
for (let i = 0; i < 200; i++) {
  answer = validAnswers(base);
  await host.call(base);
}
const before = await heapAfterGc();
const started = performance.now();
for (let n = 0; n < calls; n++) {
  const data = distinctDataInput(base, n);
  answer = validAnswers(data);
  const result = (await host.call(data)) as { structuredContent?: { action?: string } };
  if (result.structuredContent?.action !== "accept")
    throw new Error(`call ${n} was not accepted: ${JSON.stringify(result).slice(0, 300)}`);
}
const seconds = (performance.now() - started) / 1000;
const after = await heapAfterGc();
await host.close();

// The SDK's path for comparison: one validator (as one server keeps), a distinct schema per form.
const sdk = new AjvJsonSchemaValidator();
const schemas = Array.from({ length: sdkForms }, (_, n) => {
  const native = translate(distinctDataInput(base, n), { from: "data", to: "native" });
  if (!native.ok) throw new Error(native.error.message);
  return (native.value as NativeRequestParams).requestedSchema;
});
// Warm up the validator (ajv's own first-compile costs) on a schema outside the measured set.
sdk.getValidator({ type: "object", properties: { warm: { type: "string" } } });
const sdkBefore = await heapAfterGc();
for (const schema of schemas) sdk.getValidator(schema as Parameters<typeof sdk.getValidator>[0]);
schemas.length = 0;
const sdkAfter = await heapAfterGc();

console.log(JSON.stringify({ calls, before, after, seconds, sdkForms, sdkGrowth: sdkAfter - sdkBefore }));
