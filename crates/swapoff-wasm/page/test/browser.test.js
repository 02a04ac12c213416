// The page in a real browser: Debian's Chromium (CHROMIUM, default /usr/bin/chromium),
// driven by playwright-core, opens dist/index.html from disk, enters FENs from the
// repository's fixtures and reads what the page shows: every capture's SEE and the
// hanging pieces, compared with `seeswap scan`'s rows (SEESWAP names the tool), then a
// chosen capture's exchange, drawn on the board, against `seeswap eval --trace`. A
// screenshot goes to PAGE_SCREENSHOT (default dist/screenshot.png).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { serve } from "./app.js";
import { launch } from "./chromium.js";

const here = fileURLToPath(new URL("..", import.meta.url));
const root = fileURLToPath(new URL("../../../..", import.meta.url));
const seeswap = process.env.SEESWAP;
if (!seeswap) throw new Error("set SEESWAP to the seeswap binary (cargo build -p swapoff-cli)");
const page = `file://${here}dist/index.html`;
if (!existsSync(`${here}dist/index.html`)) throw new Error("build the page first: node build.mjs");

function scan(lines) {
  const out = execFileSync(seeswap, ["scan", "--quiet", "-"], { input: lines.join("\n") + "\n", encoding: "utf8" });
  return out.split("\n").filter(Boolean).map((l) => JSON.parse(l));
}

// Sixty positions from the two fixtures: the first forty of the UHO book, then Chess960.
const fens = [
  ...readFileSync(`${root}testdata/positions/uho_head.epd`, "utf8").split("\n").filter(Boolean).slice(0, 40),
  ...readFileSync(`${root}testdata/examples/chess960.epd`, "utf8").split("\n").filter(Boolean),
];

test("the page shows the native SEE of every capture and draws an exchange", async () => {
  const rows = scan(fens);
  assert.equal(rows.length, fens.length);
  const chrome = await launch();
  try {
    const tab = await chrome.newPage({ viewport: { width: 1100, height: 720 } });
    const problems = [];
    tab.on("pageerror", (e) => problems.push(e.message));
    await tab.goto(page);
    await tab.waitForSelector("#captures tbody tr");
    let captures = 0;
    for (const row of rows) {
      await tab.fill("#fen", row.fen);
      await tab.click("#show");
      const shown = await tab.evaluate(() => {
        const hanging = (side) => {
          const list = document.getElementById(`hanging-${side}`);
          if (list.dataset.inCheck === "true") return null;
          return [...list.querySelectorAll("li[data-square]")].map((li) => [li.dataset.square, Number(li.dataset.gain)]);
        };
        return {
        fen: document.getElementById("fen").value,
        error: document.getElementById("error").hidden ? null : document.getElementById("error").textContent,
        captures: [...document.querySelectorAll("#captures tbody tr")].map((tr) => ({ move: tr.dataset.uci, see: Number(tr.dataset.see) })),
        white: hanging("white"),
        black: hanging("black"),
        };
      });
      assert.equal(shown.error, null, row.fen);
      assert.deepEqual(shown.captures, row.captures, row.fen);
      const pairs = (list) => list && list.map((h) => [h.square, h.gain]);
      assert.deepEqual(shown.white, pairs(row.hanging.white), row.fen);
      assert.deepEqual(shown.black, pairs(row.hanging.black), row.fen);
      captures += shown.captures.length;
    }
    assert.ok(captures > 50, `${captures} captures compared`);

    // One exchange: the last capture of a position with several, against the tool's trace.
    const fen = "6k1/8/4p3/3p4/1b2P3/2N5/8/3R2K1 w - - 0 1";
    // Opened afresh with the FEN in the address (the page reads it), so that no piece of
    // the quick changes above is still fading out in the screenshot.
    await tab.goto("about:blank");
    await tab.goto(`${page}#${encodeURIComponent(fen)}`);
    await tab.click('#captures tr[data-uci="d1d5"]');
    await tab.waitForSelector("#steps li");
    const want = JSON.parse(execFileSync(seeswap, ["eval", "--json", "--trace", fen, "d1d5"], { encoding: "utf8" }));
    const steps = await tab.$$eval("#steps li", (items) => items.length);
    assert.equal(steps, want.trace.captures.length);
    assert.equal(Number(await tab.getAttribute("#value", "data-value")), want.value);
    assert.match(await tab.textContent("#end"), new RegExp(want.trace.end));
    // Chessground draws the numbered arrows as SVG: one per capture, labelled.
    const arrows = await tab.$$eval("svg.cg-shapes g line", (lines) => lines.length);
    assert.equal(arrows, want.trace.captures.length);
    const labels = await tab.$$eval("svg.cg-custom-svgs text, svg.cg-shapes text", (t) => t.map((x) => x.textContent));
    assert.deepEqual(labels.sort(), want.trace.captures.map((_, i) => String(i + 1)).sort());
    // Two captures down one file (the queen, then the rook behind it): their numbers
    // stand apart, each on the square its capture leaves.
    const battery = "3r2k1/3r4/8/3p4/8/8/3Q4/3R2K1 w - - 0 1";
    await tab.fill("#fen", battery);
    await tab.click("#show");
    await tab.click('#captures tr[data-uci="d2d5"]');
    await tab.waitForSelector("#steps li");
    // The numbers are drawn a frame after the steps are listed: wait for them (the assert
    // below says what was there if they never come).
    await tab
      .waitForFunction(() => document.querySelectorAll("svg.cg-custom-svgs text").length >= 4, null, { timeout: 5000 })
      .catch(() => {});
    const boxes = await tab.$$eval("svg.cg-custom-svgs text", (texts) =>
      texts.map((t) => t.getBoundingClientRect()).map((r) => [r.left, r.top, r.right, r.bottom]));
    assert.equal(boxes.length, 4);
    const apart = ([a, b, c, d], [e, f, g, h]) => c <= e || g <= a || d <= f || h <= b;
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) assert.ok(apart(boxes[i], boxes[j]), `labels ${i + 1} and ${j + 1} overlap`);
    }
    await tab.goto("about:blank");
    await tab.goto(`${page}#${encodeURIComponent(fen)}`);
    await tab.click('#captures tr[data-uci="d1d5"]');
    await tab.waitForSelector("#steps li");
    await tab.waitForTimeout(400);
    await tab.screenshot({ path: process.env.PAGE_SCREENSHOT ?? `${here}dist/screenshot.png` });
    assert.deepEqual(problems, []);
  } finally {
    await chrome.close();
  }
});

