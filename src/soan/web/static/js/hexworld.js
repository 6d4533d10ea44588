// A hex-flower world (Populous, Quo Vadis) as SVG: the shapes come from the server
// (soan.boards), the terrain and pieces from the view. Every cell is a target
// `cell:<id>` the page can make clickable; the area in play is outlined.

const NS = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}, text = null) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) node.setAttribute(k, v);
  if (text !== null) node.textContent = text;
  return node;
}

// piece: {kind: "worker" | "house" | "city" | "ruin" | "fort" | "temple" | "cubes" | "vandal",
//         seat?: number, count?: number}; a ruin is a city lying face down, cubes are neutral
function piece(p, x, y, board) {
  const colour = p.seat === undefined || p.seat === null ? board.neutral_colour : board.seat_colours[p.seat % board.seat_colours.length];
  const g = svg("g", { class: `piece ${p.kind}`, "data-piece": p.kind });
  if (p.kind === "cubes") {
    g.append(svg("rect", { x: x - 6, y: y - 6, width: 12, height: 12, fill: "#fff", stroke: colour }));
    g.append(svg("text", { x, y: y + 3.5, "font-size": 9, "text-anchor": "middle", fill: colour }, String(p.count)));
    return g;
  }
  const label = p.seat === undefined || p.seat === null ? "V" : String(p.seat + 1);
  if (p.kind === "house" || p.kind === "city") {
    g.append(svg("polygon", { points: `${x - 8},${y + 7} ${x + 8},${y + 7} ${x + 8},${y - 2} ${x},${y - 9} ${x - 8},${y - 2}`, fill: colour, stroke: "#000" }));
  } else if (p.kind === "ruin") {
    g.append(svg("polygon", { points: `${x - 8},${y + 7} ${x + 8},${y + 7} ${x + 8},${y - 2} ${x},${y - 9} ${x - 8},${y - 2}`, fill: "#fff", stroke: colour, "stroke-width": 2, "stroke-dasharray": "3 2" }));
    g.append(svg("text", { x, y: y + 3.5, "font-size": 9, "text-anchor": "middle", fill: colour }, label));
    return g;
  } else if (p.kind === "fort") {
    g.append(svg("rect", { x: x - 7, y: y - 7, width: 14, height: 14, fill: colour, stroke: "#000" }));
  } else if (p.kind === "temple") {
    g.append(svg("polygon", { points: `${x},${y - 9} ${x + 9},${y + 7} ${x - 9},${y + 7}`, fill: colour, stroke: "#000" }));
  } else if (p.kind === "vandal") {
    g.append(svg("polygon", { points: `${x},${y - 8} ${x + 8},${y} ${x},${y + 8} ${x - 8},${y}`, fill: colour, stroke: "#fff" }));
  } else {
    g.append(svg("circle", { cx: x, cy: y, r: 7, fill: colour, stroke: "#000" }));
  }
  g.append(svg("text", { x, y: y + 3.5, "font-size": 9, "text-anchor": "middle", fill: "#fff" }, label));
  if (p.count > 1) g.append(svg("text", { x: x + 6, y: y + 11, "font-size": 7, class: "count" }, `×${p.count}`));
  return g;
}

// The pieces on a view's cell, whichever way the game lists them: one `piece`, a list
// of `pieces`, a `building`, or `workers` counted per seat.
export function piecesOf(cell) {
  if (Array.isArray(cell.pieces)) return cell.pieces;
  const out = [];
  if (cell.piece) out.push(cell.piece);
  if (cell.building) out.push({ kind: cell.building.face_up === false ? "ruin" : cell.building.kind, seat: cell.building.seat });
  if (cell.cubes) out.push({ kind: "cubes", count: cell.cubes });
  if (Array.isArray(cell.workers)) cell.workers.forEach((count, seat) => { if (count) out.push({ kind: "worker", seat, count }); });
  return out;
}

// The key of the area tile of genesis numbers a and b, as the world's tiles are labelled.
export function areaKey(a, b) {
  return `${Math.min(a, b)}-${Math.max(a, b)}`;
}

