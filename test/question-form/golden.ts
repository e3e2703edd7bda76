import type { ReadMessageResult } from "../../src/protocols/question-form/index.js";

/** The readable golden view of a read message: segment kinds and places, models, issue codes. */
export function goldenView(result: ReadMessageResult): unknown {
  return {
    segments: result.segments.map((segment) => {
      const where = `${segment.kind} @${segment.line}:${segment.column} [${segment.start}, ${segment.end})`;
      if (segment.kind === "prose") return where;
      if (segment.kind === "form")
        return {
          at: where,
          form: segment.form,
          warnings: segment.warnings.map((w) => `${w.line}:${w.column} ${w.code}: ${w.message}`),
        };
      return {
        at: where,
        issues: segment.issues.map((i) => `${i.severity} ${i.line}:${i.column} ${i.code}: ${i.message}`),
      };
    }),
    warnings: result.warnings.map((w) => `${w.line}:${w.column} ${w.code}`),
  };
}
