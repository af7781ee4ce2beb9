// Cadenza in the browser: the new-game form, and one seat's game over a WebSocket.
// The server decides what this seat sees and may do; the page only draws the views it
// gets. Every text goes in with textContent, every drawing is built element by element.

import { $, SVG_NS, boardSvg, hintItems, make } from "./dom.js";
import { openSocket } from "./socket.js";
import { fillHintLevels, showTable, startTable } from "./table.js";

const HUMAN = "human"; // the strength choice that makes a seat a friend's

// ---- the new-game form ------------------------------------------------------------------

let catalogue = null;

async function showNewGame() {
  $("new-game").hidden = false;
  $("play").hidden = true;
  const response = await fetch("/api/games");
  catalogue = await response.json();
  const select = $("game");
  select.replaceChildren();
  for (const game of catalogue.games) select.appendChild(new Option(game.name, game.name));
  select.addEventListener("change", fillGameChoices);
  $("players").addEventListener("change", fillSeats);
  $("seat").addEventListener("change", fillStrengths);
  $("mode").addEventListener("change", showModeChoices);
  fillHintLevels($("hint-level"), catalogue.hint_levels, catalogue.levels.default);
  showModeChoices();
  fillGameChoices();
  $("new-form").addEventListener("submit", startGame);
}

// Table mode has no AI seats, and hints at a level; a game here has AI seats.
function showModeChoices() {
  const table = $("mode").value === "table";
  $("ai-seats").hidden = table;
  $("hint-level-label").hidden = !table;
}

function chosenGame() {
  return catalogue.games.find((g) => g.name === $("game").value);
}

function fillGameChoices() {
  const game = chosenGame();
  $("game-description").textContent = game.description;
  const players = $("players");
  players.replaceChildren();
  for (let n = game.min_players; n <= game.max_players; n++) {
    players.appendChild(new Option(String(n), String(n), false, n === game.default_players));
  }
  const variant = $("variant");
  variant.replaceChildren();
  for (const v of game.variants) variant.appendChild(new Option(v, v));
  fillSeats();
}

function fillSeats() {
  const seat = $("seat");
  seat.replaceChildren();
  const n = Number($("players").value);
  for (let s = 0; s < n; s++) seat.appendChild(new Option(`seat ${s}${s === 0 ? " (moves first)" : ""}`, String(s)));
  fillStrengths();
}

function fillStrengths() {
  const box = $("ai-seats");
  for (const label of box.querySelectorAll("label")) label.remove();
  const n = Number($("players").value);
  const mine = Number($("seat").value);
  for (let s = 0; s < n; s++) {
    if (s === mine) continue;
    const label = make("label", `seat ${s} `);
    const select = document.createElement("select");
    select.name = `strength-${s}`;
    select.dataset.seat = String(s);
    const { min, max } = catalogue.levels;
    for (let level = min; level <= max; level++) {
      const about = level === min ? " (weakest)" : level === max ? " (full strength)" : "";
      const chosen = level === catalogue.levels.default;
      select.appendChild(new Option(`AI level ${level}${about}`, String(level), chosen, chosen));
    }
    select.appendChild(new Option("a friend (gets a seat link)", HUMAN));
    label.appendChild(select);
    box.appendChild(label);
  }
}

async function startGame(event) {
  event.preventDefault();
  if ($("mode").value === "table") {
    startTable(
      $("game").value, Number($("players").value), $("variant").value, Number($("seat").value),
      Number($("hint-level").value),
    );
    return;
  }
  const strengths = {};
  const humans = [];
  for (const select of $("ai-seats").querySelectorAll("select")) {
    if (select.value === HUMAN) humans.push(Number(select.dataset.seat));
    else strengths[select.dataset.seat] = select.value;
  }
  const body = {
    game: $("game").value,
    players: Number($("players").value),
    variant: $("variant").value,
    seat: Number($("seat").value),
    strengths,
    humans,
  };
  const response = await fetch("/api/rooms", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) {
    $("new-error").textContent = answer.error;
    return;
  }
  if (answer.links.length > 1) {
    // Only the creator's browser keeps the others' links, to hand them out.
    localStorage.setItem(`links:${answer.room}`, JSON.stringify(answer.links));
  }
  location.hash = new URLSearchParams({ room: answer.room, token: answer.token }).toString();
  showGame();
}

