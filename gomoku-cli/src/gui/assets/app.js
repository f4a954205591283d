// The web board: draws the state the server sends and sends clicks back. It knows no rules:
// legality, wins, forbidden points, undo and the engine all live behind the JSON API.
"use strict";

(() => {
  const SVG = "http://www.w3.org/2000/svg";
  const CELL = 40;            // SVG units between two lines
  const MARGIN = 50;          // room for the coordinates
  const STONE = CELL * 0.46;  // stone radius
  const MAX_UPLOAD = 4 << 20;
  const GAME_KEY = "gomoku-game-id";

  const $ = (id) => document.getElementById(id);
  const board = $("board");

  let options = null;      // GET /api/options
  let state = null;        // the latest game state
  let gameId = null;
  let events = null;       // EventSource
  let live = null;         // the latest info event of the running search
  let busy = false;        // a click is on its way
  let drawnGeometry = "";  // size of the board drawn, to redraw the grid only when it changes
  let browsePly = null;    // browse mode: the board after this many moves of the reviewed game
  let drawnReview = "";    // the review graph drawn (its SVG text)

  // ---------------------------------------------------------------- API

  async function api(method, path, body) {
    const init = { method, headers: {} };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    const response = await fetch(path, init);
    const text = await response.text();
    let data = null;
    try { data = text ? JSON.parse(text) : null; } catch (_) { data = null; }
    if (!response.ok) {
      const message = (data && data.error) || `${response.status} ${response.statusText}`;
      const error = new Error(message);
      error.status = response.status;
      throw error;
    }
    return data;
  }

  const gamePath = (action) => `/api/games/${encodeURIComponent(gameId)}${action ? "/" + action : ""}`;

  async function act(action, body) {
    try {
      showMessage("");
      const next = await api("POST", gamePath(action), body === undefined ? undefined : body);
      render(next);
      return next;
    } catch (e) {
      if (e.status === 404) {
        showMessage("The server forgot this game; starting a new one.");
        await newGame(settingsFromForm());
      } else {
        showMessage(e.message);
      }
      return null;
    }
  }

  // ---------------------------------------------------------------- board drawing

  function el(name, attrs, parent) {
    const node = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (parent) parent.appendChild(node);
    return node;
  }

  // Screen position of a point: column from the left, row counted from the bottom.
  function xy(col, row, size) {
    return [MARGIN + col * CELL, MARGIN + (size - 1 - row) * CELL];
  }

  function parsePoint(name) {
    const col = state.columns.indexOf(name.replace(/[0-9]+$/, ""));
    const row = parseInt(name.replace(/^[a-z]+/, ""), 10) - 1;
    return [col, row];
  }

  function starPoints(size) {
    if (size < 9) return [];
    const edge = size >= 13 ? 3 : 2;
    const far = size - 1 - edge;
    const points = [[edge, edge], [edge, far], [far, edge], [far, far]];
    if (size % 2 === 1) points.push([(size - 1) / 2, (size - 1) / 2]);
    return points;
  }

  function drawGrid(size) {
    board.textContent = "";
    const span = (size - 1) * CELL + 2 * MARGIN;
    board.setAttribute("viewBox", `0 0 ${span} ${span}`);
    const defs = el("defs", {}, board);
    defs.innerHTML = `
      <linearGradient id="wood" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#e9bf75"/><stop offset="0.5" stop-color="#dcaa5e"/>
        <stop offset="1" stop-color="#c98f45"/>
      </linearGradient>
      <filter id="grain" x="0" y="0" width="100%" height="100%">
        <feTurbulence type="fractalNoise" baseFrequency="0.004 0.09" numOctaves="2" seed="7"/>
        <feColorMatrix values="0 0 0 0 0.45  0 0 0 0 0.27  0 0 0 0 0.08  0 0 0 0.22 0"/>
        <feComposite in2="SourceGraphic" operator="in"/>
        <feBlend in2="SourceGraphic" mode="multiply"/>
      </filter>
      <radialGradient id="black-stone" cx="0.36" cy="0.32" r="0.75">
        <stop offset="0" stop-color="#6b6f76"/><stop offset="0.35" stop-color="#2a2c30"/>
        <stop offset="1" stop-color="#050506"/>
      </radialGradient>
      <radialGradient id="white-stone" cx="0.36" cy="0.32" r="0.8">
        <stop offset="0" stop-color="#ffffff"/><stop offset="0.6" stop-color="#ecebe6"/>
        <stop offset="1" stop-color="#bdbab2"/>
      </radialGradient>
      <filter id="shadow" x="-30%" y="-30%" width="160%" height="160%">
        <feDropShadow dx="1.6" dy="2.2" stdDeviation="1.6" flood-color="#2b1a05" flood-opacity="0.45"/>
      </filter>`;
    el("rect", { x: 0, y: 0, width: span, height: span, rx: 10, fill: "url(#wood)", filter: "url(#grain)", class: "wood" }, board);
    const grid = el("g", { class: "grid" }, board);
    const first = MARGIN, last = MARGIN + (size - 1) * CELL;
    for (let i = 0; i < size; i++) {
      const at = MARGIN + i * CELL;
      el("line", { x1: first, y1: at, x2: last, y2: at }, grid);
      el("line", { x1: at, y1: first, x2: at, y2: last }, grid);
    }
    el("rect", { x: first, y: first, width: last - first, height: last - first, class: "edge" }, grid);
    for (const [c, r] of starPoints(size)) {
      const [x, y] = xy(c, r, size);
      el("circle", { cx: x, cy: y, r: 4, class: "star" }, grid);
    }
    const labels = el("g", { class: "labels" }, board);
    for (let i = 0; i < size; i++) {
      const [x] = xy(i, 0, size);
      const [, y] = xy(0, i, size);
      for (const ly of [MARGIN * 0.38, last + MARGIN * 0.80]) {
        el("text", { x, y: ly }, labels).textContent = state.columns[i];
      }
      for (const lx of [MARGIN * 0.34, last + MARGIN * 0.66]) {
        el("text", { x: lx, y: y + 5 }, labels).textContent = String(i + 1);
      }
    }
    el("g", { id: "marks-under" }, board);
    const points = el("g", { id: "points" }, board);
    for (let row = size - 1; row >= 0; row--) {
      for (let col = 0; col < size; col++) {
        const name = state.columns[col] + (row + 1);
        const [x, y] = xy(col, row, size);
        const g = el("g", { "data-point": name, role: "gridcell", "aria-label": name, transform: `translate(${x} ${y})` }, points);
        el("rect", { x: -CELL / 2, y: -CELL / 2, width: CELL, height: CELL, class: "hit" }, g);
      }
    }
    el("g", { id: "marks-over" }, board);
    drawnGeometry = `${size}`;
  }

  function pointGroup(name) {
    return board.querySelector(`g[data-point="${name}"]`);
  }

  function drawStone(g, color, number, showNumber) {
    el("circle", { r: STONE, class: `stone ${color}`, fill: `url(#${color}-stone)`, filter: "url(#shadow)" }, g);
    if (showNumber) {
      const t = el("text", { class: `number ${color}`, y: 5.5 }, g);
      t.textContent = String(number);
      if (number >= 100) t.classList.add("small");
    }
  }

  function clearPoint(g) {
    for (const child of Array.from(g.childNodes)) {
      if (!child.classList.contains("hit")) g.removeChild(child);
    }
    for (const attr of ["data-stone", "data-number", "data-win", "data-forbidden", "data-hint", "data-last", "data-better"]) {
      g.removeAttribute(attr);
    }
    g.classList.remove("playable");
  }

  // The reviewed moves, once the review is done.
  function reviewMoves() {
    return state && state.review && state.review.report ? state.review.report.moves : null;
  }

  // Whether a person is to move after `ply` moves (browse mode: can play on from there).
  function humanAfter(ply) {
    const color = ply % 2 === 0 ? "black" : "white";
    return state[color] === "human";
  }

  function drawBoard() {
    const size = state.size;
    if (drawnGeometry !== `${size}` || board.querySelectorAll("[data-point]").length !== size * size) {
      drawGrid(size);
    }
    const browsing = browsePly !== null;
    const showNumbers = $("numbers").checked;
    const shown = browsing ? state.stones.filter((s) => s.number <= browsePly) : state.stones;
    const stones = new Map(shown.map((s) => [s.point, s]));
    const atEnd = !browsing || browsePly === state.stones.length;
    const win = new Set(atEnd ? state.outcome.line : []);
    const forbidden = new Set(browsing ? [] : state.forbidden);
    const hints = new Map(((!browsing && state.hint && state.hint.moves) || []).map((m, i) => [m.point, i + 1]));
    const lastMove = browsing ? (shown.length ? shown[shown.length - 1].point : null) : state.last_move;
    const reviewed = reviewMoves();
    const better = browsing && browsePly > 0 && reviewed && reviewed[browsePly - 1] ? reviewed[browsePly - 1].best : null;
    const playable = !busy && (browsing
      ? state.outcome.result === "ongoing" || browsePly < state.stones.length
      : state.human_to_move) && (!browsing || humanAfter(browsePly));
    for (const g of board.querySelectorAll("g[data-point]")) {
      const name = g.getAttribute("data-point");
      clearPoint(g);
      const stone = stones.get(name);
      if (stone) {
        g.setAttribute("data-stone", stone.color);
        g.setAttribute("data-number", String(stone.number));
        drawStone(g, stone.color, stone.number, showNumbers);
        if (win.has(name)) {
          g.setAttribute("data-win", "");
          el("circle", { r: STONE + 3.5, class: "win-ring" }, g);
        }
        if (lastMove === name) {
          g.setAttribute("data-last", "");
          if (showNumbers) el("circle", { r: STONE - 2.5, class: "last-ring" }, g);
          else el("circle", { r: 5, class: "last-dot" }, g);
        }
      } else {
        if (forbidden.has(name)) {
          g.setAttribute("data-forbidden", "");
          const d = 7;
          el("path", { d: `M${-d},${-d}L${d},${d}M${d},${-d}L${-d},${d}`, class: "forbidden" }, g);
        } else if (playable) {
          g.classList.add("playable");
          el("circle", { r: STONE, class: `ghost ${state.to_move}` }, g);
        }
        if (better === name) {
          // The engine's better move for the move shown: a blue ring.
          g.setAttribute("data-better", "");
          el("circle", { r: STONE, class: "better-mark" }, g);
        }
        if (hints.has(name)) {
          // A green ring, its rank on a badge aside (the centre stays free for the best line).
          g.setAttribute("data-hint", String(hints.get(name)));
          el("circle", { r: STONE + 1, class: "hint-mark" }, g);
          el("circle", { cx: 13, cy: -13, r: 8, class: "hint-badge" }, g);
          el("text", { class: "hint-number", x: 13, y: -9 }, g).textContent = String(hints.get(name));
        }
      }
    }
    drawWinLine();
    drawPv();
  }

  function drawWinLine() {
    const layer = $("marks-under");
    layer.textContent = "";
    const line = state.outcome.line;
    if (line.length < 2) return;
    const [c0, r0] = parsePoint(line[0]);
    const [c1, r1] = parsePoint(line[line.length - 1]);
    const [x0, y0] = xy(c0, r0, state.size);
    const [x1, y1] = xy(c1, r1, state.size);
    el("line", { x1: x0, y1: y0, x2: x1, y2: y1, class: "win-line" }, layer);
  }

  // The principal variation of the search shown in the panel, as faint numbered stones.
  function drawPv() {
    const layer = $("marks-over");
    layer.textContent = "";
    const info = currentInfo();
    if (browsePly !== null || !info || !info.pv || state.outcome.result !== "ongoing") return;
    const occupied = new Set(state.stones.map((s) => s.point));
    let color = info.color;
    info.pv.slice(0, 6).forEach((name, i) => {
      if (occupied.has(name)) return;
      const [c, r] = parsePoint(name);
      if (c < 0 || Number.isNaN(r)) return;
      const [x, y] = xy(c, r, state.size);
      const g = el("g", { transform: `translate(${x} ${y})`, class: "pv-mark", "data-pv": String(i + 1) }, layer);
      el("circle", { r: STONE * 0.9, class: `pv-stone ${color}` }, g);
      el("text", { class: `pv-number ${color}`, y: 5 }, g).textContent = String(i + 1);
      occupied.add(name);
      color = color === "black" ? "white" : "black";
    });
  }

  // ---------------------------------------------------------------- panel

  function showMessage(text) {
    const box = $("message");
    box.textContent = text;
    box.hidden = !text;
  }

  function playerLabel(spec) {
    if (!options) return spec;
    const known = options.players.find((p) => p.spec === spec);
    return known ? known.label : spec;
  }

  function formatNodes(n) {
    if (n >= 1e6) return (n / 1e6).toFixed(1) + "M";
    if (n >= 1e3) return (n / 1e3).toFixed(0) + "k";
    return String(n);
  }

  // The report to show: the live one of the running search, else the finished analysis, else the
  // last engine move's search.
  function currentInfo() {
    if (!state) return null;
    if (state.thinking) {
      if (live && live.search === state.thinking.search) return live;
      if (state.live) return state.live;
      return null;
    }
    return state.analysis || state.last_search || null;
  }

  function capital(word) {
    return word.charAt(0).toUpperCase() + word.slice(1);
  }

  function drawAnalysis() {
    const info = currentInfo();
    let source;
    if (state.thinking) {
      const who = capital(state.thinking.color);
      source = state.thinking.kind === "analysis" ? `Analysing for ${who}…` : `${who} (${playerLabel(state[state.thinking.color])}) is thinking…`;
    } else if (state.analysis) {
      source = `Analysis for ${capital(state.analysis.color)}: best ${state.analysis.best || "–"}`;
    } else if (state.last_search) {
      source = `${capital(state.last_search.color)} played ${state.last_search.best || "–"}`;
    } else {
      source = "No search yet: ask for a hint or an analysis.";
    }
    $("analysis-source").textContent = source;
    const set = (id, text) => { $(id).textContent = text; };
    if (info && info.depth > 0) {
      set("a-depth", `${info.depth}/${info.seldepth}`);
      // The score is the searching side's: its stone stands beside it.
      set("a-score", info.score_text);
      const side = document.createElement("span");
      side.className = `stone-icon small ${info.color}`;
      side.title = `for ${capital(info.color)}`;
      $("a-score").appendChild(side);
      set("a-nodes", formatNodes(info.nodes));
      set("a-time", `${(info.time_ms / 1000).toFixed(2)} s`);
      const pv = $("pv");
      pv.textContent = "";
      for (const move of info.pv) {
        const chip = document.createElement("span");
        chip.className = "chip";
        chip.textContent = move;
        pv.appendChild(chip);
      }
      // Black's share of the bar: the score seen from Black, squashed.
      let black = info.color === "black" ? info.score : -info.score;
      let share = info.mate ? (black > 0 ? 1 : 0) : 0.5 + 0.5 * Math.tanh(black / 800);
      $("evalbar-black").style.width = `${(share * 100).toFixed(1)}%`;
    } else {
      for (const id of ["a-depth", "a-score", "a-nodes", "a-time"]) set(id, "–");
      $("pv").textContent = "";
      $("evalbar-black").style.width = "50%";
    }
    const list = $("hint-list");
    const threats = $("threats");
    list.textContent = "";
    threats.textContent = "";
    if (state.hint) {
      for (const line of state.hint.threats) {
        const p = document.createElement("p");
        p.textContent = line;
        threats.appendChild(p);
      }
      for (const m of state.hint.moves) {
        const li = document.createElement("li");
        li.textContent = `${m.text} (${m.score_text})`;
        list.appendChild(li);
      }
    }
  }

  function drawPanel() {
    $("status").textContent = state.status;
    $("status").className = state.outcome.result === "ongoing" ? "" : "over";
    $("rule-badge").textContent = `${state.rule} · ${state.size}×${state.size}`;
    $("black-name").textContent = playerLabel(state.black);
    $("white-name").textContent = playerLabel(state.white);
    $("black-count").textContent = String(state.black_stones);
    $("white-count").textContent = String(state.white_stones);
    $("player-black").classList.toggle("to-move", state.to_move === "black");
    $("player-white").classList.toggle("to-move", state.to_move === "white");
    const over = state.outcome.result !== "ongoing";
    const watching = state.black !== "human" && state.white !== "human";
    $("undo").disabled = state.moves.length === 0;
    $("redo").disabled = state.redo.length === 0;
    $("hint").disabled = over;
    $("analyze").disabled = over || !!state.thinking;
    $("stop").disabled = !state.thinking;
    const pause = $("pause");
    pause.hidden = !watching && !state.paused;
    pause.textContent = state.paused ? "Go" : "Pause";
    pause.disabled = over;
    const moves = $("moves");
    moves.textContent = state.moves.map((m, i) => `${i + 1}.${m}`).join(" ");
    moves.scrollTop = moves.scrollHeight;
    if (state.error) showMessage(`The engine failed: ${state.error}`);
    $("review-button").disabled = state.moves.length === 0 || !!(state.review && state.review.running);
    drawOpening();
    drawReview();
    drawAnalysis();
  }

  // ---------------------------------------------------------------- review and browse mode

  function plural(n, one, many) {
    return `${n} ${n === 1 ? one : many}`;
  }

  function drawReview() {
    const review = state.review;
    $("review-area").hidden = !review;
    document.body.classList.toggle("reviewing", !!review);
    if (!review) {
      $("review-holder").textContent = "";
      drawnReview = "";
      if (browsePly !== null) leaveBrowse();
      return;
    }
    const progress = $("review-progress");
    if (review.running) {
      progress.textContent = `Reviewing… ${review.done}/${review.total} positions`;
    } else {
      const side = (name, s) => `${name}: ${plural(s.inaccuracies, "inaccuracy", "inaccuracies")}, ${plural(s.mistakes, "mistake", "mistakes")}, ${plural(s.blunders, "blunder", "blunders")}`;
      const sum = review.report.summary;
      progress.textContent = `${side("Black", sum.black)} · ${side("White", sum.white)}. Click a move to see it.`;
    }
    const svg = review.svg || "";
    if (svg !== drawnReview) {
      // Our own server's markup (points, numbers and mark names only).
      $("review-holder").innerHTML = svg;
      drawnReview = svg;
    }
    for (const g of $("review-holder").querySelectorAll("[data-review-ply]")) {
      g.classList.toggle("selected", Number(g.getAttribute("data-review-ply")) === browsePly);
    }
    drawBrowseBar();
  }

  function drawBrowseBar() {
    const bar = $("browse-bar");
    bar.hidden = browsePly === null;
    if (browsePly === null) return;
    const total = state.stones.length;
    const moves = reviewMoves() || [];
    let text = "The empty board";
    if (browsePly > 0) {
      const stone = state.stones[browsePly - 1];
      const m = moves[browsePly - 1];
      text = `Move ${browsePly} of ${total}: ${stone.point} (${capital(stone.color)})`;
      if (m && m.mark) text += ` — ${m.mark}`;
      if (m && m.best) text += `; better ${m.best}`;
    }
    $("browse-info").textContent = text;
    $("browse-prev").disabled = browsePly <= 0;
    $("browse-next").disabled = browsePly >= total;
  }

  function browse(ply) {
    if (!state || !reviewMoves()) return;
    browsePly = Math.max(0, Math.min(ply, state.stones.length));
    drawBoard();
    drawReview();
  }

  function leaveBrowse() {
    browsePly = null;
    $("browse-bar").hidden = true;
    for (const g of $("review-holder").querySelectorAll(".selected")) g.classList.remove("selected");
    if (state) drawBoard();
  }

  // A click on the board while browsing: at the end of the game it is a normal move; earlier, a
  // person may play on from there (asked first: the later moves are taken back).
  async function playFromBrowse(point) {
    const ply = browsePly;
    const later = state.stones.length - ply;
    if (later === 0) {
      leaveBrowse();
      return true;
    }
    if (!humanAfter(ply)) {
      showMessage(`After move ${ply} the engine is to move: browse to one of your turns to play on.`);
      return false;
    }
    if (!window.confirm(`Play on from move ${ply}? The ${plural(later, "later move is", "later moves are")} taken back (Redo brings them back until you play).`)) {
      return false;
    }
    leaveBrowse();
    return (await act("rewind", { ply })) !== null;
  }

  // The swap opening: the choice buttons when a person is to choose, and the rule in words.
  function drawOpening() {
    const opening = state.opening;
    const choosing = opening.human_to_choose;
    $("opening-choice").hidden = !choosing;
    $("choose-two").hidden = !(choosing && opening.can_place_two);
    const rule = $("opening-rule");
    const show = opening.rule !== "free";
    rule.hidden = !show;
    rule.textContent = show ? (opening.summary || opening.explain) : "";
    rule.title = opening.explain;
  }

  function render(next) {
    if (!next) return;
    if (state && next.id === state.id && next.version < state.version) return;
    if (!state || next.id !== state.id || next.size !== state.size) drawnGeometry = "";
    state = next;
    if (!state.thinking) live = null;
    drawBoard();
    drawPanel();
  }

  // ---------------------------------------------------------------- games and events

  function connect() {
    if (events) events.close();
    const source = new EventSource(gamePath("events"));
    events = source;
    source.addEventListener("state", (e) => render(JSON.parse(e.data)));
    source.addEventListener("info", (e) => {
      const info = JSON.parse(e.data);
      if (state && state.thinking && info.search === state.thinking.search) {
        live = info;
        drawAnalysis();
        drawPv();
      }
    });
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED && events === source) {
        events = null;
        // The game or the server is gone: find out which after a pause.
        setTimeout(reconnect, 2000);
      }
    };
  }

  // Finds the game again (or starts a new one), retrying while the server is away.
  function reconnect() {
    resume().then(() => {
      if ($("message").textContent.startsWith("The server")) showMessage("");
    }).catch((e) => {
      showMessage(`The server does not answer (${e.message}); trying again…`);
      setTimeout(reconnect, 5000);
    });
  }

  async function newGame(settings) {
    const created = await api("POST", "/api/games", settings);
    gameId = created.id;
    sessionStorage.setItem(GAME_KEY, gameId);
    state = null;
    render(created);
    connect();
  }

  async function resume() {
    const saved = sessionStorage.getItem(GAME_KEY);
    if (saved) {
      try {
        gameId = saved;
        const current = await api("GET", gamePath(""));
        state = null;
        render(current);
        fillForm(current);
        connect();
        return;
      } catch (e) {
        if (e.status !== 404) throw e;
      }
    }
    await newGame(settingsFromForm());
  }

  // ---------------------------------------------------------------- settings form

  function option(select, value, label) {
    const o = document.createElement("option");
    o.value = value;
    o.textContent = label;
    select.appendChild(o);
  }

  function fillMenus() {
    for (const id of ["set-black", "set-white"]) {
      const select = $(id);
      for (const p of options.players) option(select, p.spec, p.label);
    }
    for (const rule of options.rules) option($("set-rule"), rule, capital(rule));
    for (const o of options.openings) option($("set-opening"), o.name, o.label);
    for (let s = options.min_size; s <= options.max_size; s++) option($("set-size"), String(s), `${s}×${s}`);
    for (const f of options.formats) option($("save-format"), f.name, `${f.label} (.${f.extension})`);
    $("set-black").value = options.defaults.black;
    $("set-white").value = options.defaults.white;
    $("set-rule").value = options.defaults.rule;
    $("set-opening").value = options.defaults.opening;
    $("set-size").value = String(options.defaults.size);
    $("set-time").value = String(options.move_time_ms.default);
  }

  function ensureOption(select, value) {
    if (!Array.from(select.options).some((o) => o.value === value)) option(select, value, value);
    select.value = value;
  }

  function fillForm(s) {
    ensureOption($("set-black"), s.black);
    ensureOption($("set-white"), s.white);
    ensureOption($("set-rule"), s.rule);
    ensureOption($("set-opening"), s.opening.rule);
    ensureOption($("set-size"), String(s.size));
    ensureOption($("set-time"), String(s.move_time_ms));
  }

  function settingsFromForm() {
    return {
      black: $("set-black").value || undefined,
      white: $("set-white").value || undefined,
      rule: $("set-rule").value || undefined,
      opening: $("set-opening").value || undefined,
      size: $("set-size").value ? Number($("set-size").value) : undefined,
      move_time_ms: Number($("set-time").value),
    };
  }

  // ---------------------------------------------------------------- input

  board.addEventListener("click", async (e) => {
    const g = e.target.closest("g[data-point]");
    if (!g || !state || busy) return;
    if (g.hasAttribute("data-stone")) return;
    if (browsePly !== null && !(await playFromBrowse(g.getAttribute("data-point")))) return;
    if (!state.human_to_move) {
      let text = "The game is over: undo or start a new one.";
      if (state.outcome.result === "ongoing") {
        text = state.opening.human_to_choose ? "Choose a colour first (the buttons under the status)." : "Wait for the engine's move.";
      }
      showMessage(text);
      return;
    }
    busy = true;
    try {
      await act("move", { point: g.getAttribute("data-point") });
    } finally {
      busy = false;
      if (state) drawBoard();
    }
  });

  $("choose-black").addEventListener("click", () => act("choose", { choice: "black" }));
  $("choose-white").addEventListener("click", () => act("choose", { choice: "white" }));
  $("choose-two").addEventListener("click", () => act("choose", { choice: "two" }));
  $("review-button").addEventListener("click", () => act("review", {}));
  $("review-holder").addEventListener("click", (e) => {
    const g = e.target.closest("[data-review-ply]");
    if (g) browse(Number(g.getAttribute("data-review-ply")));
  });
  $("browse-prev").addEventListener("click", () => browse(browsePly - 1));
  $("browse-next").addEventListener("click", () => browse(browsePly + 1));
  $("browse-exit").addEventListener("click", () => leaveBrowse());
  $("undo").addEventListener("click", () => act("undo"));
  $("redo").addEventListener("click", () => act("redo"));
  $("restart").addEventListener("click", () => act("new", {}));
  $("hint").addEventListener("click", async () => {
    $("hint").disabled = true;
    $("analysis-source").textContent = "Looking for the best moves…";
    await act("hint");
    if (state) drawPanel();
  });
  $("analyze").addEventListener("click", () => act("analyze", { time_ms: options ? options.analysis_ms.default : 3000 }));
  $("stop").addEventListener("click", () => act("stop"));
  $("pause").addEventListener("click", () => act("pause", { paused: !state.paused }));
  $("numbers").addEventListener("change", () => state && drawBoard());

  $("settings").addEventListener("submit", async (e) => {
    e.preventDefault();
    await act("new", settingsFromForm());
  });

  $("save").addEventListener("click", () => {
    if (!state) return;
    const format = $("save-format").value || "json";
    const ext = (options.formats.find((f) => f.name === format) || { extension: format }).extension;
    const a = document.createElement("a");
    a.href = `${gamePath("record")}?format=${encodeURIComponent(format)}`;
    a.download = `gomoku-${new Date().toISOString().slice(0, 16).replace(/[:T]/g, "-")}.${ext}`;
    document.body.appendChild(a);
    a.click();
    a.remove();
  });

  $("load-file").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    e.target.value = "";
    if (!file) return;
    if (file.size > MAX_UPLOAD) {
      showMessage(`${file.name} is too large (at most ${MAX_UPLOAD >> 20} MiB).`);
      return;
    }
    const loaded = await act("load", { text: await file.text(), filename: file.name });
    if (loaded) fillForm(loaded);
  });

  // Browse mode: the arrows step through the reviewed game, Esc returns to it.
  document.addEventListener("keydown", (e) => {
    if (browsePly === null || e.ctrlKey || e.metaKey || e.target.closest("input, select, textarea")) return;
    const step = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity }[e.key];
    if (step !== undefined) {
      e.preventDefault();
      browse(Number.isFinite(step) ? browsePly + step : (step < 0 ? 0 : state.stones.length));
    } else if (e.key === "Escape") {
      e.preventDefault();
      leaveBrowse();
    }
  });

  document.addEventListener("keydown", (e) => {
    if (!(e.ctrlKey || e.metaKey) || e.target.closest("input, select, textarea")) return;
    const key = e.key.toLowerCase();
    if (key === "z" && !e.shiftKey) { e.preventDefault(); act("undo"); }
    if (key === "y" || (key === "z" && e.shiftKey)) { e.preventDefault(); act("redo"); }
  });

  // A browser keeps few connections to one server (six under HTTP/1.1): a hidden tab gives its
  // event stream back and catches up when shown again.
  document.addEventListener("visibilitychange", () => {
    if (!gameId) return;
    if (document.hidden) {
      if (events) events.close();
      events = null;
    } else if (!events) {
      reconnect();
    }
  });

  // ---------------------------------------------------------------- start

  (async () => {
    try {
      options = await api("GET", "/api/options");
      fillMenus();
      await resume();
    } catch (e) {
      $("status").textContent = `Cannot reach the server: ${e.message}`;
    }
  })();
})();
