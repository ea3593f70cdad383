// Engine against engine: two engine settings, A and B, play games on the server, one
// request a game (docs/gui.md), each opening twice with the colours swapped, as the
// match runner plays them. The page follows each game on the board as it goes, keeps
// the score, and saves the games as one PDN file.

import { get, post } from './api.js';
import { download } from './pdn.js';

const $ = (id) => document.getElementById(id);

// The number in the field `id`, `fallback` when it holds none, within its min and max.
function number(id, fallback) {
  const field = $(id);
  const value = Math.max(Number(field.min), Number(field.value) || fallback);
  return field.max ? Math.min(Number(field.max), value) : value;
}

// Fills engine `key`'s row of the panel ('a' or 'b', its level in `data-strength`):
// level, time, a move or a clock, increment, book.
function engineRow(key) {
  const row = $(`duel-${key}`);
  row.innerHTML = `<b>${key.toUpperCase()}</b>
    <label>Level <input id="duel-${key}-strength" type="number" min="1" max="10" value="${row.dataset.strength}"></label>
    <input id="duel-${key}-time" type="number" min="0.01" step="0.1" value="0.5" title="seconds a move, or the clock's minutes">
    <select id="duel-${key}-timing"><option value="movetime">s a move</option><option value="clock">min clock +</option></select>
    <input id="duel-${key}-increment" type="number" min="0" step="1" value="0" title="the clock's increment, seconds">
    <label><input id="duel-${key}-book" type="checkbox" checked> book</label>`;
}

// Engine `key`'s settings ('a' or 'b'), from its row of the panel, as the server takes
// them.
function settings(key) {
  const id = (name) => `duel-${key}-${name}`;
  const player = { strength: number(id('strength'), 10), book: $(id('book')).checked };
  if ($(id('timing')).value === 'clock') {
    player.clock = { time: number(id('time'), 1) * 60, increment: number(id('increment'), 0) };
  } else {
    player.movetime = number(id('time'), 0.5);
  }
  return player;
}

// An engine's name in the games' PDN and on the page.
function name(key, player) {
  const time = player.clock
    ? `${player.clock.time / 60} min + ${player.clock.increment} s`
    : `${player.movetime} s a move`;
  return `crownhead ${key.toUpperCase()} (level ${player.strength}, ${time}${player.book ? ', book' : ''})`;
}

// Points out of one for engine A in a finished game.
function pointsOfA(game) {
  if (game.result.outcome === 'draw') return 0.5;
  return game[game.result.outcome] === 'a' ? 1 : 0;
}

export class Duel {
  // `engine` is the page's EngineSession; `show(variant, fen, moves)` shows a game on
  // the board (a promise); `position()` gives the position shown, { variant, fen };
  // `say(text)` tells the person what went wrong.
  constructor({ engine, show, position, say }) {
    this.engine = engine;
    this.showGame = show;
    this.position = position;
    this.say = say;
    this.wanted = null;   // the game to show next, when the board is still drawing one
    this.drawing = null;  // the board's drawing of the games wanted, while it runs
    this.search = 0;      // the number of the game whose events count
    this.running = false;
    this.games = [];      // finished: { white, black, opening, variant, fen, moves, result, pdn }
    this.listening = false;
    engineRow('a');
    engineRow('b');
  }

  // Hears the session's engine games once its event stream is open.
  listen() {
    if (this.listening) return;
    if (!this.engine.source) throw new Error('No engine: the session could not be opened.');
    for (const [event, handler] of [['duel-move', 'onMove'], ['duel-end', 'onEnd']]) {
      this.engine.source.addEventListener(event, (message) => {
        const data = JSON.parse(message.data);
        if (this.running && data.search === this.search) this[handler](data).catch((error) => this.fail(error));
      });
    }
    this.listening = true;
  }

  // Shows a game on the board once the one shown before is drawn; of games wanted
  // meanwhile, only the latest, so that the board keeps up with the moves.
  show(variant, fen, moves) {
    this.wanted = { variant, fen, moves };
    if (!this.drawing) this.drawing = this.drawWanted();
    return this.drawing;
  }

  async drawWanted() {
    try {
      while (this.wanted) {
        const { variant, fen, moves } = this.wanted;
        this.wanted = null;
        await this.showGame(variant, fen, moves);
      }
    } catch (error) {
      this.say(error.message);
    } finally {
      this.drawing = null;
    }
  }

