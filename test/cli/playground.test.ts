import { expect } from "chai";
import { createServer } from "node:net";
import { main } from "../../src/cli/main.js";
import { runCli } from "../support/cli.js";

/** Starts `formgate playground` in-process; resolves once it has printed its address. */
async function start(args: string[]) {
  const controller = new AbortController();
  let stdout = "";
  let stderr = "";
  let printed: () => void = () => {};
  const ready = new Promise<void>((resolve) => (printed = resolve));
  const io = {
    stdout: (text: string) => void ((stdout += text), printed()),
    stderr: (text: string) => void ((stderr += text), printed()),
    readInput: () => Promise.reject(new Error("no input")),
    env: {},
    signal: controller.signal,
  };
  const status = main(["playground", ...args], io);
  await Promise.race([ready, status]);
  return { status, stdout: () => stdout, stderr: () => stderr, stop: () => controller.abort() };
}

describe("formgate playground", () => {
  it("serves the built page on a free port, prints its address, and stops", async () => {
    const run = await start(["--port", "0"]);
    const match = /^formgate playground: (http:\/\/127\.0\.0\.1:\d+\/)\n$/.exec(run.stdout());
    expect(match, run.stdout() + run.stderr()).to.not.equal(null);
    const url = (match as RegExpExecArray)[1] as string;
    try {
      const page = await fetch(url);
      expect(page.status).to.equal(200);
      expect(page.headers.get("content-type")).to.equal("text/html; charset=utf-8");
      const html = await page.text();
      expect(html).to.contain('aria-label="Form source"').and.contain('<script defer src="app.js">');
      for (const [path, type] of [
        ["app.js", "text/javascript; charset=utf-8"],
        ["style.css", "text/css; charset=utf-8"],
      ]) {
        const file = await fetch(url + path);
        expect([file.status, file.headers.get("content-type")], path).to.deep.equal([200, type]);
      }
      // Only the page's own files: nothing else on the disk can be asked for.
      for (const path of ["package.json", "../package.json", "%2e%2e/package.json", "nope"])
        expect((await fetch(url + path)).status, path).to.equal(404);
      expect((await fetch(url, { method: "POST" })).status).to.equal(405);
    } finally {
      run.stop();
    }
    expect(await run.status).to.equal(0);
  });

  it("prints its address as JSON with --json, and binds the host it is given", async () => {
    const run = await start(["--port=0", "--host", "localhost", "--json"]);
    try {
      expect(JSON.parse(run.stdout()))
        .to.have.property("url")
        .that.matches(/^http:\/\/localhost:\d+\/$/);
    } finally {
      run.stop();
    }
    expect(await run.status).to.equal(0);
  });

  it("says so when the port is taken", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    try {
      const port = (taken.address() as { port: number }).port;
      const run = await start(["--port", String(port)]);
      expect(await run.status).to.equal(1);
      expect(run.stderr()).to.match(/^formgate playground: could not start: .*EADDRINUSE/);
    } finally {
      taken.close();
    }
  });

  for (const [args, message] of [
    [["--port", "65536"], '--port must be a whole number from 0 to 65535, got "65536"'],
    [["--port", "80a"], '--port must be a whole number from 0 to 65535, got "80a"'],
    [["form.json"], 'playground takes no FILE, got "form.json"'],
    [["--open"], "unknown option --open"],
  ] as const) {
    it(`rejects ${args.join(" ")} as a usage error`, async () => {
      const run = await runCli(["playground", ...args]);
      expect(run.status).to.equal(2);
      expect(run.stderr).to.contain(`formgate playground: ${message}`).and.contain("Usage: formgate playground");
    });
  }

  it("is listed in the help, and has its own", async () => {
    expect((await runCli(["--help"])).stdout).to.match(/^ {2}playground +serve the playground page/m);
    const help = await runCli(["playground", "--help"]);
    expect([help.status, help.stdout.split("\n")[0]]).to.deep.equal([
      0,
      "Usage: formgate playground [--port N] [--host H] [--json]",
    ]);
  });
});
