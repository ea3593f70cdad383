// Lessons from the person's own games: after a whole-game analysis, each position where
// the person's side played a mistake or a blunder, in the game's order, to find a better
// move in. The server keeps the analysis and judges each move tried (docs/gui.md); the
// page shows the position, says how the move tried was judged, shows why on request,
// and counts the better moves found without asking why first.

import { post } from './api.js';

const $ = (id) => document.getElementById(id);

function men(value) {
  return `${value.toFixed(2)} men`;
}

export class Lessons {
  // `hooks`: engine() the page's session id, game() the request for the line shown,
  // show(ply) shows its position after `ply` moves, fen() the FEN of the position shown,
  // quiet() stops the page's own analysis, say(text) shows a message.
  constructor(hooks) {
    this.hooks = hooks;
    this.reset();
  }

  bind(attempt) {
    const on = (id, work) => $(id).addEventListener('click', () => attempt(work));
    on('lessons-start', () => this.start());
    on('lesson-why', () => this.why());
    on('lesson-next', () => this.next());
    on('lesson-stop', () => this.stop());
  }

  // No analysis to learn from (a new game, or another analysis under way).
  reset() {
    this.game = null;      // the game request of the lessons, once started
    this.lessons = [];
    this.index = -1;       // the lesson shown, or -1
    this.found = 0;
    $('lessons-start').disabled = true;
    this.stop();
  }

  // The game shown was analysed; `side` is the person's when they played it against the
  // engine, else null and they choose.
  offer(side) {
    $('lessons-start').disabled = false;
    $('lessons-side').value = side || '';
  }

  // Fetches the lessons of the side chosen and shows the first.
  async start() {
    $('lesson-summary').textContent = '';
    const side = $('lessons-side').value;
    if (!side) throw new Error('Choose the side you played: White or Black.');
    const game = this.hooks.game();
    const reply = await post(`/api/session/${this.hooks.engine()}/lessons`, { ...game, side });
    this.stop();
    if (!reply.lessons.length) {
      $('lesson-summary').textContent = `No mistake by ${side} in ${reply.moves} moves: nothing to learn here.`;
      return;
    }
    await this.hooks.quiet();
    Object.assign(this, { game, lessons: reply.lessons, index: 0, found: 0 });
    $('lesson').hidden = false;
    document.body.classList.add('lesson');
    await this.show();
  }

  // The lesson shown, while its position is the one on the board.
  current() {
    const lesson = this.lessons[this.index];
    return lesson && lesson.fen === this.hooks.fen() ? lesson : null;
  }

  async show() {
    const lesson = this.lessons[this.index];
    this.solved = false;
    this.asked = false;
    await this.hooks.show(lesson.ply);
    const side = lesson.fen.charAt(0).toUpperCase() === 'W' ? 'White' : 'Black';
    $('lesson-title').textContent = `Lesson ${this.index + 1} of ${this.lessons.length}: ${side} to move.`;
    $('lesson-text').textContent = `You played ${lesson.played} here (a ${lesson.judgement}, giving away ${men(lesson.loss)}); find a better move.`;
    $('lesson-text').dataset.state = 'asking';
    $('lesson-lines').replaceChildren();
    $('lesson-next').textContent = this.index + 1 < this.lessons.length ? 'Next' : 'Finish';
  }

  // Judges `text`, a move entered on the board, when a lesson's position is shown;
  // whether it was taken as a try (else the page plays it).
  async tryMove(text) {
    const lesson = this.current();
    if (!lesson) return false;
    $('lesson-text').textContent = `${text}: thinking...`;
    let reply;
    try {
      reply = await post(`/api/session/${this.hooks.engine()}/lessons/try`, { ...this.game, ply: lesson.ply, move: text });
    } catch (error) {
      $('lesson-text').textContent = `${text}: ${error.message}`;
      return true;
    }
    if (reply.correct) {
      if (!this.solved && !this.asked) this.found += 1;
      this.solved = true;
      $('lesson-text').textContent = `${reply.move} is correct: a good move.`;
      $('lesson-text').dataset.state = 'correct';
      this.lines([['Its line', reply.line]]);
    } else {
      const what = reply.move === lesson.played ? 'the move you played' : `a ${reply.judgement} too`;
      $('lesson-text').textContent = `${reply.move} is ${what} (it gives away ${men(reply.loss)}): try again.`;
      $('lesson-text').dataset.state = 'wrong';
    }
    return true;
  }

  // The refutation of the move played, and the engine's choice with its line.
  why() {
    const lesson = this.lessons[this.index];
    if (!lesson) return;
    this.asked = true;
    this.lines([
      [`You played ${lesson.played}`, lesson.refutation],
      [`Better: ${lesson.best}`, lesson.best_line],
    ]);
  }

  lines(rows) {
    $('lesson-lines').replaceChildren(...rows.map(([label, moves]) => {
      const row = document.createElement('div');
      row.className = 'lesson-line';
      row.textContent = `${label}: ${moves.join(' ')}`;
      return row;
    }));
  }

  async next() {
    if (this.index < 0) return;
    this.index += 1;
    if (this.index < this.lessons.length) {
      await this.show();
      return;
    }
    const summary = `Found ${this.found} of ${this.lessons.length}.`;
    this.stop();
    $('lesson-summary').textContent = summary;
  }

  // Ends the lessons; the board stays where it is.
  stop() {
    this.index = -1;
    $('lesson').hidden = true;
    $('lesson-summary').textContent = '';
    document.body.classList.remove('lesson');
  }
}