  // The match stops where something went wrong, and says what.
  fail(error) {
    this.setRunning(false);
    this.draw();
    this.say(error.message);
  }

  // Starts a match from the panel's settings, in the rule set and from the position
  // shown when asked.
  async start() {
    try {
      await this.begin();
    } catch (error) {
      this.fail(error);
    }
  }

  async begin() {
    this.listen();
    const { variant, fen } = this.position();
    this.players = { a: settings('a'), b: settings('b') };
    this.variant = variant;
    this.openings = await this.chosenOpenings(variant, fen);
    this.total = 2 * Math.ceil(number('duel-games', 2) / 2);
    this.games = [];
    this.setRunning(true);
    this.draw();
    await this.next();
  }

  // The openings the pairs of games start from, in order.
  async chosenOpenings(variant, fen) {
    const from = $('duel-from').value;
    if (from === 'start') return [{ fen: null, moves: [] }];
    if (from === 'shown') return [{ fen, moves: [] }];
    const { openings } = await get(`/api/openings/${variant}`);
    if (!openings.length) throw new Error(`No openings for ${variant}.`);
    const first = (Math.round(number('duel-first', 1)) - 1) % openings.length;
    return [...openings.slice(first), ...openings.slice(0, first)];
  }

  // Starts the next game, if any: A has White in the first game of each pair.
  async next() {
    const index = this.games.length;
    if (index >= this.total) {
      this.setRunning(false);
      return;
    }
    const opening = this.openings[Math.floor(index / 2) % this.openings.length];
    const [white, black] = index % 2 === 0 ? ['a', 'b'] : ['b', 'a'];
    this.game = { white, black, opening, variant: this.variant, fen: opening.fen };
    this.search += 1;
    const date = new Date().toISOString().slice(0, 10).replaceAll('-', '.');
    const tags = [['Event', 'crownhead gui: engine against engine'], ['Date', date], ['Round', String(index + 1)],
      ['White', name(white, this.players[white])], ['Black', name(black, this.players[black])]];
    this.show(this.variant, opening.fen, opening.moves);
    await post(`/api/session/${this.engine.id}/duel`, {
      search: this.search, variant: this.variant, fen: opening.fen, moves: opening.moves,
      white: this.players[white], black: this.players[black], tags,
    });
  }

  async onMove(data) {
    this.show(this.variant, this.game.fen, data.moves);
    const clocks = data.clocks ? `; clocks ${data.clocks.white.toFixed(1)} s, ${data.clocks.black.toFixed(1)} s` : '';
    $('duel-status').textContent = `Game ${this.games.length + 1} of ${this.total}: ${data.moves.length} moves${clocks}.`;
  }

  async onEnd(data) {
    this.games.push({ ...this.game, moves: data.moves, result: data.result, pdn: data.pdn });
    this.show(this.variant, this.game.fen, data.moves);
    this.draw();
    await this.next();
  }

  async stop() {
    this.setRunning(false);
    if (this.engine.id) await post(`/api/session/${this.engine.id}/duel/stop`);
    this.draw();
  }

  save() {
    download(this.games.map((game) => game.pdn).join(''), 'crownhead-games.pdn');
  }

  setRunning(on) {
    this.running = on;
    $('duel-play').disabled = on;
    $('duel-stop').disabled = !on;
  }

  // The score and the list of finished games; a click on one shows it.
  draw() {
    const points = this.games.reduce((sum, game) => sum + pointsOfA(game), 0);
    const count = (outcome) => this.games.filter((game) => pointsOfA(game) === outcome).length;
    const played = this.games.length;
    $('duel-score').textContent = played
      ? `A ${points} : ${played - points} B (A won ${count(1)}, lost ${count(0)}, drew ${count(0.5)})`
      : '';
    $('duel-status').textContent = this.running ? `Game ${played + 1} of ${this.total}.` : `${played} games played.`;
    $('duel-save').disabled = !played;
    const list = $('duel-list');
    list.replaceChildren(...this.games.map((game) => {
      const item = document.createElement('li');
      const opening = game.opening.moves.length ? game.opening.moves.join(' ') : 'no opening moves';
      item.textContent = `${game.white.toUpperCase()}–${game.black.toUpperCase()} ${game.result.pdn} (${game.result.reason}), ${opening}`;
      item.dataset.outcome = game.result.outcome;
      item.addEventListener('click', () => !this.running && this.show(game.variant, game.fen, game.moves));
      return item;
    }));
  }
}
