// Table mode: the person plays a real game at a real table, and this page follows it
// for their seat. It shows what to tap next (their own draws, the dice, the others'
// moves as played, a showdown's reveal), all of it built by the server from what the
// seat sees; big buttons for a phone, hints for the seat's own turns, at a level the
// person chooses when the table is made and may change while it runs.

import { $, boardSvg, hintItems, make } from "./dom.js";
import { openSocket } from "./socket.js";

let socket = null;
let view = null;
let hints = [];

export async function startTable(game, players, variant, seat, level) {
  const response = await fetch("/api/tables", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ game, players, variant, seat, level }),
  });
  const answer = await response.json();
  if (!response.ok) {
    $("new-error").textContent = answer.error;
    return;
  }
  location.hash = new URLSearchParams({ table: answer.table, token: answer.token }).toString();
  showTable();
}

export function showTable() {
  $("new-game").hidden = true;
  $("play").hidden = true;
  $("table").hidden = false;
  document.body.classList.add("table-mode");
  if (socket) socket.close();
  socket = openSocket("/ws/table", "table", receive);
}

// The hint levels the server offers ({level, words}) as the options of `select`, with
// `chosen` selected; a table saved before levels (`chosen` null) shows its old setting.
export function fillHintLevels(select, choices, chosen, setting) {
  const options = choices.map((c) => new Option(c.words, String(c.level), false, c.level === chosen));
  if (chosen === null) {
    const old = new Option(`as saved: ${setting}`, "", true, true);
    old.disabled = true;
    options.unshift(old);
  }
  select.replaceChildren(...options);
}

function receive(message) {
  if (message.type === "error") {
    $("table-error").textContent = message.message;
    $("table").dataset.busy = "no";
    if (view) drawLevel(); // a refused level: the chooser shows the level kept
    return;
  }
  if (message.type === "hints") {
    if (view && message.version === view.version) {
      hints = message.hints;
      drawHints();
      drawChoices();
    }
    return;
  }
  if (message.type === "table") {
    if (!view || message.version !== view.version) hints = [];
    view = message;
    $("table-error").textContent = "";
    draw();
  }
}

function draw() {
  // For the browser tests: where the table stands.
  Object.assign($("table").dataset, {
    phase: view.phase, version: String(view.version), busy: "no", level: String(view.hint_level),
  });
  $("table-title").textContent = `${view.game}: you are seat ${view.seat} of ${view.players}`;
  $("table-situation").textContent = view.situation;
  const board = $("table-board");
  if (view.board) board.replaceChildren(boardSvg(view.board));
  else board.replaceChildren();
  $("table-text").hidden = Boolean(view.board);
  $("table-text").textContent = view.text;
  drawChoices();
  drawHints();
  drawLevel();
  drawOver();
  const log = view.log.map((line) => make("li", line));
  if (log.length) log[log.length - 1].className = "last";
  $("table-log").replaceChildren(...log.reverse());
  $("table-undo").disabled = !view.can_undo;
  $("table-hint").disabled = view.phase !== "mine";
}

function drawChoices() {
  const first = new Map(hints.map((h, i) => [h.texts[0], i + 1]));
  const buttons = view.entries.map((entry) => {
    const button = make("button", entry.words, "choice");
    button.type = "button";
    button.dataset.text = entry.text;
    const rank = first.get(entry.text);
    const small = [entry.words !== entry.text ? entry.text : "", rank ? `hint ${rank}` : ""];
    if (small.some(Boolean)) button.appendChild(make("span", small.filter(Boolean).join(" · "), "notation"));
    if (rank) button.classList.add("hinted", `hint${rank}`);
    button.addEventListener("click", () => step(entry.text));
    return button;
  });
  $("choices").replaceChildren(...buttons);
}

function drawHints() {
  $("table-hints").replaceChildren(...hintItems(hints));
}

function drawLevel() {
  const select = $("table-level");
  fillHintLevels(select, view.hint_levels, view.hint_level, view.hint_setting);
  select.disabled = view.phase === "reveal"; // the server would refuse it until then
}

function drawOver() {
  const box = $("table-over");
  box.hidden = !view.over;
  if (!view.over) return;
  const parts = [make("p", "The game is over.", "result")];
  if (view.over.scores) {
    const scores = view.over.scores.map((s, i) => `seat ${i}: ${s === null ? "?" : s}`).join(", ");
    parts.push(make("p", `Scores: ${scores}`));
  }
  box.replaceChildren(...parts);
}

function step(text) {
  $("table").dataset.busy = "yes";
  socket.send({ type: "step", text, version: view.version });
}

$("table-level").addEventListener("change", (event) => {
  $("table").dataset.busy = "yes";
  socket.send({ type: "level", level: Number(event.target.value), version: view.version });
});
$("table-undo").addEventListener("click", () => socket.send({ type: "undo", version: view.version }));
$("table-hint").addEventListener("click", () => {
  $("table-hints").replaceChildren(make("li", "searching…"));
  socket.send({ type: "hint", version: view.version });
});
