import fc from "fast-check";

// Property tests without a seed of their own run with one fixed seed, so a CI run is
// reproducible; set FORMGATE_SEED to another number, or to "random", to explore them
// (`npm run fuzz` explores the readers at length).
const seed = process.env.FORMGATE_SEED ?? "20261130";
if (seed !== "random") fc.configureGlobal({ seed: Number(seed) });
