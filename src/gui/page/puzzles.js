// Puzzles: the next puzzle near the person's rating is put on the board, turned to the
// side to move; each move they play is checked by the server against the solution, and
// the opponent's replies are played for them. A puzzle's first try is rated (Glicko-2,
// kept by the server in the person's record): won when solved without a miss, lost at
// the first wrong move or when the solution is asked for. While a puzzle is being solved
// the analysis, the evaluation bar and the explorer are hidden (style.css), since each
// would give the answer away. Puzzles from the list of recent ones are played again
// unrated.

import { post } from './api.js';

const $ = (id) => document.getElementById(id);

// How long the opponent's reply waits, so that the person sees their own move land.
const REPLY_DELAY = 350;

function pause(milliseconds) {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

export class Puzzles {
  // `hooks`: variant() the rule set shown; game() the game on the board; put(puzzle)
  // puts a puzzle (as /api/puzzles/next replies) on the board as a new game, the engine
  // and the analysis off; play(text) plays a move there; back() shows the position
  // before the one shown; showLine(texts) shows a line from the puzzle's start; say(text)
  // shows a message.
  constructor(hooks) {
    this.hooks = hooks;
    this.puzzle = null;    // the puzzle on the board, as /api/puzzles/next gave it
    this.game = null;      // the game it was put on the board as
    this.state = null;     // 'solving', 'missed' or 'solved'
    this.open = false;     // whether its rating is still to be given
    this.busy = false;     // while a move is checked or a reply played
    this.solution = null;  // its solution, once known
  }

  bind(attempt) {
    $('puzzle-next').addEventListener('click', () => attempt(() => this.next()));
    $('puzzle-solution').addEventListener('click', () => attempt(() => this.showSolution()));
    $('puzzles').addEventListener('toggle', () => attempt(() => this.summary()));
    $('puzzle-recent').addEventListener('click', (event) => {
      const item = event.target.closest('li[data-id]');
      if (item) attempt(() => this.next(item.dataset.id));
    });
  }

  // Whether the puzzle on the board is being solved: the person's moves come here.
  get solving() {
    return this.game !== null && this.game === this.hooks.game() && this.state !== 'solved';
  }

  // Whether the board takes no move now: a move being checked, or the opponent's turn.
  blocks(side) {
    return this.solving && (this.busy || side !== this.puzzle.side);
  }

  // The set of the rule set shown and the person's standing in it, while the panel is open.
  async summary() {
    if (!$('puzzles').open) return;
    const variant = this.hooks.variant();
    const reply = await post('/api/puzzles/summary', { variant });
    this.drawThemes(reply.themes);
    const { player } = reply;
    const sure = player.settled ? '' : ' (provisional)';
    $('puzzle-rating').textContent =
      `${variant}: rating ${Math.round(player.rating)} ± ${Math.round(2 * player.deviation)}${sure}; ` +
      `${player.tried} rated, ${player.solved} solved; ${reply.count} puzzles (${reply.source}).`;
    $('puzzle-rating').title = reply.record ? `kept in ${reply.record}` : 'kept for this run only';
    this.drawRecent(reply.recent);
  }

  drawThemes(themes) {
    const select = $('puzzle-theme');
    const chosen = select.value;
    const options = [new Option('any theme', '')];
    for (const theme of themes) options.push(new Option(`${theme.name} (${theme.count})`, theme.name));
    select.replaceChildren(...options);
    select.value = themes.some((theme) => theme.name === chosen) ? chosen : '';
  }

  drawRecent(recent) {
    const items = recent.map((attempt) => {
      const item = document.createElement('li');
      item.dataset.id = attempt.puzzle;
      item.className = attempt.solved ? 'solved' : 'missed';
      const change = Math.round(attempt.after - attempt.before);
      item.textContent = `${attempt.solved ? 'solved' : 'missed'} ${attempt.theme} ${attempt.puzzle_rating} (${change >= 0 ? '+' : ''}${change})`;
      item.title = 'play it again, unrated';
      return item;
    });
    $('puzzle-recent').replaceChildren(...items);
  }

  // Puts the next puzzle on the board, or the one of id `again`, unrated.
  async next(again = null) {
    const request = { variant: this.hooks.variant(), theme: $('puzzle-theme').value || null, seed: Math.floor(Math.random() * 1e9) };
    if (again) request.again = again;
    const puzzle = await post('/api/puzzles/next', request);
    this.puzzle = puzzle;
    this.state = 'solving';
    this.open = puzzle.rated;
    this.solution = null;
    this.busy = false;
    await this.hooks.put(puzzle);
    this.game = this.hooks.game();
    const moves = puzzle.solver_moves === 1 ? 'one move' : `${puzzle.solver_moves} moves`;
    this.status(`${capital(puzzle.side)} to play and win, in ${moves}. Puzzle rated ${puzzle.rating}${puzzle.rated ? '' : ', played again unrated'}.`);
    this.drawState();
  }

  // The person's move `text` in the puzzle: played, then checked.
  async move(text) {
    this.busy = true;
    try {
      await this.hooks.play(text);
      const reply = await post('/api/puzzles/check', { variant: this.hooks.variant(), id: this.puzzle.id, moves: this.game.shown().moves });
      await this.judge(reply);
    } finally {
      this.busy = false;
      this.drawState();
    }
  }

  async judge(reply) {
    if (reply.verdict === 'wrong') {
      this.solution = reply.solution;
      const rating = await this.rate(false);
      this.state = 'missed';
      await this.hooks.back();
      this.status(`Not the move: ${reply.expected} wins here.${rating} Try again, or show the solution.`);
    } else if (reply.verdict === 'solved') {
      this.solution = reply.solution;
      const rating = await this.rate(true);
      const clean = this.state === 'solving';
      this.state = 'solved';
      this.status(`${clean ? 'Solved' : 'Solved, after a miss'}: a ${this.puzzle.theme}.${rating}`);
    } else if (reply.reply) {
      await pause(REPLY_DELAY);
      await this.hooks.play(reply.reply);
      this.status(`Right. ${capital(this.puzzle.side)} to play on.`);
    }
  }

  // Rates the try, when it is the puzzle's first: the words that say how it went.
  async rate(solved) {
    if (!this.open) return '';
    this.open = false;
    const reply = await post('/api/puzzles/rate', { variant: this.hooks.variant(), id: this.puzzle.id, solved });
    this.solution = reply.solution;
    await this.summary();
    const change = Math.round(reply.change);
    const saved = reply.unsaved ? ` (not saved: ${reply.unsaved})` : '';
    return ` Rating ${Math.round(reply.player.rating)} (${change >= 0 ? '+' : ''}${change})${saved}.`;
  }

  // Shows the whole solution from the puzzle's start; a try not yet rated is lost.
  async showSolution() {
    if (!this.solving) return;
    const rating = await this.rate(false);
    if (!this.solution) {
      const reply = await post('/api/puzzles/check', { variant: this.hooks.variant(), id: this.puzzle.id, reveal: true });
      this.solution = reply.solution;
    }
    this.state = 'solved';
    await this.hooks.showLine(this.solution);
    this.status(`The solution: ${this.solution.join(' ')} (a ${this.puzzle.theme}).${rating}`);
    this.drawState();
  }

  status(text) {
    $('puzzle-status').textContent = text;
  }

  drawState() {
    document.body.dataset.puzzle = this.solving ? 'solving' : '';
    $('puzzle-solution').disabled = !this.solving;
  }
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
