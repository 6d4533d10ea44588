// Form pieces the lobby's two forms share (a new table, a new study): a game's rule
// numbers as fields, a variant's numbers shown in them, and the numbers changed.

import { el } from "./dom.js";

export const option = (value, text, selected = false) => el("option", { value, selected }, text);

// One field per rule number of `game`, with ids `${prefix}${name}`.
export function optionFields(game, prefix) {
  return game.options.map((o) => {
    const id = `${prefix}${o.name}`;
    let input;
    if (typeof o.default === "boolean") {
      input = el("input", { type: "checkbox", id, name: o.name, checked: o.default });
    } else if (o.choices.length) {
      input = el("select", { id, name: o.name }, ...o.choices.map((c) => option(c, c, c === o.default)));
    } else if (Array.isArray(o.default)) {
      input = el("input", { type: "text", id, name: o.name, value: o.default.join("/"), size: 10 });
    } else {
      input = el("input", { type: "number", id, name: o.name, value: o.default, min: o.low, max: o.high, step: 1 });
    }
    input.dataset.default = JSON.stringify(o.default);
    return el("label", { class: "option", title: o.about }, el("code", { text: o.name }), " ", input,
      el("small", { text: ` ${o.allowed}${o.about ? ` · ${o.about}` : ""}` }));
  });
}

// A variant's own rule numbers show in the fields; returns the variant's line.
export function showVariant(game, name, prefix) {
  const variant = game.variants.find((v) => v.name === name);
  for (const o of game.options) {
    const input = document.getElementById(`${prefix}${o.name}`);
    const value = variant && o.name in variant.overrides ? variant.overrides[o.name] : o.default;
    if (input.type === "checkbox") input.checked = value;
    else input.value = Array.isArray(value) ? value.join("/") : value;
    input.dataset.base = JSON.stringify(value);
  }
  return variant ? variant.about : "";
}

// The rule numbers changed from the variant's, as typed.
export function changedOptions(box) {
  const options = {};
  for (const input of box.querySelectorAll("input, select")) {
    const base = JSON.parse(input.dataset.base);
    const value = input.type === "checkbox" ? input.checked : input.value.trim();
    const shown = Array.isArray(base) ? base.join("/") : base;
    if (input.type === "checkbox" ? value !== base : String(value) !== String(shown)) options[input.name] = String(value);
  }
  return options;
}

export async function post(path, body) {
  const response = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const data = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}
