// The page: wires the board, the move input, the game, the clock, the engine session,
// the editor and PDN to the controls of index.html. The server answers every rules
// question (api.js), so nothing here knows the rules of any rule set.

import { get, post } from './api.js';
import { Board } from './board.js';
import { GameState } from './game.js';
import { EngineSession } from './engine.js';
import { Editor } from './editor.js';
import { MoveInput } from './input.js';
import { Clock } from './clock.js';
import { TreeView } from './treeview.js';
import { TreeEditor } from './treeedit.js';
import { readFile, download } from './pdn.js';
import { Collection } from './collection.js';
import { Explorer } from './explorer.js';
import { Duel } from './duel.js';
import { Lessons } from './lessons.js';
import { saveSvg, savePng } from './picture.js';
import { Puzzles } from './puzzles.js';

const $ = (id) => document.getElementById(id);

const state = {
  variants: new Map(),  // name -> layout, from /api/variants
  game: null,           // GameState
  reply: null,          // /api/position's reply for the position shown
  analysing: false,
  lines: new Map(),     // multipv -> the latest info of the analysis
  editing: false,
  over: null,           // a result the page gives (a clock run out)
  request: 0,           // the number of the latest position request
  analysed: null,       // the tree's node whose position the analysis lines are of
  reviewer: 'none',     // the engine's side when the game's analysis was asked for
};

const editor = new Editor();
const board = new Board($('board'), { onSquare: pick, onPress: pick });
const input = new MoveInput($('choice'), { onMove: (text) => attempt(() => enterMove(text)), onChange: render });
const clock = new Clock({ white: $('clock-white'), black: $('clock-black') });
const engine = new EngineSession({ onInfo, onDone, onProgress, onReview });
const explorer = new Explorer({ onMove: (text) => attempt(() => playMove(text)) });
const collection = new Collection({
  variant: () => state.game.variant,
  shown: () => state.game.shown(),
  load: showPdn,
  changed: showExplorer,
  say,
});
const treeView = new TreeView($('moves'), { onPick: (node) => attempt(() => showNode(node)) });
const treeEditor = new TreeEditor(
  { comment: $('comment'), glyphs: $('glyphs'), promote: $('tree-promote'), main: $('tree-main'), remove: $('tree-delete') },
  { game: () => state.game, onEdit: renderMoves, onMove: () => attempt(refresh) },
);
const lessons = new Lessons({
  engine: () => engine.id,
  game: () => state.game.whole(),
  show: navigate,
  fen: () => state.reply && state.reply.fen,
  quiet: () => state.analysing && analyse(false),
  say,
});
const puzzles = new Puzzles({
  variant: () => state.game.variant,
  game: () => state.game,
  put: putPuzzle,
  play: playMove,
  back: (plies) => navigate(state.game.index - plies),
  showLine: showPuzzleLine,
  redraw: render,
  say,
});
const duel = new Duel({ engine, show: showGame, position: () => ({ variant: state.game.variant, fen: state.reply.fen }), say });

function say(text) {
  $('message').textContent = text || '';
}

// Runs `work`, showing what goes wrong instead of throwing.
async function attempt(work) {
  try {
    await work();
  } catch (error) {
    say(error.message);
  }
}

// ---- the game and the position shown ----

// A new game from the start position or `fen`, with the move tree `tree` (docs/gui.md).
async function newGame(variant, fen = null, tree = null) {
  await stopEngine();
  state.game = new GameState(variant, fen);
  if (tree) state.game.load(tree);
  $('chart').replaceChildren();
  $('review-progress').textContent = '';
  lessons.reset();
  state.over = null;
  state.editing = false;
  $('variant').value = variant;
  board.setVariant(state.variants.get(variant));
  resetClock();
  say('');
  await refresh();
}

// Shows a game the page does not play, an engine game's, at its last move: the moves
// are added to the game shown when they continue it.
async function showGame(variant, fen, moves) {
  const shown = state.game;
  if (shown.variant !== variant || shown.start !== fen || shown.moves.some((text, index) => moves[index] !== text)) {
    $('engine-side').value = 'none';
    await newGame(variant, fen);
  }
  const game = state.game;
  game.go(game.moves.length);
  for (const text of moves.slice(game.moves.length)) game.play(text);
  await refresh();
}

