// The lobby's lab: start a study of a variant, rule numbers or an edited content file,
// and the studies this browser started (kept in localStorage: each opens only from its
// private link, so the server lists them to nobody).

import { config, el, t } from "./dom.js";
import { changedOptions, option, optionFields, post, showVariant } from "./forms.js";

const KEPT = "soan.studies";
const games = Object.fromEntries(config.games.map((g) => [g.id, g]));
const gameSelect = document.getElementById("lab-game");
const variantSelect = document.getElementById("lab-variant");
const playersSelect = document.getElementById("lab-players");
const optionsBox = document.getElementById("lab-options");
const BOT_CHOICES = ["heuristic", "random", "heuristic,random", "ismcts:iters=100"];

function fillGame() {
  const game = games[gameSelect.value];
  variantSelect.replaceChildren(...game.variants.map((v) => option(v.name, v.name)));
  optionsBox.replaceChildren(...optionFields(game, "lab-option-"));
  playersSelect.replaceChildren(option("", "—", true));
  for (let n = game.min_seats; n <= game.max_seats; n++) playersSelect.append(option(n, n));
  fillVariant();
}

function fillVariant() {
  document.getElementById("lab-variant-about").textContent = showVariant(games[gameSelect.value], variantSelect.value, "lab-option-");
}

const kept = () => JSON.parse(localStorage.getItem(KEPT) || "[]");

async function listStudies() {
  const list = document.getElementById("studies");
  const studies = kept();
  if (!studies.length) {
    list.replaceChildren(el("li", { text: t("lab.none") }));
    return;
  }
  list.replaceChildren(...studies.map((s) => el("li", { "data-job": s.job },
    el("a", { href: s.link, class: "study-link", text: `${s.title} · ${s.variant}${s.content ? ` + ${s.content}` : ""}` }),
    el("small", { class: "study-state", text: "" }))));
  for (const s of studies) {
    const response = await fetch(`/lab/jobs/${s.job}/${s.key}/status`).catch(() => null);
    if (!response || !response.ok) continue;
    const job = await response.json();
    const state = list.querySelector(`[data-job="${s.job}"] .study-state`);
    const p = job.provenance;
    state.textContent = ` · ${t(`lab.${job.state}`)} · ${job.games_done} / ${job.games} ${t("lab.games_done")}`
      + ` · ${(p.runs || []).join(" / ")} · ${[...new Set(p.bots || [])].join(", ")} × ${p.players}`
      + ` · ${t("lab.seed")} ${p.seed} · soan ${p.soan_version}`;
  }
}

// a review plays the draft's own rules and cards: what a study varies is set aside
document.getElementById("lab-kind").addEventListener("change", (event) => {
  const review = event.target.value === "review";
  for (const field of [variantSelect, document.getElementById("lab-content"),
    ...optionsBox.querySelectorAll("input, select")]) field.disabled = review;
});

document.getElementById("lab-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const error = document.getElementById("lab-form-error");
  error.textContent = "";
  const game = games[gameSelect.value];
  const kind = document.getElementById("lab-kind").value;
  const review = kind === "review";  // a review plays the draft's own rules and cards
  const body = {
    kind, game: game.id, variant: review ? "default" : variantSelect.value,
    options: review ? {} : changedOptions(optionsBox),
    bots: document.getElementById("lab-bots").value,
    games: Number(document.getElementById("lab-games").value),
  };
  if (playersSelect.value) body.players = Number(playersSelect.value);
  const file = review ? null : document.getElementById("lab-content").files[0];
  if (file) Object.assign(body, { content: await file.text(), content_name: file.name });
  document.getElementById("lab-start").disabled = true;
  try {
    const made = await post("/lab/jobs", body);
    const studies = kept().filter((s) => s.job !== made.job);
    studies.unshift({ job: made.job, key: made.key, link: made.link, title: game.title, variant: review ? kind : body.variant, content: file ? file.name : null });
    localStorage.setItem(KEPT, JSON.stringify(studies.slice(0, 50)));
    location.href = made.link;
  } catch (e) {
    error.textContent = e.message;
  } finally {
    document.getElementById("lab-start").disabled = false;
  }
});

gameSelect.replaceChildren(...config.games.map((g) => option(g.id, g.title)));
document.getElementById("lab-bots").replaceChildren(...BOT_CHOICES.map((b) => option(b, b, b === "heuristic")));
gameSelect.addEventListener("change", fillGame);
variantSelect.addEventListener("change", fillVariant);
fillGame();
listStudies();
