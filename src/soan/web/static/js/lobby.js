// The lobby: the new-table form (game, players, variant, seats, rule numbers, content),
// the tables on this server, and opening a replay.

import { changedOptions, option, optionFields, post, showVariant } from "./forms.js";
import { config, el, t } from "./render.js";

const games = Object.fromEntries(config.games.map((g) => [g.id, g]));
const form = document.getElementById("table-form");
const gameSelect = document.getElementById("game");
const playersSelect = document.getElementById("players");
const variantSelect = document.getElementById("variant");
const seatsBox = document.getElementById("seats");
const optionsBox = document.getElementById("options");
const fallback = document.getElementById("fallback");
const SEAT_KINDS = [
  ["human", t("lobby.human")], ["heuristic", "heuristic"], ["random", "random"],
  ["ismcts:iters=300", "ismcts:iters=300"], ["remote", t("lobby.remote")],
];

function fillGame() {
  const game = games[gameSelect.value];
  playersSelect.replaceChildren();
  for (let n = game.min_seats; n <= game.max_seats; n++) playersSelect.append(option(n, n, n === Math.min(3, game.max_seats) && n >= game.min_seats));
  variantSelect.replaceChildren(...game.variants.map((v) => option(v.name, v.name)));
  optionsBox.replaceChildren(...optionFields(game, "option-"));
  fillVariant();
  fillSeats();
}

function fillVariant() {
  document.getElementById("variant-about").textContent = showVariant(games[gameSelect.value], variantSelect.value, "option-");
}

function fillSeats() {
  const n = Number(playersSelect.value);
  const kept = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
  seatsBox.replaceChildren();
  for (let i = 0; i < n; i++) {
    const value = kept[i] || (i === 0 ? "human" : "heuristic");
    seatsBox.append(el("label", { class: "seat" }, `${t("lobby.seat")} ${i + 1} `,
      el("select", { name: `seat${i}`, id: `seat-${i}`, onchange: showFallback },
        ...SEAT_KINDS.map(([v, text]) => option(v, text, v === value)))));
  }
  showFallback();
}

function showFallback() {
  const remote = [...seatsBox.querySelectorAll("select")].some((s) => s.value === "remote");
  document.getElementById("fallback-row").classList.toggle("hidden", !remote);
}

function showCreated(data) {
  const box = document.getElementById("created");
  const list = el("ul", { class: "links" });
  for (const seat of data.seats) {
    if (!seat.link) continue;
    const kind = seat.kind === "remote" ? t("lobby.remote") : t("lobby.human");
    list.append(el("li", {}, el("b", { text: `${t("lobby.seat")} ${seat.seat + 1}` }), ` (${kind}): `,
      el("a", { href: seat.link, class: "seat-link", "data-seat": seat.seat, target: "_blank", text: seat.link }),
      el("br"), el("small", { text: seat.kind === "remote" ? `${t("lobby.token")}: ${seat.token}` : t("lobby.private") })));
  }
  list.append(el("li", {}, el("b", { text: t("lobby.watch") }), ": ", el("a", { href: data.watch, id: "watch-link", target: "_blank", text: data.watch })));
  box.replaceChildren(el("p", { text: t("lobby.created") }), list);
  box.classList.remove("hidden");
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const error = document.getElementById("form-error");
  error.textContent = "";
  const seats = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
  const body = { game: gameSelect.value, seats, variant: variantSelect.value, options: changedOptions(optionsBox) };
  if (seats.includes("remote")) {
    body.fallback = fallback.value;
    body.silence = Number(document.getElementById("silence").value || 0);
  }
  const file = document.getElementById("content-file").files[0];
  if (form.elements.content.value === "upload") {
    if (!file) {
      error.textContent = t("lobby.content_upload");
      return;
    }
    body.content = await file.text();
    body.content_name = file.name;
  }
  try {
    showCreated(await post("/api/tables", body));
  } catch (e) {
    error.textContent = e.message;
  }
});

document.getElementById("replay-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const error = document.getElementById("replay-error");
  error.textContent = "";
  const record = document.getElementById("record-file").files[0];
  const content = document.getElementById("replay-content").files[0];
  if (!record) {
    error.textContent = t("lobby.record");
    return;
  }
  const body = { record: await record.text() };
  if (content) Object.assign(body, { content: await content.text(), content_name: content.name });
  try {
    location.href = (await post("/api/replays", body)).link;
  } catch (e) {
    error.textContent = e.message;
  }
});

function listTables() {
  const list = document.getElementById("tables");
  if (!config.tables.length) {
    list.replaceChildren(el("li", { text: t("lobby.none") }));
    return;
  }
  list.replaceChildren(...config.tables.map((table) => el("li", {},
    el("a", { href: table.over ? `/replay/${table.table}` : `/watch/${table.table}`, text: table.title }),
    ` · ${table.variant} · ${table.seats.map((s) => (s.kind === "bot" ? s.bot : t(`table.${s.kind}`))).join(", ")}`,
    ` · ${table.ply} ${t("lobby.moves")} · ${table.over ? t("lobby.finished") : t("lobby.playing")}`)));
}

gameSelect.replaceChildren(...config.games.map((g) => option(g.id, `${g.title} (${g.min_seats}-${g.max_seats})`)));
fallback.replaceChildren(option("", t("lobby.never")), ...["heuristic", "random", "ismcts:iters=300"].map((b) => option(b, b, b === "heuristic")));
gameSelect.addEventListener("change", fillGame);
playersSelect.addEventListener("change", fillSeats);
variantSelect.addEventListener("change", fillVariant);
fillGame();
listTables();
