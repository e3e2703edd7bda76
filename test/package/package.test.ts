import { expect } from "chai";
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import packageJson from "../../package.json" with { type: "json" };
import serverJson from "../../server.json" with { type: "json" };
import { translate } from "../../src/index.js";
import { FORM_TOOL_NAME } from "../../src/server/index.js";
import { type Packed, type Tarball, packAndInstall } from "../support/packed.js";
import { IMPORTS, bundleSize } from "../../bench/figures/bundle-size.js";
import { currentSection, sizesSection } from "../../bench/sizes-doc.js";
import { launchBrowser } from "../support/browser.js";

/**
 * The package as a new user gets it: `npm pack`, installed into an empty project (its
 * dependencies from the npm cache that `npm ci` filled), then used from there: the CLI through
 * npx, the server, every entry point from Node, the root's declarations type-checked without
 * @types/node, and the root bundled for the browser and run.
 */
const root = process.cwd();
const fixtures = join(root, "test/fixtures/package");
const tsc = join(root, "node_modules/typescript/bin/tsc");
const example = join(root, "examples/report-template.data.json");

/**
 * Every name a declaration file exports, following its re-exports (`export * from`,
 * `export type * from`, `export { … } from`) through the installed declarations.
 */
function declaredExports(file: string, seen = new Set<string>()): Set<string> {
  const names = new Set<string>();
  if (seen.has(file)) return names;
  seen.add(file);
  const text = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
  const target = (from: string) => join(file, "..", from.replace(/\.js$/, ".d.ts"));
  for (const [, from] of text.matchAll(/^export (?:type )?\* from "([^"]+)";/gm))
    for (const name of declaredExports(target(from as string), seen)) names.add(name);
  for (const [, list] of text.matchAll(/^export (?:type )?\{([^}]*)\}/gm)) {
    for (const item of (list as string).split(",")) {
      const name = item
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.add(name);
    }
  }
  for (const [, name] of text.matchAll(
    /^export (?:declare )?(?:function|const|let|class|interface|type|enum|namespace) ([A-Za-z_$][\w$]*)/gm,
  ))
    names.add(name as string);
  return names;
}

