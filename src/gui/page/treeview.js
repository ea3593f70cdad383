// The move tree drawn as lidraughts draws it: the main line in two columns, a move pair a
// row; after a main-line move with a comment or with variations played instead of it, a
// block across the columns holds the comment and each variation on a line of its own,
// indented, its own variations inline in parentheses. A click on a move shows it; the
// whole-game analysis's comment on it is its tooltip, beside the person's comment.

import { joined } from './tree.js';

export class TreeView {
  // `box` is the element drawn into; `onPick(node)` hears a click on a move.
  constructor(box, { onPick }) {
    this.box = box;
    this.onPick = onPick;
    this.shown = null;   // the node shown at the last drawing, to scroll to when it changes
  }

  // Draws the tree of `game` (a MoveTree), its move shown marked. `offset` is 1 when the
  // game starts with the second player's move (its first move is then "1..."), else 0.
  draw(game, offset) {
    this.offset = offset;
    this.current = game.current();
    this.box.replaceChildren();
    if (game.root.comment) this.box.append(block([comment(game.root.comment)]));
    let rowOpen = false;   // a row holds the first player's move and awaits the second's
    game.root.continuation().forEach((node, ply) => {
      const first = this.isFirst(ply);
      if (first || !rowOpen) this.box.append(cell('index', String(this.number(ply))));
      if (!first && !rowOpen) this.box.append(cell('empty', '…'));
      this.box.append(this.move(node, ply));
      rowOpen = first;
      const variations = node.parent.children.slice(1);
      if (!node.comment && !variations.length) return;
      if (first) this.box.append(cell('empty', '…'));
      rowOpen = false;
      const parts = node.comment ? [comment(node.comment)] : [];
      for (const variation of variations) parts.push(this.variation(variation, ply));
      this.box.append(block(parts));
    });
    this.scrollToCurrent();
  }

  isFirst(ply) {
    return (ply + this.offset) % 2 === 0;
  }

  number(ply) {
    return Math.floor((ply + this.offset) / 2) + 1;
  }

  // A variation on a line of its own: from `first` along its continuation.
  variation(first, ply) {
    const line = document.createElement('div');
    line.className = 'variation';
    this.inline(line, first, ply);
    return line;
  }

  // Writes into `element` the line from `first` (at `ply`) along its main continuation,
  // with the comment opening it, the moves' comments, and, after each move but the first,
  // the variations played instead of it in parentheses.
  inline(element, first, ply) {
    if (first.intro) element.append(comment(first.intro), ' ');
    let numbered = true;   // a second player's move needs its number ("3...") here
    for (let node = first; node; node = node.children[0], ply += 1) {
      element.append(...this.numberedMove(node, ply, numbered), ' ');
      numbered = false;
      if (node.comment) {
        element.append(comment(node.comment), ' ');
        numbered = true;
      }
      if (node === first) continue;
      for (const variation of node.parent.children.slice(1)) {
        element.append('(');
        this.inline(element, variation, ply);
        element.lastChild.remove();   // the blank after its last move
        element.append(') ');
        numbered = true;
      }
    }
  }

  // A move: its text and glyph (or the analysis's mark).
  move(node, ply) {
    const span = document.createElement('span');
    span.className = node === this.current ? 'move current' : 'move';
    span.dataset.ply = String(ply + 1);
    span.dataset.path = pathOf(node);
    span.textContent = node.move;
    const sign = node.glyph || { mistake: '?', blunder: '??' }[node.mark];
    if (sign) span.append(cell(node.glyph ? 'glyph' : 'mark', sign));
    const title = joined(node.comment, node.analysis);
    if (title) span.title = title;
    span.addEventListener('click', () => this.onPick(node));
    return span;
  }

  // A move of a variation, after its number: the first player's always ("3."), the second
  // player's when `numbered` ("3...").
  numberedMove(node, ply, numbered) {
    const first = this.isFirst(ply);
    if (!first && !numbered) return [this.move(node, ply)];
    return [cell('number', `${this.number(ply)}${first ? '.' : '...'}`), ' ', this.move(node, ply)];
  }

  // Keeps the move shown in sight when it changed since the last drawing.
  scrollToCurrent() {
    const changed = this.current !== this.shown;
    this.shown = this.current;
    const span = this.box.querySelector('.move.current');
    if (!changed || !span) return;
    const box = this.box.getBoundingClientRect();
    const place = span.getBoundingClientRect();
    if (place.top < box.top || place.bottom > box.bottom) span.scrollIntoView({ block: 'nearest' });
  }
}

function cell(className, text) {
  const span = document.createElement('span');
  span.className = className;
  span.textContent = text;
  return span;
}

function comment(text) {
  return cell('comment', text);
}

// A block across the columns.
function block(parts) {
  const div = document.createElement('div');
  div.className = 'interrupt';
  div.append(...parts);
  return div;
}

// The node's place in the tree: the index of each move among its position's moves.
function pathOf(node) {
  return node.path().map((each) => each.parent.children.indexOf(each)).join('.');
}
