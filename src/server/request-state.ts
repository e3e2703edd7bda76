import { createHash, randomBytes } from "node:crypto";
import { createRequestStateCodec, type RequestStateCodec } from "@modelcontextprotocol/server";
import type { StateKeys } from "./config.js";
import type { FormPathName } from "./form-paths.js";

/**
 * What a modern (2026-07-28) first round leaves with the client, signed: which arguments
 * it answered (a digest), when the form ends, and which protocol carried the form. The
 * codec signs but does not encrypt, so nothing here may be secret: the digest only says
 * "these arguments", the rest is what the client already knows.
 */
export interface FormState {
  /** SHA-256 of the arguments in canonical JSON (keys sorted), base64url. */
  args: string;
  /** Epoch milliseconds after which the answer is a `timeout`. */
  deadline: number;
  /** The protocol the input request was written in, so the retry reads the answer with it. */
  path: FormPathName;
}

/**
 * The verdict on an echoed `requestState`. The SDK answers a rejected state with a
 * JSON-RPC error the model never sees; formgate's verify hook never rejects, it returns
 * this, and the tool turns a bad verdict into a Data tool error result.
 */
export type StateVerdict =
  | { ok: true; state: FormState }
  | { ok: false; reason: "expired" | "unverified" | "malformed" };

/** Signs form states with the current key and verifies them with every key held. */
export interface StateSealer {
  seal(state: FormState): Promise<string>;
  verify(wire: string): Promise<StateVerdict>;
}

/**
 * Without keys, one random key for this process. The state's lifetime is the form timeout. The codec counts whole
 * seconds, so it gets
 * one second more than the timeout rounded up, and the deadline inside the state is
 * checked to the millisecond.
 */
export function createStateSealer(keys: StateKeys | undefined, timeoutMs: number): StateSealer {
  const ttlSeconds = Math.ceil(timeoutMs / 1000) + 1;
  const current = keys?.current ?? new Uint8Array(randomBytes(32));
  const codecs: RequestStateCodec<FormState>[] = [current, ...(keys?.previous ?? [])].map((key) =>
    createRequestStateCodec<FormState>({ key, ttlSeconds }),
  );
  const [signer] = codecs as [RequestStateCodec<FormState>];
  return {
    seal: (state) => signer.mint(state),
    async verify(wire) {
      for (const codec of codecs) {
        let state: FormState;
        try {
          // No handler context: the codec has no bind callback, the arguments' digest is the binding.
          state = await codec.verify(wire, undefined as never);
        } catch (error) {
          const reason = error instanceof Error ? error.message : "";
          if (reason === "mac") continue; // another key may have signed it
          return { ok: false, reason: reason === "expired" ? "expired" : "malformed" };
        }
        if (!isFormState(state)) return { ok: false, reason: "malformed" };
        return { ok: true, state };
      }
      return { ok: false, reason: "unverified" };
    },
  };
}

/**
 * The digest that binds a state to the arguments of its call. It recurses through them:
 * call it only on arguments the Data contract has read (depth-checked).
 */
export function argumentsDigest(args: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify(args, sortedKeys) ?? "null")
    .digest("base64url");
}

/**
 * JSON with object keys sorted, so a client that reorders keys on the retry still matches.
 * A replacer keeps the serialization native; objects already in order (most) are not copied.
 */
function sortedKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  let ordered = true;
  for (let i = 1; i < keys.length && ordered; i++) ordered = (keys[i - 1] as string) < (keys[i] as string);
  if (ordered) return value;
  // No prototype: a "__proto__" key stays a key.
  const copy = Object.create(null) as Record<string, unknown>;
  for (const key of keys.sort()) copy[key] = (value as Record<string, unknown>)[key];
  return copy;
}

function isFormState(value: unknown): value is FormState {
  if (value === null || typeof value !== "object") return false;
  const state = value as Record<string, unknown>;
  return (
    typeof state.args === "string" &&
    typeof state.deadline === "number" &&
    (state.path === "native" || state.path === "mcp")
  );
}
