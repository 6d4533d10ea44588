// Drawing a seat's message: the seats, the choices, the log, the result, and the game
// itself through the game's own renderer (games/<game>.js) or the readable fallback.

import { config, el, t } from "./dom.js";

export { config, el, t };

const renderers = {};

async function renderer(game) {
  if (!(game in renderers)) {
    try {
      renderers[game] = await import(`./games/${game}.js`);
    } catch (error) {
      renderers[game] = await import("./games/generic.js");
    }
  }
  return renderers[game];
}

// Names from the content file, as the page's language shows them: the server's one name
// function (soan.engine.glossary) maps every way the game's text writes a name to how it
// is shown ("Allotment gardens (市民農園)" in English, "市民農園" in Japanese). A name is
// matched as the server matches it: an English one only as a whole word, any white
// space inside it as one space.
function namer(names) {
  const forms = Object.keys(names || {}).sort((a, b) => b.length - a.length);
  const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const edged = (form) => (/^\w/.test(form) ? "(?<!\\w)" : "") + form.split(" ").map(escape).join("\\s+") + (/\w$/.test(form) ? "(?!\\w)" : "");
  const pattern = forms.length ? new RegExp(forms.map(edged).join("|"), "g") : null;
  const name = (text) => (names && names[text]) || text;
  const words = (text) => (pattern ? text.replace(pattern, (m) => names[m.replace(/\s+/g, " ")] ?? m) : text);
  return { name, words };
}

export function context(message, send) {
  const colours = config.colours || ["#c2185b", "#1a3d8f", "#e07b00", "#6a1b9a", "#00796b"];
  const { name, words } = namer(config.names);
  return {
    t, lang: config.lang, name, words, send,
    colour: (seat) => colours[seat % colours.length],
    seatName: (seat) => (seat === message.seat ? `${t("table.seat")} ${seat + 1} (${t("table.you")})` : `${t("table.seat")} ${seat + 1}`),
  };
}

export async function draw(message, ctx) {
  const module = await renderer(message.game);
  const game = document.getElementById("game");
  game.replaceChildren();
  module.draw(game, message, ctx);
  labelCells(game);
  drawSeats(document.getElementById("seats"), message, ctx);
  drawLog(document.getElementById("log"), message, ctx, module);
  drawResult(document.getElementById("result"), message, ctx);
  const choices = document.getElementById("choices");
  if (choices) drawChoices(choices, message, ctx, module);
}

// A table's cells carry their column's heading, so that on a phone a row reads as a
// card of "heading: value" pairs (soan.css) instead of scrolling sideways.
function labelCells(root) {
  for (const table of root.querySelectorAll("table")) {
    const heads = [...table.querySelectorAll("thead th")].map((th) => th.textContent);
    if (!heads.length) continue;
    for (const row of table.querySelectorAll("tbody tr")) {
      [...row.children].forEach((cell, i) => { if (heads[i]) cell.dataset.label = heads[i]; });
    }
  }
}

function drawSeats(root, message, ctx) {
  root.replaceChildren(el("h3", { text: message.title || "" }));
  const list = el("ul", { class: "seat-list" });
  for (const seat of message.seats) {
    const kind = seat.kind === "bot" ? `${t("table.bot")} ${seat.bot}` : t(`table.${seat.kind}`);
    list.append(el("li", { class: seat.seat === message.to_move ? "moving" : "", "data-seat": seat.seat },
      el("span", { class: "chip", style: `background:${ctx.colour(seat.seat)}` }),
      ` ${ctx.seatName(seat.seat)} · ${kind}`,
      seat.replaced ? el("small", { text: ` (${t("table.replaced")})` }) : null,
      seat.seat === message.to_move ? " ◀" : null));
  }
  root.append(list);
}

function drawLog(root, message, ctx, module) {
  const lines = message.view.log || [];
  root.replaceChildren(...lines.slice(-200).map((line) => el("li", { text: translate(module, line, ctx) })));
  root.scrollTop = root.scrollHeight;
}

function translate(module, text, ctx) {
  const named = ctx.words(text);
  return ctx.lang === "ja" && module.japanese ? module.japanese(named) : named;
}

function drawResult(root, message, ctx) {
  if (!message.over || !message.result) {
    root.classList.add("hidden");
    return;
  }
  const r = message.result;
  const sources = Object.keys(r.breakdown[0] || {});
  const head = el("tr", {}, el("th", { text: t("table.seat") }), ...sources.map((s) => el("th", { text: s })), el("th", { text: t("table.total") }));
  const rows = r.scores.map((score, seat) => el("tr", { class: r.winners.includes(seat) ? "winner" : "" },
    el("td", {}, el("span", { class: "chip", style: `background:${ctx.colour(seat)}` }), ` ${ctx.seatName(seat)}${r.winners.includes(seat) ? " ★" : ""}`),
    ...sources.map((s) => el("td", { text: r.breakdown[seat][s] })), el("td", { class: "total", text: score })));
  const winners = r.winners.length ? `${t("table.winner")}: ${r.winners.map((s) => ctx.seatName(s)).join(", ")}` : t("table.draw");
  root.replaceChildren(
    el("h3", { text: t("table.over") + (r.unfinished ? ` (${t("table.unfinished")})` : "") }),
    el("p", { class: "winners", text: winners }),
    el("table", { class: "breakdown", id: "breakdown" }, el("thead", {}, head), el("tbody", {}, rows)),
    r.seed !== undefined ? el("p", { class: "hint", text: `${t("table.seed")}: ${r.seed}` }) : null,
  );
  if (message.table) {
    root.append(el("p", {}, el("a", { href: `/replay/${message.table}`, text: t("table.replay") }), " · ",
      el("a", { href: `/api/tables/${message.table}/record`, download: `${message.table}.json`, text: t("table.record") })));
  }
  if (message.seat !== null && message.seat !== undefined && ctx.send) {
    if (message.next && message.next.token) {
      root.append(el("p", { id: "next" }, t("table.next"), " ", el("a", { href: `/play/${message.next.token}`, id: "next-link", text: `/play/${message.next.token}` })));
    } else {
      root.append(el("button", { id: "again", onclick: () => ctx.send({ type: "again" }), text: t("table.again") }));
    }
  } else if (message.next) {
    root.append(el("p", {}, t("table.next"), " ", el("a", { href: `/watch/${message.next.table}`, text: `/watch/${message.next.table}` })));
  }
  root.classList.remove("hidden");
}

