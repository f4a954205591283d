// The web board in a real browser: `gomoku gui` driven through headless Chromium by clicks, as a
// person would play it. Run with `npm test` here (after `npm ci` and
// `cargo build --profile test -p gomoku-cli`).
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startBrowser, startServer } from "./harness.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, "out");
const TEST_TIMEOUT = 120000;

let server;
let browser;

before(async () => {
  mkdirSync(out, { recursive: true });
  server = await startServer();
  browser = await startBrowser();
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

/** A new tab with the board loaded (each tab plays its own game). */
async function openBoard() {
  const page = await browser.context.newPage();
  page.errors = [];
  page.on("pageerror", (e) => page.errors.push(e.message));
  page.on("console", (m) => { if (m.type() === "error") page.errors.push(m.text()); });
  await page.goto(server.url);
  await page.waitForFunction(() => document.querySelectorAll("#board [data-point]").length >= 25);
  await page.waitForFunction(() => document.getElementById("status").textContent.includes("to move"));
  return page;
}

/** Starts a new game from the settings form. */
async function newGame(page, { black, white, rule = "freestyle", size = 15, time = "100", opening = "free" }) {
  const details = page.locator("#settings-card");
  if (!(await details.evaluate((d) => d.open))) await page.click("#settings-card summary");
  await page.selectOption("#set-black", black);
  await page.selectOption("#set-white", white);
  await page.selectOption("#set-rule", rule);
  await page.selectOption("#set-size", String(size));
  await page.selectOption("#set-time", time);
  await page.selectOption("#set-opening", opening);
  // The server's answer, not the board, says the game started: engines may move at once.
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/new") && r.request().method() === "POST"),
    page.click("#settings button[type=submit]"),
  ]);
  assert.equal(response.status(), 200);
  const game = await response.json();
  assert.deepEqual([game.black, game.white, game.rule, game.size, game.opening.rule], [black, white, rule, size, opening]);
  // An engine that opens a swap game places its three stones at once.
  if (opening === "free" || black === "human") assert.equal(game.moves.length, 0);
  await page.waitForFunction((n) => document.querySelectorAll("#board [data-point]").length === n * n, size);
}

/** Closes a tab, failing on any script error it had. */
async function closeBoard(page, allowed = /$^/) {
  await page.close();
  const errors = page.errors.filter((e) => !allowed.test(e));
  assert.deepEqual(errors, [], "no script errors");
}

/** The console line of a refused request (the page shows its message). */
const REFUSED = /status of 422/;

const stoneCount = (page, color) =>
  page.locator(color ? `#board [data-stone="${color}"]` : "#board [data-stone]").count();
const status = (page) => page.locator("#status").textContent();

