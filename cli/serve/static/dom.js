// How the page builds what the server sends: text goes in with
// textContent, a drawing is built element by element from the lists below.

export const $ = (id) => document.getElementById(id);

export const SVG_NS = "http://www.w3.org/2000/svg";
// What the page builds of a drawing (engine/svgtree.py keeps the same lists).
export const TAGS = new Set(["svg", "g", "rect", "circle", "line", "text", "title", "polygon", "polyline"]);
export const ATTRS = new Set([
  "viewBox", "width", "height", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx",
  "points", "class", "data-action", "data-face", "text-anchor", "font-size", "role", "aria-label",
]);

export function make(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

export function buildSvg(node) {
  if (!node || !TAGS.has(node.tag)) return document.createComment("dropped");
  const element = document.createElementNS(SVG_NS, node.tag);
  for (const [name, value] of Object.entries(node.attrs || {})) {
    if (ATTRS.has(name)) element.setAttribute(name, String(value));
  }
  if (typeof node.text === "string") element.textContent = node.text;
  for (const child of node.children || []) element.appendChild(buildSvg(child));
  return element;
}

// A board as buildSvg makes it, holding its drawing's width as --natural-width, so
// that a narrow screen can keep the board at a readable size and scroll it sideways
// in its own box (style.css) instead of shrinking its text to a few pixels.
export function boardSvg(node) {
  const svg = buildSvg(node);
  const box = String(node?.attrs?.viewBox ?? "").split(/[\s,]+/).map(Number);
  if (svg.style && box.length === 4 && box[2] > 0) {
    svg.style.setProperty("--natural-width", String(box[2]));
  }
  return svg;
}

// A hint list's items, one a hint: its words, its win chance, and its reason.
export function hintItems(hints) {
  return hints.map((h) => {
    const item = make("li", `${h.words.join(", ")}: ${Math.round(h.value * 100)}% win chance`);
    if (h.reason) item.appendChild(make("span", ` (${h.reason})`, "reason"));
    return item;
  });
}
