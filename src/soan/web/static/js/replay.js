// The replay viewer: steps through a record, drawing every position as a spectator sees it.

import { config, context, draw, t } from "./render.js";

const slider = document.getElementById("slider");
const label = document.getElementById("step-label");
const words = document.getElementById("step-words");
const playButton = document.getElementById("playpause");
let summary = null;
let step = 0;
let timer = null;
let board = null;

async function get(path) {
  const response = await fetch(path);
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

async function show(n) {
  step = Math.max(0, Math.min(n, summary.steps.length));
  const message = await get(`/api/replays/${config.replay}/${step}`);
  if (message.board) board = message.board;
  else message.board = board;
  message.title = config.title;
  slider.value = step;
  label.textContent = `${t("replay.step")} ${step} / ${summary.steps.length}`;
  const next = summary.steps[step];
  const ctx = context(message, null);
  words.textContent = next ? `→ ${ctx.seatName(next.seat)}: ${ctx.words(next.label)}` : "";
  await draw(message, ctx);
  document.body.dataset.step = step;
}

function toggle() {
  if (timer) {
    clearInterval(timer);
    timer = null;
    playButton.textContent = `▶ ${t("replay.play")}`;
    return;
  }
  playButton.textContent = `⏸ ${t("replay.pause")}`;
  timer = setInterval(() => (step >= summary.steps.length ? toggle() : show(step + 1)), 700);
}

summary = await get(`/api/replays/${config.replay}`);
slider.max = summary.steps.length;
slider.addEventListener("input", () => show(Number(slider.value)));
document.getElementById("first").addEventListener("click", () => show(0));
document.getElementById("back").addEventListener("click", () => show(step - 1));
document.getElementById("forward").addEventListener("click", () => show(step + 1));
document.getElementById("last").addEventListener("click", () => show(summary.steps.length));
playButton.addEventListener("click", toggle);
document.addEventListener("keydown", (e) => {
  if (e.key === "ArrowRight") show(step + 1);
  if (e.key === "ArrowLeft") show(step - 1);
});
await show(0);
