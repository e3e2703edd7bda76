/** The bundled examples (src/playground/examples.json), their text inlined by scripts/build-playground.mjs. */
declare module "playground:examples" {
  export const examples: { title: string; text: string }[];
}