// ---- one seat's game ----------------------------------------------------------------------

let socket = null;
let view = null;
let partial = [];
let hints = [];

function showGame() {
  $("new-game").hidden = true;
  $("play").hidden = false;
  if (socket) socket.close();
  socket = openSocket("/ws", "room", receive);
}

function receive(message) {
  if (message.type === "error") {
    $("error").textContent = message.message;
    partial = view ? view.partial.map((p) => p.id) : [];
    return;
  }
  if (message.type === "hints") {
    if (view && message.version === view.version) {
      hints = message.hints;
      drawHints();
      drawBoard();
      drawLegal();
    }
    return;
  }
  if (message.type === "progress") {
    if (view && message.version === view.version) drawThinking(message);
    return;
  }
  if (message.type === "chart") {
    if (view) {
      view.chart = message.chart;
      drawChart();
    }
    return;
  }
  if (message.type === "view") {
    if (!view || message.version !== view.version) hints = [];
    if (!view || message.version !== view.version || message.thinking === null) $("thinking").textContent = "";
    view = message;
    partial = view.partial.map((p) => p.id);
    $("error").textContent = "";
    draw();
  }
}

function seatName(seat) {
  if (seat < 0) return "Chance";
  if (seat === view.seat) return "You";
  const entry = view.seats[seat];
  return entry.kind === "ai" ? `Seat ${seat} (AI)` : `Seat ${seat}`;
}

// ---- friends at one table: who sits where, and the links to hand out -----------------------

function seatLink(room, token) {
  return `${location.origin}/#${new URLSearchParams({ room, token })}`;
}

function drawSeats() {
  const items = view.seats.map((s) => {
    let text = `Seat ${s.seat}: `;
    if (s.kind === "ai") text += `AI (level ${s.strength})`;
    else if (s.you) text += "you";
    else text += s.joined ? "a friend, here" : "a friend, not joined yet";
    const item = make("li", text);
    item.dataset.seat = String(s.seat);
    item.dataset.joined = String(s.kind === "ai" || s.joined);
    if (s.seat === view.to_move) item.className = "to-move";
    return item;
  });
  $("seats").replaceChildren(...items);
}

function drawLinks() {
  const stored = localStorage.getItem(`links:${view.room}`);
  const links = stored ? JSON.parse(stored).filter((l) => l.seat !== view.seat) : [];
  $("links").hidden = links.length === 0;
  const items = links.map((l) => {
    const item = make("li", `Seat ${l.seat} `);
    const field = document.createElement("input");
    field.readOnly = true;
    field.value = seatLink(view.room, l.token);
    field.className = "link";
    field.dataset.seat = String(l.seat);
    const copy = make("button", "Copy");
    copy.type = "button";
    copy.addEventListener("click", () => copyLink(field, copy));
    item.append(field, copy);
    return item;
  });
  $("link-list").replaceChildren(...items);
}

async function copyLink(field, button) {
  field.select();
  try {
    await navigator.clipboard.writeText(field.value);
  } catch {
    document.execCommand("copy"); // a page not served over https or from localhost
  }
  button.textContent = "Copied";
  setTimeout(() => { button.textContent = "Copy"; }, 1500);
}

function waitingFor(seat) {
  const entry = view.seats[seat];
  return entry && entry.kind === "human" && !entry.you && !entry.joined;
}

