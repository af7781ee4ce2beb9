// Cadenza in the browser: the new-game form, and one seat's game over a WebSocket.
// The server decides what this seat sees and may do; the page only draws the views it
// gets. Every text goes in with textContent, every drawing is built element by element.

import { $, buildSvg, make } from "./dom.js";
import { showTable, startTable } from "./table.js";

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
  $("mode").addEventListener("change", () => { $("ai-seats").hidden = $("mode").value === "table"; });
  fillGameChoices();
  $("new-form").addEventListener("submit", startGame);
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
    for (const [name, budget] of Object.entries(catalogue.strengths)) {
      select.appendChild(new Option(`AI ${name} (${budget.replace("=", " ")})`, name, false, name === "medium"));
    }
    select.appendChild(new Option("a friend (gets a seat link)", HUMAN));
    label.appendChild(select);
    box.appendChild(label);
  }
}

async function startGame(event) {
  event.preventDefault();
  if ($("mode").value === "table") {
    startTable($("game").value, Number($("players").value), $("variant").value, Number($("seat").value));
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
  connect();
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function connect() {
  const params = new URLSearchParams(location.hash.slice(1));
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws`);
  socket.addEventListener("open", () => {
    $("banner").textContent = "";
    send({ type: "join", room: params.get("room"), token: params.get("token") });
  });
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", () => {
    $("banner").textContent = "connection lost: reconnecting…";
    setTimeout(connect, 1000);
  });
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
  if (message.type === "view") {
    if (!view || message.version !== view.version) hints = [];
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
    if (s.kind === "ai") text += `AI (${s.strength})`;
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
  drawBoard();
  drawStatus();
  drawLegal();
  drawHints();
  drawLog();
  drawSummary();
  drawSeats();
  drawLinks();
  $("undo").disabled = !view.can_undo;
  $("hint").disabled = view.to_move !== view.seat || view.over !== null;
  $("turn").hidden = view.partial.length === 0;
  const list = $("partial");
  list.replaceChildren(...view.partial.map((p) => make("li", p.text)));
}

function drawBoard() {
  const legal = new Set(view.legal.map((l) => l.id));
  const hinted = new Map(hints.map((h, i) => [h.actions[partial.length] ?? h.actions[0], i + 1]));
  const svg = buildSvg(view.board);
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
  const items = hints.map((h) => {
    const item = make("li", `${h.words.join(", ")}: ${Math.round(h.value * 100)}% win chance`);
    if (h.reason) item.appendChild(make("span", ` (${h.reason})`, "reason"));
    return item;
  });
  $("hints").replaceChildren(...items);
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
  const again = make("a", "New game");
  again.href = "/";
  parts.push(again);
  box.replaceChildren(...parts);
}

function choose(id) {
  if (!view || view.to_move !== view.seat) return;
  partial = partial.concat([id]);
  send({ type: "move", actions: partial, version: view.version });
}

function takeBack() {
  partial = partial.slice(0, -1);
  if (partial.length) send({ type: "move", actions: partial, version: view.version });
  else send({ type: "view" });
}

$("take-back").addEventListener("click", takeBack);
$("undo").addEventListener("click", () => send({ type: "undo", version: view.version }));
$("hint").addEventListener("click", () => {
  $("hints").replaceChildren(make("li", "searching…"));
  send({ type: "hint", version: view.version });
});

const place = new URLSearchParams(location.hash.slice(1));
if (place.get("room")) showGame();
else if (place.get("table")) showTable();
else showNewGame();