export function targetsOf(message, module) {
  const targets = new Map();
  if (!module.target) return targets;
  for (const choice of message.choices) {
    const key = module.target(choice.action, message);
    if (!key) continue;
    if (!targets.has(key)) targets.set(key, []);
    targets.get(key).push(choice);
  }
  return targets;
}

// A choice's words; one that is legal but changes nothing now says so (the terminal's
// "(no effect now)").
function choiceWords(module, choice, message, ctx) {
  const own = ctx.lang === "ja" && module.label ? module.label(choice.action, message, ctx) : null;
  const words = own || translate(module, choice.label, ctx);
  return choice.no_effect ? `${words} (${t("table.no_effect")})` : words;
}

// The choices: on a wide screen the side panel that follows the viewport, on a phone a
// sheet fixed to the bottom of the screen (soan.css) that its header folds and unfolds.
// The buttons are the accessible path; the board's highlighted targets are shortcuts.
let folded = false;
let wasMine = false;

function drawChoices(root, message, ctx, module) {
  root.replaceChildren();
  const mine = Boolean(message.your_turn);
  if (mine && !wasMine) folded = false;  // a new turn opens the sheet
  wasMine = mine;
  if (message.seat === null || message.seat === undefined) {
    root.append(el("p", { class: "prompt", text: t("table.spectator") }));
    return;
  }
  if (!mine && !message.undo && message.over) return;
  const body = el("div", { id: "choice-body", class: "choice-body" });
  const toggle = el("button", {
    class: "quiet sheet-toggle", type: "button", "aria-controls": "choice-body",
    "aria-expanded": String(!folded), "aria-label": t(folded ? "table.show" : "table.hide"),
    text: folded ? "▴" : "▾",
  });
  const prompt = mine ? t("table.your_turn") : message.over ? t("table.over") : `${t("table.waiting")} ${message.to_move + 1}`;
  const head = el("div", { class: "sheet-head" }, el("h3", { class: "prompt", text: prompt }), toggle);
  toggle.addEventListener("click", () => {
    folded = !folded;
    root.classList.toggle("folded", folded);
    toggle.setAttribute("aria-expanded", String(!folded));
    toggle.setAttribute("aria-label", t(folded ? "table.show" : "table.hide"));
    toggle.textContent = folded ? "▴" : "▾";
  });
  root.classList.toggle("folded", folded);
  root.append(head, body);
  if (mine) {
    const list = el("div", { class: "choice-list" });
    message.choices.forEach((choice, i) => {
      list.append(el("button", {
        class: choice.no_effect ? "choice no-effect" : "choice", type: "button",
        "data-action": JSON.stringify(choice.action), "data-index": i,
        onclick: () => ctx.send({ type: "action", action: choice.action, ply: message.ply }),
      }, choiceWords(module, choice, message, ctx)));
    });
    body.append(list);
    const targets = targetsOf(message, module);
    if (targets.size) body.append(el("p", { class: "hint", text: t("table.click_hint") }));
    for (const node of document.querySelectorAll("#game [data-target]")) {
      const chosen = targets.get(node.dataset.target);
      if (!chosen) continue;
      node.classList.add("choosable");
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      node.setAttribute("title", chosen.map((c) => choiceWords(module, c, message, ctx)).join(" / "));
      const pick = (event) => {
        event.stopPropagation();
        if (chosen.length === 1) ctx.send({ type: "action", action: chosen[0].action, ply: message.ply });
        else flash(chosen);
      };
      node.addEventListener("click", pick);
      node.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pick(e); } });
    }
  }
  if (message.undo) {
    body.append(el("button", { id: "undo", class: "quiet", type: "button", onclick: () => ctx.send({ type: "undo" }), text: t("table.undo") }));
  }
}

// A target naming several choices: unfold the choices and light those buttons.
function flash(choices) {
  const root = document.getElementById("choices");
  if (root && root.classList.contains("folded")) root.querySelector(".sheet-toggle")?.click();
  choices.forEach((choice, i) => {
    const button = document.querySelector(`.choice[data-action='${JSON.stringify(choice.action)}']`);
    if (button) {
      if (i === 0) button.scrollIntoView({ block: "nearest" });
      button.classList.add("flash");
      setTimeout(() => button.classList.remove("flash"), 900);
    }
  });
}
