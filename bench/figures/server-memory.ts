import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { type Row, value } from "../report.js";

const NOTHING_HELD = 1024 * 1024;

interface Run {
  count: number;
  before: number;
  after: number;
  mid?: number;
  rssBefore?: number;
  rssAfter?: number;
  rssPeak?: number;
  held?: number;
  refused?: number;
}

function measure(what: string, count: number): Run {
  const child = fileURLToPath(new URL("./server-memory-child.ts", import.meta.url));
  const output = execFileSync(process.execPath, ["--expose-gc", "--import", "tsx", child, what, String(count)], {
    encoding: "utf8",
    maxBuffer: 1 << 20,
  });
  return JSON.parse(output.trim().split("\n").pop() as string) as Run;
}

/**
 * What the server holds between requests, in its own process: modern first rounds never
 * retried (goal: nothing, the state travels with the client), pending 2025-era forms and idle
 * 2025-era HTTP sessions (reported per form and per session; bounded by the timeout, the idle
 * expiry and the session cap).
 */
export function serverMemory(count = 10_000): Row[] {
  const modern = measure("first-rounds", count);
  const pending = measure("pending", count);
  const sessions = measure("idle-sessions", count);
  const floodCalls = 500;
  const flood = measure("flood", floodCalls);
  const growth = (run: Run) => run.after - run.before;
  const perSession = growth(sessions) / count;
  // Per round: the growth over the second N rounds, after the first N warmed everything up.
  const perRound = (modern.after - (modern.mid ?? modern.before)) / count;
  const rssPerSession = ((sessions.rssAfter ?? 0) - (sessions.rssBefore ?? 0)) / count;
  return [
    {
      figure: `heap held by ${(2 * count).toLocaleString("en")} 2026-07-28 first rounds never retried`,
      reference: "heap before",
      formgate: modern.after,
      referenceValue: modern.before,
      unit: "bytes",
      ratio: growth(modern) / NOTHING_HELD,
      goal: "nothing held (< 1 MiB)",
      met: growth(modern) < NOTHING_HELD,
      note:
        `grew by ${value(growth(modern), "bytes")} in all, ${value(Math.max(0, perRound), "bytes")} per round ` +
        `over the second ${count.toLocaleString("en")} (the state is with the client; the first rounds warm up ` +
        `code and caches)`,
    },
    {
      figure:
        `heap held by ${count.toLocaleString("en")} pending 2025-era elicitations (server and SDK 1.x client ` +
        `in one process)`,
      reference: "heap before",
      formgate: pending.after,
      referenceValue: pending.before,
      unit: "bytes",
      ratio: 0,
      goal: "reported",
      met: true,
      note:
        `${value(growth(pending) / count, "bytes")} per pending form (the 12-question form is ~94 KB of JSON); ` +
        `each ends by DATA_FORMS_TIMEOUT_MS at the latest`,
    },
    {
      figure: `heap held by ${count.toLocaleString("en")} idle 2025-era HTTP sessions`,
      reference: "heap before",
      formgate: sessions.after,
      referenceValue: sessions.before,
      unit: "bytes",
      ratio: 0,
      goal: "reported",
      met: true,
      note:
        `${value(perSession, "bytes")} of heap (${value(rssPerSession, "bytes")} resident) per idle session; ` +
        `bounded by --max-sessions (1000 by default) and FORMGATE_SESSION_IDLE_MS`,
    },
    {
      figure:
        `resident memory under one session's flood of ${floodCalls.toLocaleString("en")} calls ` +
        `with ~1 MB forms, each stream dropped (issue 22, finding 1)`,
      reference: "resident before the flood",
      formgate: flood.rssPeak ?? 0,
      referenceValue: flood.rssBefore ?? 0,
      unit: "bytes",
      ratio: (flood.rssPeak ?? 0) / (flood.rssBefore ?? 1),
      goal: "the process lives (before the bounds: out of heap, SIGABRT)",
      met: true,
      note:
        `peak ${value(flood.rssPeak ?? 0, "bytes")}, ${value(flood.rssAfter ?? 0, "bytes")} after; ` +
        `${flood.held} forms held at the end (the per-session byte bound, 16 MiB), ` +
        `${flood.refused} calls refused with transport_error naming it`,
    },
  ];
}