// Asks the server for the position shown, draws it, and starts whatever search it
// calls for (the engine's move, or the analysis).
async function refresh() {
  const number = ++state.request;
  document.body.dataset.busy = 'true';
  await stopEngine();
  const reply = await post('/api/position', state.game.shown());
  if (number !== state.request) return;
  delete document.body.dataset.busy;
  state.reply = reply;
  input.reset(reply.legal);
  state.lines.clear();
  runClock();
  render();
  showExplorer();
  await startSearch();
}

// The explorer's parts for the position shown, while its panel is open.
function showExplorer() {
  attempt(() => explorer.show(state.game.shown()));
}

function engineSide() {
  return $('engine-side').value;
}

function engineToMove() {
  const reply = state.reply;
  return reply && !reply.result && !state.over && !state.editing && state.game.atEnd() && engineSide() === reply.side;
}

async function startSearch() {
  if (state.editing || !engine.id) return;
  if (state.analysing) {
    if (state.reply.result) return;
    const multipv = Number($('multipv').value) || 1;
    state.analysed = state.game.current();
    await engine.go(state.game.shown(), 'analyse', { multipv });
  } else if (engineToMove()) {
    await engine.go(state.game.whole(), 'play', timing());
  }
}

async function stopEngine() {
  if (engine.id) await engine.abandon().catch(() => {});
}

// The engine's time: a move time, or its clock; and its level.
function timing() {
  const strength = Math.max(1, Math.min(10, Number($('strength').value) || 10));
  if (clock.on) return { clock: clock.engineTime(state.reply.side), strength };
  return { movetime: Math.max(0.05, Number($('movetime').value) || 1), strength };
}

// A move entered on the board: checked in a puzzle being solved, a try in a lesson's
// position, else played.
async function enterMove(text) {
  if (puzzles.solving) {
    await puzzles.move(text);
    return;
  }
  if (!(await lessons.tryMove(text))) {
    await playMove(text);
    return;
  }
  input.hideChoice();
  input.reset(state.reply.legal);
  render();
}

async function playMove(text) {
  const mover = state.reply.side;
  state.game.play(text);
  clock.charge(mover);
  input.hideChoice();
  await refresh();
}

// ---- puzzles (puzzles.js): a puzzle is a new game from its position ----

async function putPuzzle(puzzle) {
  if (state.analysing) await analyse(false);
  $('engine-side').value = 'none';
  board.setFlipped(puzzle.side === 'black');
  await newGame(state.game.variant, puzzle.fen);
}

// Shows the line `texts` from the puzzle's start as the game's main line (beside the
// moves tried), at its start.
async function showPuzzleLine(texts) {
  const game = state.game;
  game.go(0);
  for (const text of texts) game.play(text);
  const end = game.current();
  game.makeMainLine(end);
  game.select(end);
  await navigate(0);
}

// ---- entering moves: click or drag, landing square by landing square (input.js) ----

function pick(name) {
  if (state.editing) {
    editor.place(name, document.querySelector('input[name=piece]:checked').value);
    render();
    return;
  }
  const reply = state.reply;
  if (!reply || reply.result || state.over || engineToMove() || duel.running || puzzles.blocks(reply.side)) return;
  input.pick(name);
}

// ---- drawing ----