function draw() {
  // For the browser tests: where the game stands, without reading the words.
  const phase = view.over ? "over" : view.to_move === view.seat && view.thinking === null ? "mine" : "waiting";
  Object.assign($("play").dataset, { phase, version: String(view.version), partial: String(view.partial.length) });
  $("title").textContent = `${view.game} (${view.variant}): you are seat ${view.seat}`;
  $("notice").textContent = view.notice || "";
  $("notice").hidden = !view.notice;
  drawBoard();
  drawStatus();
  drawLegal();
  drawHints();
  drawLog();
  drawSummary();
  drawSeats();
  drawLinks();
  drawChart();
  $("undo").disabled = !view.can_undo;
  $("resign").disabled = view.over !== null;
  const params = new URLSearchParams(location.hash.slice(1));
  $("download").href = `/api/rooms/${encodeURIComponent(view.room)}/file?token=${encodeURIComponent(params.get("token"))}`;
  $("download").setAttribute("download", `cadenza-${view.game}.json`);
  $("hint").disabled = view.to_move !== view.seat || view.over !== null;
  $("turn").hidden = view.partial.length === 0;
  const list = $("partial");
  list.replaceChildren(...view.partial.map((p) => make("li", p.text)));
}

function drawBoard() {
  const legal = new Set(view.legal.map((l) => l.id));
  const hinted = new Map(hints.map((h, i) => [h.actions[partial.length] ?? h.actions[0], i + 1]));
  const svg = boardSvg(view.board);
  for (const element of svg.querySelectorAll("[data-action]")) {
    const id = Number(element.getAttribute("data-action"));
    if (!legal.has(id)) continue;
    element.classList.add("legal");
    if (hinted.has(id)) element.classList.add("hint", `hint${hinted.get(id)}`);
    element.setAttribute("role", "button");
    element.setAttribute("tabindex", "0");
    element.addEventListener("click", () => choose(id));
  }
  $("board").replaceChildren(svg);
}

function drawStatus() {
  let text;
  if (view.over) text = "The game is over.";
  else if (view.thinking !== null) text = `${seatName(view.thinking)} is thinking…`;
  else if (view.to_move === view.seat) text = view.partial.length ? "Your turn goes on: pick the next step." : "Your move.";
  else if (waitingFor(view.to_move)) text = `${seatName(view.to_move)} to move: waiting for them to join.`;
  else text = `${seatName(view.to_move)} to move.`;
  $("status").textContent = text;
}

function drawLegal() {
  const hintedFirst = new Set(hints.map((h) => h.actions[partial.length]));
  const items = view.legal.map((l) => {
    const item = document.createElement("li");
    const button = make("button", l.text);
    button.type = "button";
    button.dataset.action = String(l.id);
    if (hintedFirst.has(l.id)) button.classList.add("hinted");
    button.addEventListener("click", () => choose(l.id));
    item.appendChild(button);
    return item;
  });
  $("legal").replaceChildren(...items);
}

function drawHints() {
  $("hints").replaceChildren(...hintItems(hints));
}

function drawLog() {
  const entries = view.log.map((e, i) => {
    const item = make("li", `${seatName(e.mover)}: ${e.text}`);
    if (i === view.log.length - 1) item.className = "last";
    return item;
  });
  const log = $("log");
  log.replaceChildren(...entries);
  log.scrollTop = log.scrollHeight;
}

function drawSummary() {
  const box = $("summary");
  box.hidden = !view.over;
  if (!view.over) return;
  const parts = [make("p", view.over.result, "result")];
  if (view.over.scores) {
    const scores = view.over.scores.map((s, i) => `${seatName(i)}: ${s === null ? "?" : s}`).join(", ");
    parts.push(make("p", `Scores: ${scores}`));
  }
  const rematch = make("button", "Rematch");
  rematch.type = "button";
  rematch.id = "rematch";
  rematch.addEventListener("click", startRematch);
  const again = make("a", "New game");
  again.href = "/";
  parts.push(rematch, make("span", " "), again);
  box.replaceChildren(...parts);
}

// ---- the AI's thinking, the win-chance graph, rematch, game files -------------------------

