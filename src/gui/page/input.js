// Entering moves: the squares picked on the board (by a click, a touch or a drag), one
// after another, the piece first and then landing square by landing square, until one
// legal move fits; when several captures share their squares, the person chooses one by
// its full text.

function startsWith(path, prefix) {
  return prefix.every((square, index) => path[index] === square);
}

export class MoveInput {
  // `box` is the element that offers the choice between moves; `onMove(text)` hears each
  // move entered, `onChange()` each change of the squares to mark.
  constructor(box, { onMove, onChange }) {
    this.box = box;
    this.onMove = onMove;
    this.onChange = onChange;
    this.legal = [];        // the legal moves, as /api/position lists them
    this.selection = null;  // { from, landings } while a move is being entered
  }

  // Starts over in a position whose legal moves are `legal`.
  reset(legal) {
    this.legal = legal;
    this.selection = null;
  }

  // The square of the piece being moved, or null.
  selected() {
    return this.selection && this.selection.from;
  }

  // Takes the square `name`: the next of the move being entered, or a piece to move.
  pick(name) {
    if (this.selection && this.continueMove(name)) return;
    const movable = this.legal.some((move) => move.from === name);
    this.selection = movable ? { from: name, landings: [] } : null;
    this.onChange();
  }

  // The moves still possible with the squares picked so far.
  candidates() {
    const { from, landings } = this.selection;
    return this.legal.filter((move) => move.from === from && move.paths.some((path) => startsWith(path, landings)));
  }

  // Takes `name` as the next square of the move being entered; whether it was one.
  continueMove(name) {
    const depth = this.selection.landings.length;
    const possible = this.candidates();
    const ending = possible.filter((move) => move.to === name);
    const through = possible.filter((move) => move.paths.some((path) => startsWith(path, this.selection.landings) && path[depth] === name));
    if (ending.length === 1 && through.every((move) => move === ending[0])) {
      this.onMove(ending[0].text);
      return true;
    }
    if (through.length === 1) {
      this.onMove(through[0].text);
      return true;
    }
    if (through.length > 1 && ending.length === 0) {
      this.selection.landings.push(name);
      this.onChange();
      return true;
    }
    const choices = ending.length > 1 ? ending : through;
    if (choices.length > 1) {
      this.offerChoice(choices);
      return true;
    }
    return false;
  }

  // Several moves fit the squares picked: the person chooses by their full text.
  offerChoice(moves) {
    this.box.replaceChildren(document.createTextNode('Which capture? '));
    for (const move of moves) {
      const button = document.createElement('button');
      button.textContent = move.text;
      button.className = 'choice';
      button.addEventListener('click', () => this.onMove(move.text));
      this.box.appendChild(button);
    }
    this.box.hidden = false;
  }

  hideChoice() {
    this.box.hidden = true;
  }

  // The squares to highlight for the move being entered.
  targets() {
    if (!this.selection) return [];
    const depth = this.selection.landings.length;
    const squares = new Set();
    for (const move of this.candidates()) {
      for (const path of move.paths) {
        if (startsWith(path, this.selection.landings) && path.length > depth) {
          squares.add(path[depth]);
          squares.add(move.to);
        }
      }
    }
    return [...squares];
  }
}