function render() {
  const reply = state.reply;
  if (state.editing) {
    board.draw({ pieces: editor.list() });
    return;
  }
  const best = state.lines.get(1);
  board.draw({
    pieces: reply.pieces,
    last: reply.last || [],
    selected: input.selected(),
    targets: input.targets(),
    hint: puzzles.hintSquare(),
    arrow: best ? moveSquares(best.pv[0]) : moveSquares(puzzles.hintMove()),
  });
  $('board').dataset.fen = reply.fen;
  $('fen').value = reply.fen;
  $('to-move').textContent = `${capital(reply.side)} to move.`;
  $('result').textContent = state.over || resultText(reply.result);
  $('counters').textContent = counterText(reply.counters);
  renderMoves();
  renderLines();
  clock.draw();
  puzzles.drawState();
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function resultText(result) {
  if (!result) return '';
  const who = result.outcome === 'draw' ? 'Draw' : `${capital(result.outcome)} wins`;
  return `${who} (${result.reason}), ${result.pdn}.`;
}

function counterText(counters) {
  const parts = [];
  if (counters.move_limit) parts.push(`move limit: ${counters.move_limit.plies} of ${counters.move_limit.limit} half-moves`);
  if (counters.lone_king) parts.push(`lone king: ${counters.lone_king.plies} of ${counters.lone_king.limit} half-moves`);
  if (counters.repetitions > 1) parts.push(`position seen ${counters.repetitions} times`);
  return parts.join('; ');
}

// The squares of the legal move written `text` now: where it starts, and its landings.
function moveSquares(text) {
  const move = text && state.reply.legal.find((legal) => legal.text === text);
  return move ? [move.from, ...move.paths[0]] : null;
}

// The move tree, numbered from the side the game starts with, and its editing controls.
function renderMoves() {
  const game = state.game;
  const layout = state.variants.get(game.variant);
  // A game from a FEN may start with the second player: its first move is then "1...".
  const startSide = (game.start || layout.start).trim().charAt(0).toUpperCase() === 'W' ? 'white' : 'black';
  treeView.draw(game, startSide === layout.first ? 0 : 1);
  treeEditor.show();
}

// The analysis lines, each with its score from White's side, and the evaluation bar.
function renderLines() {
  const box = $('lines');
  box.replaceChildren();
  const sign = state.reply.side === 'white' ? 1 : -1;
  for (const info of [...state.lines.values()].sort((a, b) => a.multipv - b.multipv)) {
    const line = document.createElement('div');
    line.className = 'line';
    line.dataset.multipv = String(info.multipv);
    const score = document.createElement('span');
    score.className = 'score';
    score.textContent = scoreText(info, sign);
    line.append(addLineButton(info.multipv), score, ` d${info.depth} `, info.pv.join(' '), `  (${info.nodes} nodes, ${Math.round(info.nps / 1000)} kn/s)`);
    box.appendChild(line);
  }
  const best = state.lines.get(1);
  let share = 50;
  if (best) share = best.win_in !== null ? (sign * best.win_in > 0 ? 100 : 0) : 50 + Math.max(-5, Math.min(5, sign * best.score)) * 10;
  $('evalbar-white').style.height = `${share}%`;
}

function addLineButton(multipv) {
  const button = document.createElement('button');
  button.className = 'add-line';
  button.dataset.multipv = String(multipv);
  button.title = 'add this line to the move tree';
  button.textContent = '+';
  return button;
}

// Adds analysis line `multipv` to the tree, from the position it is of; the server checks
// its moves (and writes them as the move list does) before they go in.
async function addEngineLine(multipv) {
  const info = state.lines.get(multipv);
  const from = state.analysed;
  if (!info || !from) return;
  const moves = from.path().map((node) => node.move);
  const reply = await post('/api/position', { ...state.game.whole(), moves: [...moves, ...info.pv] });
  state.game.addLine(reply.played.slice(moves.length), from);
  renderMoves();
}

function scoreText(info, sign) {
  if (info.win_in !== null) {
    const white = sign * info.win_in > 0;
    return `${white ? 'White' : 'Black'} wins in ${Math.abs(info.win_in)}`;
  }
  const men = sign * info.score;
  return `${men > 0 ? '+' : ''}${men.toFixed(2)}`;
}

// ---- the engine's reports ----

function onInfo(info) {
  state.lines.set(info.multipv, info);
  render();
}

function onDone(done, mode) {
  if (mode === 'play' && done.best && engineToMove()) attempt(() => playMove(done.best));
}

// ---- whole-game analysis ----

async function reviewGame() {
  const movetime = Math.max(0.05, Number($('review-movetime').value) || 0.5);
  $('review-progress').textContent = 'starting...';
  lessons.reset();
  state.reviewer = engineSide();
  await engine.reviewGame(state.game.whole(), movetime);
}

function onProgress(progress) {
  $('review-progress').textContent = `${progress.done} of ${progress.total} moves`;
}

// The comments go with the moves (and into a saved PDN); mistakes and blunders are
// marked in the move list; the chart is the server's SVG, made from the game alone.
function onReview(review) {
  const game = state.game;
  if (!game.annotate(review.comments, review.marks)) return;
  const mistakes = review.marks.filter((mark) => mark).length;
  $('review-progress').textContent = `done: ${mistakes} mistake${mistakes === 1 ? '' : 's'} or blunder${mistakes === 1 ? '' : 's'}`;
  $('chart').innerHTML = review.chart;
  lessons.offer({ white: 'black', black: 'white' }[state.reviewer]);
  renderMoves();
}

// ---- the clock (clock.js): the page runs both sides' clocks when playing with one ----

// The number in the field `id`, `fallback` when it holds none, and never below the
// field's min: a number typed in is taken as it is (a negative clock would lose at once).
function fieldNumber(id, fallback) {
  const field = $(id);
  return Math.max(Number(field.min), Number(field.value) || fallback);
}

function resetClock() {
  const useClock = document.querySelector('input[name=timing]:checked').value === 'clock';
  clock.reset(useClock ? { minutes: fieldNumber('clock-minutes', 5), increment: fieldNumber('clock-increment', 0) } : null);
  state.over = null;
}

function runClock() {
  const runs = state.game.atEnd() && !state.reply.result && !state.over && engineSide() !== 'none';
  clock.run(runs ? state.reply.side : null);
}

function tick() {
  if (!clock.running) return;
  const loser = clock.ranOut();
  if (!loser) {
    clock.draw();
    return;
  }
  state.over = `${capital(loser === 'white' ? 'black' : 'white')} wins on time.`;
  attempt(stopEngine);
  render();
}

// ---- controls ----

async function showNode(node) {
  state.game.select(node);
  await refresh();
}

async function navigate(index) {
  state.game.go(index);
  await refresh();
}

async function undo() {
  const game = state.game;
  const plies = engineSide() !== 'none' && state.reply.side !== engineSide() && game.moves.length >= 2 ? 2 : 1;
  for (let count = 0; count < plies; count++) game.undo();
  game.go(game.moves.length);
  clock.run(null);
  state.over = null;
  await refresh();
}

async function analyse(on) {
  state.analysing = on;
  $('analyse-start').disabled = on;
  $('analyse-stop').disabled = !on;
  if (on) {
    await refresh();
  } else {
    await stopEngine();
    await refresh();
  }
}

async function loadPdn(text) {
  const game = await post('/api/pdn/read', { variant: state.game.variant, text });
  await showPdn(game);
  say(game.games > 1 ? `The text holds ${game.games} games; the first is loaded.` : '');
}

// Puts a game as /api/pdn/read gives it on the board, at `ply`.
async function showPdn(game, ply = 0) {
  $('engine-side').value = 'none';
  await newGame(game.variant, game.fen, game.tree);
  if (ply) await navigate(ply);
}

async function savePdn() {
  const date = new Date().toISOString().slice(0, 10).replaceAll('-', '.');
  const tags = [['Event', 'crownhead gui'], ['Date', date]];
  const { variant, start: fen } = state.game;
  const { pdn } = await post('/api/pdn/write', { variant, fen, tags, tree: state.game.toLine() });
  $('pdn-out').value = pdn;
  download(pdn, 'crownhead.pdn');
}

async function copyFen() {
  try {
    await navigator.clipboard.writeText(state.reply.fen);
    say('FEN copied.');
  } catch {
    $('fen').select();
    say('Select and copy the FEN above.');
  }
}

async function startEditing() {
  await stopEngine();
  state.editing = true;
  editor.load(state.reply.pieces, state.reply.side);
  $('edit-side').value = state.reply.side;
  setEditing(true);
  render();
}

function setEditing(on) {
  $('board').classList.toggle('editing', on);
  $('edit-start').disabled = on;
  $('edit-clear').disabled = !on;
  $('edit-done').disabled = !on;
}

async function finishEditing() {
  editor.side = $('edit-side').value;
  const fen = editor.fen();
  await post('/api/position', { variant: state.game.variant, fen, moves: [] });
  setEditing(false);
  $('engine-side').value = 'none';
  await newGame(state.game.variant, fen);
}

function bind(id, event, work) {
  $(id).addEventListener(event, () => attempt(work));
}

function bindControls() {
  bind('variant', 'change', async () => {
    await newGame($('variant').value);
    await puzzles.summary();
  });
  bind('first', 'click', () => navigate(0));
  bind('back', 'click', () => navigate(state.game.index - 1));
  bind('forward', 'click', () => navigate(state.game.index + 1));
  bind('last', 'click', () => navigate(state.game.moves.length));
  bind('undo', 'click', undo);
  bind('flip', 'click', () => { board.setFlipped(!board.flipped); render(); });
  bind('new-game', 'click', () => newGame(state.game.variant));
  bind('load-fen', 'click', () => newGame(state.game.variant, $('fen').value.trim()));
  bind('copy-fen', 'click', copyFen);
  bind('engine-side', 'change', () => { resetClock(); return refresh(); });
  for (const radio of document.querySelectorAll('input[name=timing]')) {
    radio.addEventListener('change', () => { resetClock(); clock.draw(); });
  }
  bind('analyse-start', 'click', () => analyse(true));
  bind('analyse-stop', 'click', () => analyse(false));
  bind('multipv', 'change', () => state.analysing && refresh());
  bind('review-start', 'click', reviewGame);
  bind('pdn-load', 'click', () => loadPdn($('pdn-text').value));
  bind('pdn-file', 'change', async () => {
    const file = $('pdn-file').files[0];
    if (!file) return;
    $('pdn-text').value = await readFile(file);
    await loadPdn($('pdn-text').value);
  });
  bind('pdn-save', 'click', savePdn);
  bind('edit-start', 'click', startEditing);
  bind('edit-clear', 'click', () => { editor.clear(); render(); });
  bind('edit-done', 'click', finishEditing);
  collection.bind(attempt);
  lessons.bind(attempt);
  puzzles.bind(attempt);
  $('explorer').addEventListener('toggle', showExplorer);
  // A button of an analysis line is drawn again with each report: a click on it may end
  // on its successor, so the press's end counts (and a click from the keyboard).
  $('lines').addEventListener('pointerup', (event) => addLineFrom(event.target));
  $('lines').addEventListener('click', (event) => event.detail === 0 && addLineFrom(event.target));
  bind('save-svg', 'click', () => saveSvg($('board')));
  bind('save-png', 'click', () => savePng($('board')));
  bind('duel-play', 'click', async () => {
    if (state.analysing) await analyse(false);
    $('engine-side').value = 'none';
    await duel.start();
  });
  bind('duel-stop', 'click', () => duel.stop());
  bind('duel-save', 'click', () => duel.save());
  document.addEventListener('keydown', (event) => {
    if (event.target.closest('input, textarea, select')) return;
    const keys = { ArrowLeft: state.game.index - 1, ArrowRight: state.game.index + 1, Home: 0, End: state.game.moves.length };
    const steps = { ArrowUp: -1, ArrowDown: 1 };
    if (event.key in keys) attempt(() => navigate(keys[event.key]));
    if (event.key in steps) {
      event.preventDefault();
      if (state.game.stepSibling(steps[event.key])) attempt(refresh);
    }
  });
}

function addLineFrom(target) {
  const button = target.closest('.add-line');
  if (button) attempt(() => addEngineLine(Number(button.dataset.multipv)));
}

async function start() {
  const { default: first, variants } = await get('/api/variants');
  for (const variant of variants) {
    state.variants.set(variant.name, variant);
    const option = document.createElement('option');
    option.value = variant.name;
    option.textContent = variant.name;
    $('variant').appendChild(option);
  }
  bindControls();
  await engine.open().catch(() => say('No engine: the session could not be opened.'));
  await newGame(first);
  await collection.start();
  setInterval(tick, 200);
  document.body.dataset.ready = 'true';
}

attempt(start);
