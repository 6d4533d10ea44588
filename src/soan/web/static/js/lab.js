// A study's page: its settings and provenance, a progress bar with the games done and
// the time left, and once it is done the report soan study wrote, in the page.

import { config, el, t } from "./dom.js";

const EVERY = 1000;  // ms between looks at the study
const stateWords = (state) => t(`lab.${state}`);

function showSettings(job) {
  const s = job.settings;
  const p = job.provenance;
  const rows = [
    [t("lobby.variant"), s.variant],
    [t("lobby.rules"), s.options.length ? s.options.join(", ") : "—"],
    [t("lobby.content"), job.content_name || t("lab.content_none")],
    [t("lab.bots"), (p.bots || [s.bots]).join(", ")],
    [t("lobby.players"), p.players],
    [t("lab.games"), s.games],
    [t("lab.runs"), (p.runs || []).join(" · ")],
    [t("lab.seed"), s.seed],
    [t("lab.version"), p.soan_version],
  ];
  document.getElementById("lab-settings").replaceChildren(
    ...rows.flatMap(([k, v]) => [el("dt", { text: k }), el("dd", { text: String(v) })]));
}

function showProgress(job) {
  document.getElementById("lab-state").textContent = stateWords(job.state);
  document.body.dataset.state = job.state;
  const bar = document.getElementById("lab-progress");
  bar.max = job.games;
  bar.value = job.games_done;
  let words = `${job.games_done} / ${job.games} ${t("lab.games_done")}`;
  if (job.seconds_left !== null) words += ` · ${t("lab.left")} ${job.seconds_left} ${t("lab.seconds")}`;
  document.getElementById("lab-count").textContent = words;
  document.getElementById("lab-error").textContent = job.error || "";
}

function showReport(job) {
  const here = config.lang === "ja" ? "ja" : "en";
  const other = here === "ja" ? "en" : "ja";
  document.getElementById("report-frame").src = job.reports[here];
  document.getElementById("report-open").href = job.reports[here];
  document.getElementById("report-other").href = job.reports[other];
  document.getElementById("lab-report").classList.remove("hidden");
}

async function look() {
  let job;
  try {
    const response = await fetch(config.status);
    job = await response.json();
    if (!response.ok) throw new Error(job.error || response.statusText);
  } catch (e) {
    document.getElementById("lab-error").textContent = e.message;
    setTimeout(look, EVERY * 3);
    return;
  }
  showSettings(job);
  showProgress(job);
  if (job.state === "done") showReport(job);
  else if (job.state !== "failed") setTimeout(look, EVERY);
}

look();