function run(command: string, args: string[], cwd: string, input?: string) {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", input, timeout: 120_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("the packed package, installed into an empty project", function () {
  this.timeout(240_000);
  let packed: Packed;
  let dir: string;
  let consumer: string;
  let tarball: Tarball;
  let installWarnings: string;

  before(() => {
    packed = packAndInstall();
    ({ dir, consumer, tarball, installWarnings } = packed);
    for (const file of [
      "consumer.ts",
      "browser.ts",
      "node-check.mjs",
      "tsconfig.nodenext.json",
      "tsconfig.bundler.json",
    ])
      copyFileSync(join(fixtures, file), join(consumer, file));
    copyFileSync(example, join(consumer, "report-template.data.json"));
  });
  after(() => packed?.remove());

  it(
    "carries the library as modules and as Node bundles, no source maps, the LICENSE, the schemas and " + "server.json",
    () => {
      const paths = tarball.files.map((file) => file.path);
      expect(paths).to.include.members([
        "LICENSE",
        "README.md",
        "package.json",
        "server.json",
        "dist/index.js",
        "dist/dom/index.js",
        "dist/dom/style.css",
        "dist/mcp-app/index.js",
        "dist/mcp-app/form.html",
        "dist/vendor/valibot.js",
        "dist/node/index.js",
        "dist/node/server.js",
        "dist/cli.js",
        "dist/esm-only.cjs",
        "schemas/data-tool-input.schema.json",
      ]);
      expect(
        paths.filter((path) => path.endsWith(".map")),
        "source maps",
      ).to.deep.equal([]);
      expect(
        paths.filter((path) => path.startsWith("src/") || path.startsWith("generated/") || path.startsWith("test/")),
        "sources",
      ).to.deep.equal([]);
      // For bundlers: one module per source module of the browser entries, nothing bundled in.
      const modules = paths.filter(
        (path) =>
          path.startsWith("dist/") &&
          path.endsWith(".js") &&
          !/^dist\/(node|playground|vendor)\//.test(path) &&
          path !== "dist/cli.js",
      );
      const sources = modules.map((path) => path.replace(/^dist\//, "src/").replace(/\.js$/, ".ts"));
      for (const source of sources) expect(existsSync(join(root, source)), source).to.equal(true);
      expect(sources).to.include.members(["src/index.ts", "src/dom/index.ts", "src/model/validate-answers.ts"]);
      expect(
        sources.filter((source) => /^src\/(server|cli|playground)\//.test(source)),
        "Node-only modules",
      ).to.deep.equal([]);
      // For Node: each module of src/ is bundled once, shared code in chunks that the entries import.
      const bundles = paths.filter((path) => path === "dist/cli.js" || /^dist\/node\/.*\.js$/.test(path));
      const seen = new Map<string, string>();
      for (const bundle of bundles) {
        const bundled = new Set(
          [
            ...readFileSync(join(consumer, "node_modules/formgate", bundle), "utf8").matchAll(
              /^\/\/ (src\/\S+\.ts)$/gm,
            ),
          ].map((match) => match[1] as string),
        );
        for (const module of bundled) {
          expect(seen.get(module), `${module} bundled in ${bundle} and ${seen.get(module)}`).to.equal(undefined);
          seen.set(module, bundle);
        }
      }
      expect(seen.size).to.be.greaterThan(20);
    },
  );

  it("describes itself for the npm and MCP registries, in agreement", () => {
    expect(packageJson).to.include({ license: "MIT", mcpName: serverJson.name });
    expect(packageJson.repository.url).to.equal(`git+${serverJson.repository.url}.git`);
    expect(packageJson.keywords).to.include.members(["mcp", "elicitation", "forms"]);
    expect(serverJson.version).to.equal(packageJson.version);
    expect(serverJson.packages).to.deep.include.members([
      {
        ...serverJson.packages[0],
        registryType: "npm",
        identifier: packageJson.name,
        version: packageJson.version,
        transport: { type: "stdio" },
      },
    ]);
    expect(serverJson.packages[0]?.packageArguments).to.deep.equal([{ type: "positional", value: "serve" }]);
    expect(serverJson.description.length).to.be.at.most(100);
    expect(readFileSync(join(root, "LICENSE"), "utf8")).to.match(/^MIT License/);
  });

  it("runs npx formgate --version and translates the example", () => {
    const version = run("npx", ["formgate", "--version"], consumer);
    expect(version.stdout, version.stderr).to.equal(`${packageJson.version}\n`);
    const translated = run("npx", ["formgate", "translate", "--to", "native", "report-template.data.json"], consumer);
    expect(translated.status, translated.stderr).to.equal(0);
    const expected = translate(JSON.parse(readFileSync(example, "utf8")), { to: "native" });
    expect(expected.ok).to.equal(true);
    if (expected.ok) expect(JSON.parse(translated.stdout)).to.deep.equal(expected.value);
  });

  it("runs npx formgate serve, and an MCP client lists the form tool", async () => {
    const transport = new StdioClientTransport({
      command: "npx",
      args: ["formgate", "serve"],
      cwd: consumer,
      stderr: "pipe",
    });
    const client = new Client({ name: "package-test", version: "1" });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).to.deep.equal([FORM_TOOL_NAME]);
    } finally {
      await client.close();
    }
  });

  it("installs without a warning from formgate's manifest (no install script; esbuild's is in allowScripts)", () => {
    expect(installWarnings).to.equal("");
    expect(Object.keys(packageJson.scripts)).not.to.include.members([
      "prepare",
      "preinstall",
      "install",
      "postinstall",
    ]);
    const reviewed = run("npm", ["install-scripts", "ls"], root);
    expect(reviewed.stdout.trim(), reviewed.stderr).to.equal("No packages with unreviewed install scripts.");
  });

  it("lists in server.json every environment variable the server reads", () => {
    const read = new Set<string>();
    const files = readdirSync(join(root, "src/server"), { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".ts"))
      .map((file) => join(root, "src/server", file));
    for (const file of [...files, join(root, "src/cli/commands/serve.ts")])
      for (const [name] of readFileSync(file, "utf8").matchAll(/\b(?:FORMGATE|DATA_FORMS)_[A-Z_]+\b/g)) read.add(name);
    const listed = (serverJson.packages[0]?.environmentVariables ?? []).map((variable) => variable.name);
    expect([...listed].sort()).to.deep.equal([...read].sort());
  });

  describe("docs/server.md's host snippets, as written, started from another folder", () => {
    const doc = readFileSync(join(root, "docs/server.md"), "utf8");
    const section = doc.slice(doc.indexOf("## MCP client configuration"), doc.indexOf("### Which hosts advertise"));
    const snippets = [...section.matchAll(/```json\n([\s\S]*?)```/g)].map(
      (match) =>
        JSON.parse(match[1] as string) as Record<
          string,
          Record<string, { command: string; args: string[]; env?: Record<string, string> }>
        >,
    );

    it("has the Claude Desktop (mcpServers) and VS Code (servers) forms", () => {
      expect(snippets.map((snippet) => Object.keys(snippet))).to.deep.equal([["mcpServers"], ["servers"]]);
    });

    for (const [index, host] of ["Claude Desktop", "VS Code"].entries()) {
      it(`${host}: an MCP client starts the server from an unrelated folder and lists the tool`, async () => {
        const snippet = snippets[index] ?? {};
        const server = Object.values(snippet)[0]?.formgate;
        if (server === undefined) return expect.fail("no formgate entry");
        const elsewhere = mkdtempSync(join(tmpdir(), "formgate-host-"));
        const transport = new StdioClientTransport({
          command: server.command,
          args: server.args.map((arg) => arg.replace("/absolute/path/to/your-project", consumer)),
          env: { ...(process.env as Record<string, string>), ...server.env },
          cwd: elsewhere,
          stderr: "pipe",
        });
        const client = new Client({ name: "snippet-test", version: "1" });
        try {
          await client.connect(transport);
          const { tools } = await client.listTools();
          expect(tools.map((tool) => tool.name)).to.deep.equal([FORM_TOOL_NAME]);
        } finally {
          await client.close();
          rmSync(elsewhere, { recursive: true, force: true });
        }
      });
    }
  });

  it("ships the host sample (examples/host/), which runs against the installed package", () => {
    const tsx = join(root, "node_modules/tsx/dist/esm/index.mjs");
    const ran = run(
      process.execPath,
      ["--import", pathToFileURL(tsx).href, "node_modules/formgate/examples/host/host.ts"],
      consumer,
    );
    expect(ran.stderr).to.equal("");
    expect(ran.status).to.equal(0);
    expect(ran.stdout).to.include('show native form "brief"');
  });

  it("imports formgate, a protocol's subpath, formgate/server and formgate/schemas/*, and require()s formgate", () => {
    const checked = run(process.execPath, ["node-check.mjs"], consumer);
    expect(checked.status, checked.stderr).to.equal(0);
    expect(JSON.parse(checked.stdout)).to.deep.equal({
      translated: true,
      throughSubpaths: true,
      server: FORM_TOOL_NAME,
      serverType: "function",
      schemaTitle: "DataToolInput",
      requiredTranslate: "function",
    });
  });

  it("tells a Node.js without require(esm) what to do instead of failing obscurely", () => {
    const stub = join(consumer, "node_modules/formgate/dist/esm-only.cjs");
    const required = run(process.execPath, ["-e", `require(${JSON.stringify(stub)})`], consumer);
    expect(required.status).to.equal(1);
    expect(required.stderr).to.include("formgate is an ES module").and.include('await import("formgate")');
  });

  it("loads nothing outside itself (no MCP SDK, no node: module) when the root is imported", async () => {
    // What the root imports (its Node bundle and its modules), through its chunks: esbuild follows them and lists what
    // is left outside.
    const result = await build({
      entryPoints: [
        join(consumer, "node_modules/formgate/dist/node/index.js"),
        join(consumer, "node_modules/formgate/dist/index.js"),
        join(consumer, "node_modules/formgate/dist/dom/index.js"),
      ],
      outdir: join(dir, "imports"),
      bundle: true,
      platform: "node",
      format: "esm",
      packages: "external",
      write: false,
      metafile: true,
      logLevel: "silent",
    });
    const imports = Object.values(result.metafile.outputs).flatMap((output) =>
      output.imports.map((imported) => imported.path),
    );
    expect([...new Set(imports)]).to.deep.equal([]);
  });

  it(
    "formats nothing with the locale while importing (the first toLocaleString loads ICU data: 8 ms of every " +
      "start)",
    () => {
      const probe =
        `for (const [owner, name] of [[Number.prototype, "toLocaleString"], [Intl, "NumberFormat"], ` +
        `[Intl, "DateTimeFormat"], [String.prototype, "localeCompare"]]) {
      const original = owner[name];
      owner[name] = function (...args) { process.stdout.write(name + " "); return new.target ? new ` +
        `original(...args) : original.apply(this, args); };
    }
    await import("formgate");`;
      const ran = run(process.execPath, ["--input-type=module", "-e", probe], consumer);
      expect(ran.stderr).to.equal("");
      expect(ran.stdout, "locale calls during import").to.equal("");
    },
  );

  for (const resolution of ["nodenext", "bundler"]) {
    it(`type-checks a consumer of every root export without @types/node (${resolution} resolution)`, async () => {
      expect(existsSync(join(consumer, "node_modules/@types/node")), "@types/node installed in the consumer").to.equal(
        false,
      );
      const root = (await import(
        pathToFileURL(join(consumer, "node_modules/formgate/dist/node/index.js")).href
      )) as Record<string, unknown>;
      const values = Object.keys(root).sort();
      const declared = [...declaredExports(join(consumer, "node_modules/formgate/dist/types/src/index.d.ts"))].sort();
      expect(values).to.include.members([
        "translate",
        "translateAnswers",
        "validate",
        "readMessage",
        "createMessageReader",
        "bridgeAssistantMessage",
      ]);
      expect(declared, "every value export is declared").to.include.members(values);
      expect(declared).to.include.members([
        "FormModel",
        "Issue",
        "Result",
        "WireForm",
        "NativeRequestParams",
        "DataToolInput",
        "MessageSegment",
        "BridgedForm",
      ]);
      // Every declared name imported (a missing one is an error), every value used.
      writeFileSync(
        join(consumer, "every-export.ts"),
        `import type { ${declared.join(", ")} } from "formgate";\nimport * as formgate from "formgate";\n` +
          `export type { ${declared.join(", ")} };\nexport const everyValue = ` +
          `[${values.map((name) => `formgate.${name}`).join(", ")}] as const;\n`,
      );
      const checked = run(process.execPath, [tsc, "-p", `tsconfig.${resolution}.json`], consumer);
      expect(checked.stdout + checked.stderr).to.equal("");
      expect(checked.status).to.equal(0);
    });
  }

  describe("bundled for the browser with esbuild", () => {
    let bundle: string;
    let expected: string;
    before(async () => {
      const result = await build({
        entryPoints: [join(consumer, "browser.ts")],
        absWorkingDir: consumer,
        bundle: true,
        platform: "browser",
        format: "esm",
        write: false,
        metafile: true,
        logLevel: "silent",
      });
      expect(result.errors).to.deep.equal([]);
      bundle = result.outputFiles[0]?.text ?? "";
      const inputs = Object.keys(result.metafile.inputs);
      expect(
        inputs.filter((input) => input.includes("@modelcontextprotocol") || input.startsWith("node:")),
        "server code in the browser bundle",
      ).to.deep.equal([]);
      expected = JSON.stringify(translate(JSON.parse(readFileSync(example, "utf8")), { to: "native" }));
    });

    it("imports nothing at run time and translates the example (run by Node)", () => {
      expect(bundle).not.to.match(/^import /m);
      const file = join(dir, "browser-bundle.mjs");
      writeFileSync(file, bundle);
      const ran = run(process.execPath, [file], dir);
      expect(ran.stderr).to.equal("");
      expect(ran.stdout.trim()).to.equal(expected);
    });

    it("translates the example in a headless chromium (test/support/chromium.ts finds it)", async () => {
      const page = join(dir, "page.html");
      writeFileSync(
        page,
        `<!doctype html><html><body><pre id="out">not run</pre><script ` +
          `type="module">${bundle.replaceAll("</script", "<\\/script")}</script></body></html>`,
      );
      const browser = await launchBrowser();
      try {
        const tab = await browser.newPage();
        const errors: string[] = [];
        tab.on("pageerror", (error) => errors.push(error.message));
        await tab.goto(pathToFileURL(page).href);
        const out = tab.locator("#out");
        await out.filter({ hasNotText: "not run" }).waitFor();
        expect(errors).to.deep.equal([]);
        expect(await out.textContent()).to.equal(expected);
      } finally {
        await browser.close();
      }
    });
  });

  describe("bundled for the browser, it weighs what its modules do (tree-shaking; docs/package.md, Sizes)", () => {
    for (const goal of IMPORTS) {
      it(
        `${goal.name}: at most ${goal.ratio}× the same import from ` +
          `src/${goal.gzip === undefined ? "" : `, at most ${goal.gzip / 1000} KB gzip`}`,
        async () => {
          const dist = await bundleSize(goal.code, "dist", consumer);
          const src = await bundleSize(goal.code, "src", consumer);
          expect(dist.minified / src.minified, `${dist.minified} B against ${src.minified} B`).to.be.at.most(
            goal.ratio ?? 1,
          );
          if (goal.gzip !== undefined)
            expect(dist.gzip, "gzip bytes (docs/package.md, Sizes, says where the weight is)").to.be.at.most(goal.gzip);
        },
      );
    }

    it("docs/package.md's sizes are this tarball's and these bundles' (the benchmark writes them)", async () => {
      const bundles = [];
      for (const goal of IMPORTS)
        bundles.push({
          name: goal.name,
          dist: await bundleSize(goal.code, "dist", consumer),
          src: await bundleSize(goal.code, "src", consumer),
          goal,
        });
      const pack = { packed: tarball.size, unpacked: tarball.unpackedSize, files: tarball.files.length };
      const doc = readFileSync(new URL("../../docs/package.md", import.meta.url), "utf8");
      expect(currentSection(doc), "run `npm run bench -- --only size --write-docs`").to.equal(
        sizesSection(pack, bundles),
      );
    });

    it("readMessage leaves out what only streaming needs (the partial view of a form still arriving)", async () => {
      const bundled = (code: string) =>
        bundleSize(code, "dist", consumer).then(({ modules }) =>
          modules.map((module) => module.replace(/^.*\/dist\//, "")),
        );
      const partialView = "protocols/question-form/block/partial-view.js";
      expect(await bundled('export { readMessage } from "formgate";')).not.to.include(partialView);
      // The streaming reader does, so the path above names the module.
      expect(await bundled('export { createMessageReader } from "formgate";')).to.include(partialView);
    });
  });
});
