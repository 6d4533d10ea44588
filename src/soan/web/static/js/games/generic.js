// The readable fallback for a game without a renderer of its own: the view as
// labelled fields, lists of records as tables. Choices are the shell's buttons.

import { world } from "../hexworld.js";
import { el } from "../dom.js";

const SKIP = new Set(["log", "game", "world"]);

export function draw(root, message, ctx) {
  const v = message.view;
  if (message.board && v.world) root.append(el("div", { class: "board" }, world(message.board, v.world.cells, v.area, ctx.lang)));
  root.append(el("div", { class: "generic" }, value(v, ctx, 0)));
}

function value(v, ctx, depth) {
  if (v === null || v === undefined) return el("span", { class: "muted", text: "—" });
  if (Array.isArray(v)) {
    if (!v.length) return el("span", { class: "muted", text: "(none)" });
    if (v.every((x) => x && typeof x === "object" && !Array.isArray(x))) return records(v, ctx, depth);
    if (v.every((x) => typeof x !== "object")) return el("span", { text: v.map((x) => ctx.words(String(x))).join(", ") });
    return el("ol", {}, ...v.map((x) => el("li", {}, value(x, ctx, depth + 1))));
  }
  if (typeof v === "object") {
    const list = el("dl", { class: depth ? "nested" : "fields" });
    for (const [key, item] of Object.entries(v)) {
      if (SKIP.has(key) && depth === 0) continue;
      list.append(el("dt", { text: key.replaceAll("_", " ") }), el("dd", {}, value(item, ctx, depth + 1)));
    }
    return list;
  }
  if (typeof v === "boolean") return el("span", { text: v ? "yes" : "no" });
  return el("span", { text: ctx.words(String(v)) });
}

function records(rows, ctx, depth) {
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return el("table", { class: "records" },
    el("thead", {}, el("tr", {}, ...keys.map((k) => el("th", { text: k.replaceAll("_", " ") })))),
    el("tbody", {}, ...rows.map((r) => el("tr", {}, ...keys.map((k) => el("td", {}, value(r[k], ctx, depth + 1)))))));
}