test("the page fits a phone, keeps its position in the address, and works by keyboard", async () => {
  const chrome = await launch();
  try {
    const tab = await chrome.newPage({ viewport: { width: 360, height: 740 } });
    const problems = [];
    tab.on("pageerror", (e) => problems.push(e.message));
    const fen = "6k1/8/4p3/3p4/1b2P3/2N5/8/3R2K1 w - - 0 1";
    await tab.goto(`${page}#${encodeURIComponent(fen)}`);
    await tab.waitForSelector("#captures tbody tr");
    // Nothing wider than the screen.
    assert.ok((await tab.evaluate(() => document.documentElement.scrollWidth)) <= 360);

    // A capture chosen by keyboard: Tab reaches the rows, Enter picks one; a side that
    // stands pat is said so.
    await tab.focus('#captures tr[data-uci="e4d5"]');
    await tab.keyboard.press("Enter");
    await tab.waitForSelector("#steps li");
    const want = JSON.parse(execFileSync(seeswap, ["eval", "--json", "--trace", fen, "e4d5"], { encoding: "utf8" }));
    assert.equal(want.trace.stands_pat, "black");
    assert.match(await tab.textContent("#stands-pat"), /After capture 1, black stands pat/);
    await tab.waitForTimeout(400);
    const phone = (process.env.PAGE_SCREENSHOT ?? `${here}dist/screenshot.png`).replace(/\.png$/, "-phone.png");
    await tab.screenshot({ path: phone, fullPage: true });

    // Hanging pieces as sentences, the capture that wins each and what it wins.
    const hanging = await tab.$$eval("li[data-square]", (items) => items.map((li) => li.textContent));
    assert.deepEqual(hanging, ["The knight on c3 can be won: Bxc3 wins 300.", "The pawn on d5 can be won: exd5 wins 100."]);

    // A FEN typed stays as typed (Chess960 rights by file letter), and the address takes
    // the position, so a link opens on it.
    const typed = "bqnrkbrn/pppppppp/8/8/8/8/PPPPPPPP/BQNRKBRN w GDgd - 0 1";
    await tab.fill("#fen", typed);
    await tab.click("#show");
    await tab.waitForFunction(() => location.hash.includes("bqnrkbrn"));
    assert.equal(await tab.inputValue("#fen"), typed);
    assert.equal(await tab.isHidden("#error"), true);
    const shared = await tab.evaluate(() => location.href);
    const other = await chrome.newPage({ viewport: { width: 360, height: 740 } });
    await other.goto(shared);
    await other.waitForSelector("#captures thead");
    assert.match(await other.inputValue("#fen"), /^bqnrkbrn\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/BQNRKBRN w /);
    await other.close();

    // An address that names no position: a board beside the error, not empty panels.
    await tab.goto("about:blank");
    await tab.goto(`${page}#not-a-fen`);
    await tab.waitForSelector("#error:not([hidden])");
    assert.match(await tab.textContent("#error"), /The address names no position/);
    assert.ok((await tab.$$eval("cg-board piece", (p) => p.length)) > 0);

    // A pawn dragged to the last rank becomes the piece the picker names.
    await tab.goto("about:blank");
    await tab.goto(`${page}#${encodeURIComponent("6k1/P7/8/8/8/8/8/6K1 w - - 0 1")}`);
    await tab.waitForSelector("#captures tbody tr");
    await tab.selectOption("#promotion", "n");
    const box = await tab.locator("cg-board").boundingBox();
    const at = (file, rank) => [box.x + (file + 0.5) * (box.width / 8), box.y + (7.5 - rank) * (box.height / 8)];
    await tab.mouse.move(...at(0, 6));
    await tab.mouse.down();
    await tab.mouse.move(...at(0, 7), { steps: 8 });
    await tab.mouse.up();
    await tab.waitForFunction(() => document.getElementById("fen").value.startsWith("N5k1/"));
    assert.deepEqual(problems, []);
  } finally {
    await chrome.close();
  }
});