describe("gomoku gui in Chromium", () => {
  test("a game by clicks against the engine, then undo and redo", { timeout: TEST_TIMEOUT }, async () => {
    const page = await openBoard();
    await newGame(page, { black: "human", white: "engine:beginner" });
    assert.equal(await status(page), "Black to move");
    // Black plays the first empty point of a fixed order (rows from the bottom), so the
    // engine wins or Black completes a row: either way the game ends.
    const order = [];
    for (let row = 1; row <= 15; row++) for (const col of "abcdefghijklmno") order.push(`${col}${row}`);
    let moves = 0;
    for (let turn = 0; turn < 60; turn++) {
      if (/wins|draw/.test(await status(page))) break;
      let point = null;
      for (const p of order) {
        const stone = await page.locator(`[data-point="${p}"]`).getAttribute("data-stone");
        if (stone === null) { point = p; break; }
      }
      assert.ok(point, "an empty point remains");
      const before = await stoneCount(page);
      await page.click(`[data-point="${point}"]`);
      await page.waitForFunction((n) => {
        const s = document.getElementById("status").textContent;
        const stones = document.querySelectorAll("#board [data-stone]").length;
        return /wins|draw/.test(s) || (stones === n + 2 && s === "Black to move");
      }, before, { timeout: 20000 });
      assert.equal(await page.locator(`[data-point="${point}"]`).getAttribute("data-stone"), "black");
      moves = await stoneCount(page);
    }
    const final = await status(page);
    const won = final.match(/^(Black|White) wins with ((?:[a-o]\d+ ?)+)$/);
    assert.ok(won, `the game ended with a win: "${final}"`);
    const winner = won[1].toLowerCase();
    const line = won[2].trim().split(" ");
    assert.ok(line.length >= 5);

    // The stones on the board agree with the counts in the panel and alternate colours.
    const black = await stoneCount(page, "black");
    const white = await stoneCount(page, "white");
    assert.equal(black + white, moves);
    assert.equal(await page.locator("#black-count").textContent(), String(black));
    assert.equal(await page.locator("#white-count").textContent(), String(white));
    assert.ok(black - white === 0 || black - white === 1, `${black} black, ${white} white`);
    // The winning line is highlighted: its points, all of the winner's colour.
    const highlighted = await page.locator("#board [data-win]").evaluateAll(
      (gs) => gs.map((g) => [g.getAttribute("data-point"), g.getAttribute("data-stone")]));
    assert.deepEqual(highlighted.map(([p]) => p).sort(), [...line].sort());
    assert.ok(highlighted.every(([, c]) => c === winner));
    assert.equal(await page.locator("#board [data-last]").count(), 1);

    const shot = path.join(out, "game-over.png");
    await page.screenshot({ path: shot });
    assert.ok(statSync(shot).size > 20000, "the screenshot has content");

    // Undo: back to Black's turn (against the engine, its reply goes too).
    await page.click("#undo");
    await page.waitForFunction(() => document.getElementById("status").textContent === "Black to move");
    const afterUndo = await stoneCount(page);
    assert.equal(afterUndo, winner === "white" ? moves - 2 : moves - 1);
    assert.equal(await page.locator("#board [data-win]").count(), 0);
    assert.equal(await stoneCount(page, "black"), await stoneCount(page, "white"));
    // Redo: the same end again.
    await page.click("#redo");
    await page.waitForFunction((s) => document.getElementById("status").textContent === s, final);
    assert.equal(await stoneCount(page), moves);
    await closeBoard(page);
  });

  test("two people under Renju: Black's forbidden points are marked and refused", { timeout: TEST_TIMEOUT }, async () => {
    const page = await openBoard();
    await newGame(page, { black: "human", white: "human", rule: "renju" });
    for (const p of ["g6", "a1", "g7", "a3", "e8", "a5", "f8", "a7"]) {
      const before = await stoneCount(page);
      await page.click(`[data-point="${p}"]`);
      await page.waitForFunction((n) => document.querySelectorAll("#board [data-stone]").length === n + 1, before);
    }
    assert.equal(await page.locator('[data-point="g8"]').getAttribute("data-forbidden"), "");
    assert.equal(await page.locator("#black-count").textContent(), "4");
    assert.equal(await page.locator("#white-count").textContent(), "4");
    await page.click('[data-point="g8"]');
    await page.waitForFunction(() => !document.getElementById("message").hidden);
    assert.match(await page.locator("#message").textContent(), /forbidden/);
    assert.equal(await page.locator('[data-point="g8"]').getAttribute("data-stone"), null);
    assert.equal(await status(page), "Black to move");
    // Undo between two people takes back one move.
    await page.click("#undo");
    await page.waitForFunction(() => document.getElementById("status").textContent === "White to move");
    assert.equal(await stoneCount(page), 7);
    await closeBoard(page, REFUSED);
  });

  test("records: upload a PSQ file, download SGF, refuse a broken file", { timeout: TEST_TIMEOUT }, async () => {
    const page = await openBoard();
    await newGame(page, { black: "human", white: "human" });
    const psq = "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,7,0\n8,7,0\n-1\n";
    await page.setInputFiles("#load-file", { name: "game.psq", mimeType: "text/plain", buffer: Buffer.from(psq) });
    await page.waitForFunction(() => document.querySelectorAll("#board [data-stone]").length === 3);
    // PSQ counts rows from the top: 8,8 is h8, 9,7 is i9, 8,7 is h9.
    assert.equal(await page.locator('[data-point="h8"]').getAttribute("data-stone"), "black");
    assert.equal(await page.locator('[data-point="i9"]').getAttribute("data-stone"), "white");
    assert.equal(await page.locator('[data-point="h9"]').getAttribute("data-number"), "3");
    assert.equal(await status(page), "White to move");

    await page.selectOption("#save-format", "sgf");
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("#save")]);
    const saved = path.join(out, "saved.sgf");
    await download.saveAs(saved);
    const sgf = readFileSync(saved, "utf8");
    assert.match(sgf, /;B\[hh\];W\[ig\];B\[hg\]/, sgf);

    await page.setInputFiles("#load-file", { name: "broken.sgf", mimeType: "text/plain", buffer: Buffer.from("(;GM[4]SZ[15];B[hh];W[hh])") });
    await page.waitForFunction(() => !document.getElementById("message").hidden);
    assert.match(await page.locator("#message").textContent(), /not a valid SGF record/);
    assert.equal(await stoneCount(page), 3, "a refused file leaves the game as it was");
    await closeBoard(page, REFUSED);
  });

  test("hint, live analysis and stop; tabs keep their own games", { timeout: TEST_TIMEOUT }, async () => {
    const page = await openBoard();
    await newGame(page, { black: "human", white: "human" });
    for (const p of ["h8", "i9", "h9", "i10", "h10"]) {
      const before = await stoneCount(page);
      await page.click(`[data-point="${p}"]`);
      await page.waitForFunction((n) => document.querySelectorAll("#board [data-stone]").length === n + 1, before);
    }
    // White must stop Black's open three on the h-file: the hint says where.
    await page.click("#hint");
    await page.waitForFunction(() => document.querySelectorAll("#hint-list li").length > 0, null, { timeout: 30000 });
    const hinted = await page.locator("#board [data-hint]").evaluateAll((gs) => gs.map((g) => g.getAttribute("data-point")));
    assert.ok(hinted.length >= 1);
    assert.ok(hinted.includes("h11") || hinted.includes("h7"), `hint marks ${hinted}`);

    // Analysis: live depth and line while the engine thinks; Stop ends it.
    await page.click("#analyze");
    await page.waitForFunction(() => document.getElementById("a-depth").textContent !== "–"
      && document.querySelectorAll("#pv .chip").length > 0, null, { timeout: 30000 });
    assert.ok((await page.locator("#board [data-pv]").count()) >= 1, "the line is drawn on the board");
    if (!(await page.locator("#stop").isDisabled())) await page.click("#stop");
    // A debug-build engine can take a while to wind down its threat checks after Stop.
    await page.waitForFunction(() => document.getElementById("analysis-source").textContent.startsWith("Analysis for White"), null, { timeout: 30000 });

    // A second tab has a game of its own.
    const other = await openBoard();
    assert.equal(await stoneCount(other), 0);
    await other.click('[data-point="a1"]');
    // The server may still be winding the first tab's analysis down (debug build, busy CI).
    await other.waitForFunction(() => document.querySelectorAll("#board [data-stone]").length >= 1, null, { timeout: 30000 });
    assert.equal(await stoneCount(page), 5);
    await closeBoard(other);
    await closeBoard(page);
  });

  test("swap2: a person opens and the engine chooses; the engine opens and a person chooses", { timeout: TEST_TIMEOUT }, async () => {
    const page = await openBoard();
    await newGame(page, { black: "human", white: "engine:beginner", opening: "swap2" });
    assert.match(await status(page), /^Swap2, first player \(human\): place opening stone 1 of 3 \(Black\)$/);
    assert.match(await page.locator("#opening-rule").textContent(), /places two more/);
    for (const p of ["h8", "i9", "f7"]) {
      const before = await stoneCount(page);
      await page.click(`[data-point="${p}"]`);
      await page.waitForFunction((n) => document.querySelectorAll("#board [data-stone]").length === n + 1, before);
    }
    assert.equal(await page.locator('[data-point="i9"]').getAttribute("data-stone"), "white");
    // The engine chooses by its search; the panel then tells the opening's story.
    await page.waitForFunction(() => / took (Black|White)/.test(document.getElementById("opening-rule").textContent), null, { timeout: 30000 });
    await page.waitForFunction(() => /^(Black|White) to move$/.test(document.getElementById("status").textContent), null, { timeout: 30000 });
    assert.ok(await page.locator("#opening-choice").isHidden());

    await newGame(page, { black: "engine:beginner", white: "human", opening: "swap2" });
    await page.waitForFunction(() => document.querySelectorAll("#board [data-stone]").length === 3);
    await page.locator("#choose-two").waitFor({ state: "visible" });
    assert.match(await status(page), /second player \(human\): take Black or White, or place two more stones/);
    // A stone where a choice is due is refused with a message.
    await page.click('[data-point="a1"]');
    await page.waitForFunction(() => !document.getElementById("message").hidden);
    assert.match(await page.locator("#message").textContent(), /Choose a colour first/);
    await page.click("#choose-white");
    await page.waitForFunction(() => document.getElementById("status").textContent === "White to move");
    assert.ok(await page.locator("#opening-choice").isHidden());
    assert.equal(await page.locator("#white-name").textContent(), "Human");
    await page.click('[data-point="j10"]');
    await page.waitForFunction(() => document.querySelectorAll("#board [data-stone]").length === 5, null, { timeout: 30000 });
    await closeBoard(page);
  });

  test("review: the graph under the board, browse mode and playing on", { timeout: TEST_TIMEOUT }, async () => {
    const page = await openBoard();
    await newGame(page, { black: "human", white: "human" });
    // White answers sensibly until Black's four on row 8 (g8 closes one end), then looks away:
    // a blunder at any search depth (the moves before leave nothing forced, so a deeper search
    // cannot find the game lost earlier).
    const game = ["h8", "h9", "i8", "i9", "j8", "g8", "k8", "a1"];
    for (const p of game) {
      const before = await stoneCount(page);
      await page.click(`[data-point="${p}"]`);
      await page.waitForFunction((n) => document.querySelectorAll("#board [data-stone]").length === n + 1, before);
    }
    const started = Date.now();
    await page.click("#review-button");
    await page.waitForFunction(() => /Reviewing|Black:/.test(document.getElementById("review-progress").textContent));
    await page.waitForFunction((n) => document.querySelectorAll("#review [data-review-ply]").length === n, game.length, { timeout: 60000 });
    assert.ok(Date.now() - started < 60000, "the review takes less than a minute");
    assert.match(await page.locator("#review-progress").textContent(), /^Black: .* White: .*blunder/);
    const marks = await page.locator("#review [data-mark]").evaluateAll((gs) => gs.map((g) => [g.getAttribute("data-review-ply"), g.getAttribute("data-mark")]));
    assert.ok(marks.some(([, m]) => m === "blunder"), `marks ${JSON.stringify(marks)}`);
    assert.ok(marks.every(([, m]) => ["inaccuracy", "mistake", "blunder"].includes(m)));

    // Ply 2: the board after two moves, the second one last.
    await page.click('#review [data-review-ply="2"]');
    await page.waitForFunction(() => document.querySelectorAll("#board [data-stone]").length === 2);
    assert.equal(await page.locator('[data-point="h9"]').getAttribute("data-last"), "");
    assert.equal(await page.locator('[data-point="i8"]').getAttribute("data-stone"), null);
    assert.match(await page.locator("#browse-info").textContent(), /^Move 2 of 8: h9 \(White\)/);
    // The arrows step, and a blundered move shows the engine's better one.
    await page.keyboard.press("ArrowRight");
    await page.waitForFunction(() => document.querySelectorAll("#board [data-stone]").length === 3);
    const blunder = Number(marks.find(([, m]) => m === "blunder")[0]);
    await page.click(`#review [data-review-ply="${blunder}"]`);
    await page.waitForFunction((n) => document.querySelectorAll("#board [data-stone]").length === n, blunder);
    assert.equal(await page.locator("#board [data-better]").count(), 1, "the better move is shown");
    const shot = path.join(out, "review.png");
    await page.screenshot({ path: shot });
    // Esc returns to the game.
    await page.keyboard.press("Escape");
    await page.waitForFunction((n) => document.querySelectorAll("#board [data-stone]").length === n, game.length);
    assert.ok(await page.locator("#browse-bar").isHidden());

    // Playing on from move 4 asks first, then takes the later moves back.
    await page.click('#review [data-review-ply="4"]');
    page.once("dialog", (d) => d.accept());
    await page.click('[data-point="h11"]');
    await page.waitForFunction(() => document.querySelectorAll("#board [data-stone]").length === 5);
    assert.equal(await page.locator('[data-point="h11"]').getAttribute("data-number"), "5");
    assert.ok(await page.locator("#review-area").isHidden(), "the review went with the old game");
    assert.equal(await status(page), "White to move");
    await closeBoard(page);
  });

  test("two engines play each other on 20x20 until paused", { timeout: TEST_TIMEOUT }, async () => {
    const page = await openBoard();
    await newGame(page, { black: "engine:beginner", white: "engine:beginner", size: 20 });
    assert.equal(await page.locator('[data-point="t20"]').count(), 1);
    await page.waitForFunction(() => document.querySelectorAll("#board [data-stone]").length >= 4, null, { timeout: 30000 });
    await page.click("#pause");
    await page.waitForFunction(() => document.getElementById("status").textContent.startsWith("Paused"));
    const paused = await stoneCount(page);
    await page.waitForTimeout(1200);
    assert.equal(await stoneCount(page), paused, "no move while paused");
    await page.click("#pause");
    await page.waitForFunction((n) => document.querySelectorAll("#board [data-stone]").length > n, paused, { timeout: 30000 });
    await closeBoard(page);
  });
});