function drawThinking(message) {
  const who = seatName(message.seat ?? view.thinking ?? view.to_move);
  let text;
  if (message.queued !== null && message.queued !== undefined) {
    text = `${who}: queued (${message.queued} ahead)`;
  } else if (message.iterations !== undefined) {
    const parts = [`${message.iterations} iterations`, `${(message.ms / 1000).toFixed(1)} s`];
    // In a game with hidden information the server sends no value and no move: they
    // would tell what the AI holds.
    if (typeof message.value === "number") parts.push(`its win chance ${Math.round(message.value * 100)}%`);
    if (message.best) parts.push(`leaning to: ${message.best}`);
    text = `${who} thinks: ${parts.join(", ")}`;
  } else {
    text = `${who} is searching…`;
  }
  $("thinking").textContent = text;
}

function drawChart() {
  const points = view.chart || [];
  const width = 300, height = 120, pad = 6;
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", "your estimated win chance after each move");
  const add = (tag, attrs) => {
    const node = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    svg.appendChild(node);
    return node;
  };
  add("rect", { x: 0, y: 0, width, height, class: "chart-frame" });
  add("line", { x1: pad, y1: height / 2, x2: width - pad, y2: height / 2, class: "chart-half" });
  const last = Math.max(1, ...points.map((p) => p[0]));
  const xy = points.map(([n, v]) => [
    (pad + (n / last) * (width - 2 * pad)).toFixed(1),
    (height - pad - v * (height - 2 * pad)).toFixed(1),
  ]);
  if (xy.length) {
    add("polyline", { points: xy.map((p) => p.join(",")).join(" "), class: "graph-line" });
    for (const [i, [x, y]] of xy.entries()) {
      const dot = add("circle", { cx: x, cy: y, r: 3, class: "chart-dot" });
      const title = document.createElementNS(SVG_NS, "title");
      title.textContent = `after ${points[i][0]} moves: ${Math.round(points[i][1] * 100)}%`;
      dot.appendChild(title);
    }
  }
  $("chart").replaceChildren(svg);
  $("chart").dataset.points = String(points.length);
}

async function createRoom(url, body) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.error);
  location.hash = new URLSearchParams({ room: answer.room, token: answer.token }).toString();
  view = null;
  hints = [];
  showGame();
}

async function startRematch() {
  const strengths = {};
  for (const s of view.seats) if (s.kind === "ai") strengths[String(s.seat)] = s.strength;
  try {
    await createRoom("/api/rooms", {
      game: view.game, players: view.seats.length, variant: view.variant, seat: view.seat, strengths,
    });
  } catch (exc) {
    $("error").textContent = exc.message;
  }
}

async function uploadGame() {
  const file = $("upload").files[0];
  if (!file) return;
  try {
    const url = $("new-position").checked ? "/api/upload?new_position=1" : "/api/upload";
    await createRoom(url, await file.text());
  } catch (exc) {
    $("new-error").textContent = exc.message;
  }
}

function choose(id) {
  if (!view || view.to_move !== view.seat) return;
  partial = partial.concat([id]);
  socket.send({ type: "move", actions: partial, version: view.version });
}

function takeBack() {
  partial = partial.slice(0, -1);
  if (partial.length) socket.send({ type: "move", actions: partial, version: view.version });
  else socket.send({ type: "view" });
}

$("take-back").addEventListener("click", takeBack);
$("resign").addEventListener("click", () => socket.send({ type: "resign", version: view.version }));
$("upload").addEventListener("change", uploadGame);
$("undo").addEventListener("click", () => socket.send({ type: "undo", version: view.version }));
$("hint").addEventListener("click", () => {
  $("hints").replaceChildren(make("li", "searching…"));
  socket.send({ type: "hint", version: view.version });
});

// A server's access secret comes in its link once and is kept in a cookie from then on,
// so the address bar (and any link copied from it) stops showing it.
if (new URLSearchParams(location.search).has("secret")) {
  history.replaceState(null, "", location.pathname + location.hash);
}

const place = new URLSearchParams(location.hash.slice(1));
if (place.get("room")) showGame();
else if (place.get("table")) showTable();
else showNewGame();