// The page as a player reads it, served over HTTP as a site serves it: the WebAssembly
// fetched as a file (not the inline copy a page opened from disk takes), the exchange
// told in words with the balance after each capture, a legend for what the board draws,
// the last move marked, Undo and Back a move back, and no accessibility violation that
// axe-core finds (WCAG A and AA), before and after a capture is chosen.
test("the page reads as a player wants, over HTTP, and axe-core finds nothing", async () => {
  const server = await serve(`${here}dist/`);
  const chrome = await launch();
  try {
    const tab = await chrome.newPage({ viewport: { width: 1100, height: 900 } });
    const problems = [];
    const fetched = [];
    tab.on("pageerror", (e) => problems.push(e.message));
    tab.on("response", (r) => fetched.push([new URL(r.url()).pathname, r.headers()["content-type"]]));
    const fen = "6k1/8/4p3/3p4/1b2P3/2N5/8/3R2K1 w - - 0 1";
    await tab.goto(`${server.origin}/index.html#${encodeURIComponent(fen)}`);
    await tab.waitForSelector("#captures tbody tr");
    assert.deepEqual(fetched.find(([path]) => path.endsWith(".wasm")), ["/swapoff_wasm_bg.wasm", "application/wasm"]);
    assert.equal(fetched.some(([path]) => path.includes("page-wasm")), false, "the inline copy is not loaded over HTTP");

    const axe = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
    await tab.addScriptTag({ path: axe });
    const violations = () =>
      tab.evaluate(async () =>
        (await globalThis.axe.run(document, { runOnly: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] })).violations.map(
          (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
        ),
      );
    assert.deepEqual(await violations(), []);
    const legend = () => tab.$$eval("#legend li", (items) => items.map((li) => [li.dataset.brush, li.textContent]));
    assert.deepEqual(await legend(), [
      ["green", "White wins material with this capture"],
      ["red", "Black wins material with this capture"],
    ]);

    // The exchange in words: each capture, what it takes, and the balance after it.
    await tab.click('#captures tr[data-uci="d1d5"]');
    await tab.waitForSelector("#steps li");
    assert.deepEqual(await tab.$$eval("#steps li", (items) => items.map((li) => li.textContent)), [
      "White's rook on d1 takes the pawn on d5. White is 100 up.",
      "Black's pawn on e6 takes the rook on d5. White is 400 down.",
      "White's pawn on e4 takes the pawn on d5. White is 300 down.",
    ]);
    assert.equal(await tab.textContent("#value"), "SEE -300: White loses 300.");
    assert.deepEqual((await legend()).map(([brush]) => brush), ["green", "red"]);
    assert.deepEqual(await violations(), []);

    // A move played on the board is marked, and Undo and Back each take one back.
    const box = await tab.locator("cg-board").boundingBox();
    const at = (file, rank) => [box.x + (file + 0.5) * (box.width / 8), box.y + (7.5 - rank) * (box.height / 8)];
    const drag = async (from, to) => {
      await tab.mouse.move(...at(...from));
      await tab.mouse.down();
      await tab.mouse.move(...at(...to), { steps: 8 });
      await tab.mouse.up();
    };
    await drag([4, 3], [3, 4]); // exd5
    await tab.waitForFunction(() => document.getElementById("fen").value.startsWith("6k1/8/4p3/3P4/"));
    assert.equal(await tab.$$eval("cg-board square.last-move", (s) => s.length), 2);
    assert.deepEqual((await legend()).at(-1), ["last", "the last move's squares"]);
    await drag([4, 5], [3, 4]); // exd5 by Black
    await tab.waitForFunction(() => document.getElementById("fen").value.startsWith("6k1/8/8/3p4/"));
    await tab.click("#undo");
    await tab.waitForFunction(() => document.getElementById("fen").value.startsWith("6k1/8/4p3/3P4/"));
    assert.equal(await tab.$$eval("cg-board square.last-move", (s) => s.length), 2);
    await tab.goBack();
    await tab.waitForFunction((f) => document.getElementById("fen").value === f, fen);
    assert.equal(await tab.isDisabled("#undo"), true);
    assert.equal(new URL(tab.url()).pathname, "/index.html", "Back stays on the page");
    assert.deepEqual(problems, []);
  } finally {
    await chrome.close();
    server.close();
  }
});
