// Puzzles: the next puzzle near the person's rating is put on the board, turned to the
// side to move; each move they play is checked by the server against the solution, and
// the opponent's replies are played for them. A puzzle's first try is rated (Glicko-2,
// kept by the server in the person's record): won when solved without a miss, lost at
// the first wrong move, at a hint (as lichess counts one) or when the solution is asked
// for. A hint marks the piece to move, a second one the move. The theme is shown only
// when asked for: it is a hint too. A wrong move stays on the board
// and the engine's refutation is played against it (its line, searched by the server,
// written out) until the person takes it back to try again. While a puzzle is being solved
// the analysis, the evaluation bar and the explorer are hidden (style.css), since each
// would give the answer away. Puzzles from the list of recent ones are played again
// unrated.

import { post } from './api.js';

const $ = (id) => document.getElementById(id);

// How long the opponent's reply waits, so that the person sees their own move land.
const REPLY_DELAY = 350;

// How many moves of a refutation's line are written out: its start says why.
const REFUTATION_SHOWN = 8;

function pause(milliseconds) {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

export class Puzzles {
  // `hooks`: variant() the rule set shown; game() the game on the board; put(puzzle)
  // puts a puzzle (as /api/puzzles/next replies) on the board as a new game, the engine
  // and the analysis off; play(text) plays a move there; back(plies) shows the position
  // that many moves before the one shown; showLine(texts) shows a line from the puzzle's
  // start; redraw() draws the board again; say(text) shows a message.
  constructor(hooks) {
    this.hooks = hooks;
    this.puzzle = null;    // the puzzle on the board, as /api/puzzles/next gave it
    this.game = null;      // the game it was put on the board as
    this.state = null;     // 'solving', 'missed' or 'solved'
    this.open = false;     // whether its rating is still to be given
    this.busy = false;     // while a move is checked or a reply played
    this.solution = null;  // its solution, once known
    this.refuted = 0;      // while a wrong move is refuted on the board: its moves there
    this.hint = null;      // the hint at the move to play: {from, move, level} (1 or 2)
  }

  bind(attempt) {
    $('puzzle-next').addEventListener('click', () => attempt(() => this.next()));
    $('puzzle-solution').addEventListener('click', () => attempt(() => this.showSolution()));
    $('puzzle-retry').addEventListener('click', () => attempt(() => this.retry()));
    $('puzzle-hint').addEventListener('click', () => attempt(() => this.giveHint()));
    $('puzzle-show-theme').addEventListener('click', () => this.showTheme());
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

  // Whether the board takes no move now: a move being checked, a wrong move refuted, or
  // the opponent's turn.
  blocks(side) {
    return this.solving && (this.busy || this.refuted > 0 || side !== this.puzzle.side);
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
    this.refuted = 0;
    this.hint = null;
    $('puzzle-theme-shown').textContent = '';
    await this.hooks.put(puzzle);
    this.game = this.hooks.game();
    const moves = puzzle.solver_moves === 1 ? 'one move' : `${puzzle.solver_moves} moves`;
    this.status(`${capital(puzzle.side)} to play and win, in ${moves}. Puzzle rated ${puzzle.rating}${puzzle.rated ? '' : ', played again unrated'}.`);
    this.drawState();
  }

  // The person's move `text` in the puzzle: played, then checked.
  async move(text) {
    this.busy = true;
    this.hint = null;
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
      await this.refute(reply.refutation);
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

  // The wrong move just played stays; the opponent's reply of `refutation`, the engine's
  // line after it, is played against it and the line written out. The first try is lost.
  async refute(refutation) {
    const wrong = this.game.shown().moves.at(-1);
    const rating = await this.rate(false);
    this.state = 'missed';
    this.refuted = 1;
    const line = refutation.slice(0, REFUTATION_SHOWN).join(' ') + (refutation.length > REFUTATION_SHOWN ? ' …' : '');
    const answer = refutation.length ? ` is met by ${line}` : ' does not win';
    this.status(`Not the move: ${wrong}${answer}.${rating} Take it back and try again, or show the solution.`);
    if (!refutation.length) return;
    await pause(REPLY_DELAY);
    await this.hooks.play(refutation[0]);
    this.refuted = 2;
  }

  // Takes back the wrong move and its refutation's reply: the person tries again.
  async retry() {
    if (!this.solving || !this.refuted) return;
    const plies = this.refuted;
    this.refuted = 0;
    await this.hooks.back(plies);
    this.status(`Try again: ${this.puzzle.side} to play and win.`);
  }

  // A hint at the move to play: its piece's square, then, asked again, the move. A first
  // try with a hint is lost.
  async giveHint() {
    if (!this.solving || this.busy || this.refuted) return;
    if (this.hint) {
      this.hint.level = 2;
      this.status(`Hint: ${this.hint.move}.`);
    } else {
      const reply = await post('/api/puzzles/hint', { variant: this.hooks.variant(), id: this.puzzle.id, moves: this.game.shown().moves });
      const rating = await this.rate(false);
      if (this.state === 'solving') this.state = 'missed';
      this.hint = { ...reply, level: 1 };
      this.status(`Hint: the piece on ${reply.from} moves. With a hint the first try counts as not solved.${rating}`);
    }
    this.hooks.redraw();
  }

  // The square the hint marks, if any.
  hintSquare() {
    return this.solving && this.hint ? this.hint.from : null;
  }

  // The move the hint shows, once asked for twice.
  hintMove() {
    return this.solving && this.hint && this.hint.level === 2 ? this.hint.move : null;
  }

  showTheme() {
    if (this.puzzle) $('puzzle-theme-shown').textContent = `Theme: ${this.puzzle.theme}.`;
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
    const puzzle = `the puzzle's ${Math.round(reply.puzzle_rating[0])} → ${Math.round(reply.puzzle_rating[1])}`;
    return ` Rating ${Math.round(reply.player.rating)} (${change >= 0 ? '+' : ''}${change}); ${puzzle}${saved}.`;
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
    this.refuted = 0;
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
    $('puzzle-retry').hidden = !(this.solving && this.refuted > 0);
    $('puzzle-hint').disabled = !this.solving;
    $('puzzle-show-theme').disabled = !this.solving;
  }
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
