import { translate } from "../../src/index.js";
import { forms } from "../generators/forms.js";
import { compare } from "../measure.js";
import { compileDataSchema } from "../references/data-schema.js";
import { handCompile } from "../references/hand-compile.js";
import { type Row, timedRow } from "../report.js";

/** Data tool input → native request, validation included. */
export async function dataToNative(): Promise<Row> {
  const { data } = forms();
  const validate = compileDataSchema();
  const timing = await compare({
    formgate: () => {
      const native = translate(data, { from: "data", to: "native" });
      if (!native.ok) throw new Error(native.error.message);
      return native.value;
    },
    reference: () => {
      if (!validate(data)) throw new Error("ajv rejected the benchmark input");
      return handCompile(data);
    },
  });
  return timedRow(
    "Data tool input → native request, validation included",
    "ajv, compiled once + hand-written compile",
    timing,
    1.5,
  );
}
