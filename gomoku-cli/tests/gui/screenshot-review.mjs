// The docs' picture of a game review (docs/review.png): the evaluation graph under the board and
// browse mode on the first blunder (or mistake), with the engine's better move ringed.
// `npm run screenshot:review` (after `npm ci` and a build, as for screenshot.mjs); pass another
// path to write elsewhere. Debian's pngquant, if installed, shrinks the file.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { repoRoot, startBrowser, startServer } from "./harness.mjs";

const target = process.argv[2] || path.join(repoRoot, "docs/review.png");
// A freestyle game between a person and engine:easy, won by the engine after Black's slips.
const game = `# rule: freestyle
h8 i9 i8 g8 j7 k6 j9 j8 h10 g11 h9 h7 h11 h12 i10 k8 l8 g10 g9 f10 e10 f9 e8 f11 f12 f8
`;

const server = await startServer();
const browser = await startBrowser({ width: 1200, height: 860 });
try {
  const page = browser.page;
  await page.goto(server.url);
  await page.waitForFunction(() => document.getElementById("status").textContent.includes("to move"));
  await page.click("#settings-card summary");
  await page.selectOption("#set-white", "engine:easy");
  await page.click("#settings button[type=submit]");
  await page.waitForFunction(() => document.getElementById("white-name").textContent.includes("easy"));
  await page.click("#settings-card summary");
  await page.setInputFiles("#load-file", { name: "game.txt", mimeType: "text/plain", buffer: Buffer.from(game) });
  await page.waitForFunction(() => document.querySelectorAll("#board [data-stone]").length === 26);
  await page.click("#review-button");
  await page.waitForFunction(() => document.querySelectorAll("#review [data-review-ply]").length === 26, null, { timeout: 120000 });
  const marked = await page.locator("#review [data-mark]").evaluateAll((gs) => gs.map((g) => [Number(g.getAttribute("data-review-ply")), g.getAttribute("data-mark")]));
  const pick = marked.find(([, m]) => m === "blunder") || marked.find(([, m]) => m === "mistake") || [12];
  await page.click(`#review [data-review-ply="${pick[0]}"]`);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: target });
  const quantized = spawnSync("pngquant", ["--quality", "70-90", "--speed", "1", "--force", "--output", target, target]);
  console.log(`wrote ${target} (browsing move ${pick[0]})${quantized.status === 0 ? " (pngquant)" : ""}`);
} finally {
  await browser.close();
  await server.stop();
}