// cells: view cells [{id, terrain, ...pieces}]; area: tile label such as "2-4" or null;
// options.tiles (the view's tiles: pair, cells) makes every tile a target,
// options.numbers "id" labels each cell by its id (the game's own cell numbers) instead of
// its place in the tile, options.rings (tile label -> terrain) rings a tile's centre, and
// options.terrainNames gives the game's own Japanese terrain words.
export function world(board, cells, area, lang, options = {}) {
  const root = svg("svg", { viewBox: board.viewbox, class: "world", role: "img" });
  const terrainOf = new Map(cells.map((c) => [c.id, c]));
  for (const points of board.blank) root.append(svg("polygon", { points, class: "blank" }));
  for (const shape of board.cells) {
    const cell = terrainOf.get(shape.id) || {};
    const terrain = board.terrain[cell.terrain] || { colour: "#eee", ja: "" };
    const g = svg("g", { class: "cell", "data-target": `cell:${shape.id}`, "data-cell": shape.id });
    const name = lang === "ja" ? (options.terrainNames || {})[cell.terrain] || terrain.ja : cell.terrain;
    const number = options.numbers === "id" ? String(shape.id) : shape.name.split(".").pop();
    g.append(svg("title", {}, `${options.numbers === "id" ? number : shape.name} ${name || ""}`));
    for (const points of shape.hexes) g.append(svg("polygon", { points, fill: terrain.colour, class: "hex" }));
    const pieces = piecesOf(cell);
    // the centre hex carries the tile's numbers, so its own number goes below them
    const labelY = shape.centre ? shape.y + 16 : pieces.length ? shape.y - 9 : shape.y + 3;
    g.append(svg("text", { x: shape.x, y: labelY, class: "cell-name" }, number));
    pieces.forEach((p, i) => g.append(piece(p, shape.x + (i - (pieces.length - 1) / 2) * 15, shape.y, board)));
    root.append(g);
  }
  root.append(svg("path", { d: board.inner, class: "inner" }));
  for (const tile of board.tiles) root.append(svg("path", { d: tile.outline, class: "tile-edge" }));
  for (const tile of board.tiles) {
    const ring = options.rings && board.terrain[options.rings[tile.label]];
    if (ring) root.append(svg("circle", { cx: tile.x, cy: tile.y, r: 15, class: "ring", stroke: ring.colour, "data-ring": options.rings[tile.label] }));
    const centre = board.cells.find((c) => c.centre && Math.abs(c.x - tile.x) < 0.5 && Math.abs(c.y - tile.y) < 0.5);
    const occupied = centre && piecesOf(terrainOf.get(centre.id) || {}).length;
    root.append(svg("text", { x: tile.x, y: occupied ? tile.y - 11 : tile.y + 4, class: "tile-label" }, tile.label));
  }
  const chosen = board.tiles.find((tile) => tile.label === area);
  if (chosen) root.append(svg("path", { d: chosen.outline, class: "area", "data-area": area }));
  // each area tile as one target `area:<a>-<b>` (lower number first) over its cells: it
  // takes taps only while a choice names it (soan.css), so cells stay tappable otherwise
  // (with the blank hex at its centre, where a tile of three cells has one)
  const shapes = new Map(board.cells.map((c) => [c.id, c]));
  const centreOf = (points) => {
    const xy = points.split(" ").map((p) => p.split(",").map(Number));
    return [xy.reduce((a, p) => a + p[0], 0) / xy.length, xy.reduce((a, p) => a + p[1], 0) / xy.length];
  };
  const blanks = board.blank.map((points) => [points, centreOf(points)]);
  for (const tile of options.tiles || []) {
    const key = areaKey(tile.pair[0], tile.pair[1]);
    const hit = svg("g", { class: "tile-hit", "data-target": `area:${key}` });
    for (const id of tile.cells) for (const points of (shapes.get(id) || { hexes: [] }).hexes) hit.append(svg("polygon", { points }));
    const placed = board.tiles.find((t) => t.label === `${tile.pair[0]}-${tile.pair[1]}`);
    for (const [points, [x, y]] of blanks) {
      if (placed && Math.abs(x - placed.x) < 2 && Math.abs(y - placed.y) < 2) hit.append(svg("polygon", { points }));
    }
    root.append(hit);
  }
  return root;
}
