// The WebSocket a page plays through (the game page's /ws, table mode's /ws/table):
// it joins with the link in the page's hash each time it opens, hands every message
// on, and comes back a second after a lost connection, until the page closes it.

import { $ } from "./dom.js";

const RECONNECT_MS = 1000;

// `place` is what the link names ("room" or "table"): the hash holds it and the
// seat's token. `receive(message)` gets each message the server sends. The connection
// answers send(message), which drops a message while the socket is not open, and
// close(), which stops it for good.
export function openSocket(path, place, receive) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  let socket = null;
  let closed = false;
  const connection = {
    send(message) {
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    },
    close() {
      closed = true; // a new game's socket replaces this one: no reconnecting
      socket.close();
    },
  };
  function connect() {
    if (closed) return;
    const params = new URLSearchParams(location.hash.slice(1));
    socket = new WebSocket(`${scheme}://${location.host}${path}`);
    socket.addEventListener("open", () => {
      $("banner").textContent = "";
      connection.send({ type: "join", [place]: params.get(place), token: params.get("token") });
    });
    socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
    socket.addEventListener("close", () => {
      if (closed) return;
      $("banner").textContent = "connection lost: reconnecting…";
      setTimeout(connect, RECONNECT_MS);
    });
  }
  connect();
  return connection;
}
