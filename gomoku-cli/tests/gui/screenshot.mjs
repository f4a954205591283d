// The README's picture of the web board (docs/gui.png): a Renju game against the engine with
// Black's forbidden point, a hint and a running analysis. `npm run screenshot` (after `npm ci`
// and `cargo build --release -p gomoku-cli`, with GOMOKU_BIN=target/release/gomoku so the engine
// searches at full speed); pass another path to write elsewhere. Debian's pngquant, if installed,
// shrinks the file.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { repoRoot, startBrowser, startServer } from "./harness.mjs";

const target = process.argv[2] || path.join(repoRoot, "docs/gui.png");
// Played by the engines; Black to move, and k6 is forbidden to Black (a double three).
const game = `# rule: renju
h8 g7 h6 i7 f7 h7 k7 i8 j9 i6 i5 g8 j5 f9 e10 g9 g10 g5 g6 e9 h9 d9 c9 d10 k5 l5 i4 c11
`;

const server = await startServer();
const browser = await startBrowser({ width: 1200, height: 800 });
try {
  const page = browser.page;
  await page.goto(server.url);
  await page.waitForFunction(() => document.getElementById("status").textContent.includes("to move"));
  await page.click("#settings-card summary");
  await page.selectOption("#set-white", "engine:normal");
  await page.selectOption("#set-rule", "renju");
  await page.click("#settings button[type=submit]");
  await page.waitForFunction(() => document.getElementById("white-name").textContent.includes("normal"));
  await page.click("#settings-card summary");
  await page.setInputFiles("#load-file", { name: "game.txt", mimeType: "text/plain", buffer: Buffer.from(game) });
  await page.waitForFunction(() => document.querySelectorAll("#board [data-stone]").length === 28);
  await page.click("#hint");
  await page.waitForFunction(() => document.querySelectorAll("#hint-list li").length > 0, null, { timeout: 60000 });
  await page.click("#analyze");
  await page.waitForFunction(() => {
    const depth = document.getElementById("a-depth").textContent;
    return depth !== "–" && parseInt(depth, 10) >= 8;
  }, null, { timeout: 60000 });
  await page.mouse.move(0, 0);
  await page.screenshot({ path: target });
  // Fewer colours make the picture a quarter of the size, where pngquant is installed.
  const quantized = spawnSync("pngquant", ["--quality", "70-90", "--speed", "1", "--force", "--output", target, target]);
  console.log(`wrote ${target}${quantized.status === 0 ? " (pngquant)" : ""}`);
} finally {
  await browser.close();
  await server.stop();
}
