// Starts `gomoku gui` on a free port and a headless Chromium (Debian's package) with a fresh
// profile, for the browser test and the README screenshot. Every wait is bounded: a broken
// server or browser fails with a message instead of hanging.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, "../../..");

/** The `gomoku` binary: $GOMOKU_BIN, else the debug build of this checkout. */
export function gomokuBinary() {
  const bin = process.env.GOMOKU_BIN || path.join(repoRoot, "target/debug/gomoku");
  if (!existsSync(bin)) {
    throw new Error(`no gomoku binary at ${bin}: run \`cargo build --profile test -p gomoku-cli\` or set GOMOKU_BIN`);
  }
  return bin;
}

/** The browser: $CHROMIUM, else Debian's /usr/bin/chromium. */
export function chromiumPath() {
  const exe = process.env.CHROMIUM || "/usr/bin/chromium";
  if (!existsSync(exe)) {
    throw new Error(`no Chromium at ${exe}: apt-get install chromium, or set CHROMIUM`);
  }
  return exe;
}

/** Starts `gomoku gui --port 0` and resolves with `{ url, stop }` once it prints its address. */
export function startServer({ timeoutMs = 20000 } = {}) {
  const child = spawn(gomokuBinary(), ["gui", "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  // If this process is stopped (a CI time-out), the server goes with it.
  const killServer = () => child.kill("SIGKILL");
  process.once("exit", killServer);
  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.once(signal, () => { killServer(); process.exit(1); });
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`gomoku gui printed no address within ${timeoutMs} ms; output:\n${output}`));
    }, timeoutMs);
    const onData = (chunk) => {
      output += chunk;
      const match = output.match(/serving the board at (http:\/\/\S+\/)/);
      if (match) {
        clearTimeout(timer);
        resolve({
          url: match[1],
          output: () => output,
          stop: () => new Promise((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once("exit", () => done());
            child.kill("SIGTERM");
            setTimeout(() => child.kill("SIGKILL"), 3000).unref();
          }),
        });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (chunk) => { output += chunk; });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`gomoku gui exited (${code ?? signal}) before serving; output:\n${output}`));
    });
    child.once("error", (e) => { clearTimeout(timer); reject(e); });
  });
}

/** A headless Chromium with a fresh profile; resolves with `{ context, page, close }`. */
export async function startBrowser({ width = 1280, height = 820 } = {}) {
  const profile = mkdtempSync(path.join(tmpdir(), "gomoku-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    timeout: 30000,
    acceptDownloads: true,
    viewport: { width, height },
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  context.setDefaultTimeout(15000);
  const page = context.pages()[0] || (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close().catch(() => {});
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
