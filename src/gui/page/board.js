// The board as an SVG picture, laid out as `crownhead board --svg` lays it out: the same
// square size and margins, square names in the corner of numbered boards and file and
// rank labels round algebraic ones; a board whose every square is played (Turkish) is one
// light wood colour with dark grid lines between the squares, as Turkish players know
// it, where the others are chequered. Input comes by pointer events, so that a mouse, a pen
// or a finger can click a square or drag a piece.

const SVG = 'http://www.w3.org/2000/svg';
const SQUARE = 50;
const MARGIN = 24;
const LIGHT = '#f0d9b5';
const DARK = '#b58863';
const WOOD = '#e3c58e';
const GRID = '#5b3f24';

function element(name, attributes, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

export class Board {
  // `svg` is the <svg> element; `onSquare(name)` hears each square picked (by a click, or
  // where a drag ends), `onPress(name)` each square pressed first.
  constructor(svg, { onSquare, onPress }) {
    this.svg = svg;
    this.onSquare = onSquare;
    this.onPress = onPress;
    this.flipped = false;
    this.drag = null;
    svg.addEventListener('pointerdown', (event) => this.pointerDown(event));
    svg.addEventListener('pointermove', (event) => this.pointerMove(event));
    svg.addEventListener('pointerup', (event) => this.pointerUp(event));
    svg.addEventListener('pointercancel', () => this.endDrag());
  }

  // Lays the board out for a rule set (from /api/variants).
  setVariant(variant) {
    this.variant = variant;
    this.byName = new Map(variant.squares.map((square) => [square.name, square]));
  }

  setFlipped(flipped) {
    this.flipped = flipped;
  }

  // The drawing's column and row of a square (from the top left), as orientation.rs.
  cell(square) {
    const last = this.variant.size - 1;
    return this.flipped
      ? { column: last - square.file, row: square.rank }
      : { column: square.file, row: last - square.rank };
  }

  // The centre of the square named `name`, in SVG units.
  centre(name) {
    const { column, row } = this.cell(this.byName.get(name));
    return { x: MARGIN + column * SQUARE + SQUARE / 2, y: MARGIN + row * SQUARE + SQUARE / 2 };
  }

  // Draws everything: `view` has pieces [{square, color, king}], and the squares to
  // mark: selected, targets, last (a move's squares), hint (a square), arrow (a list of
  // squares).
  draw(view) {
    const size = this.variant.size;
    const side = size * SQUARE + 2 * MARGIN;
    this.svg.setAttribute('viewBox', `0 0 ${side} ${side}`);
    this.svg.replaceChildren();
    element('rect', { class: 'border', x: 0, y: 0, width: side, height: side, fill: LIGHT, opacity: 0.4 }, this.svg);
    this.drawSquares();
    this.drawLabels();
    const marks = element('g', { class: 'marks' }, this.svg);
    for (const name of view.last || []) this.mark(marks, name, 'last');
    if (view.selected) this.mark(marks, view.selected, 'selected');
    if (view.hint) this.mark(marks, view.hint, 'hint');
    for (const name of view.targets || []) this.mark(marks, name, 'target');
    for (const piece of view.pieces) this.drawPiece(piece);
    if (view.arrow && view.arrow.length > 1) this.drawArrow(view.arrow);
  }

  drawSquares() {
    const size = this.variant.size;
    const dark = new Map();
    for (const square of this.variant.squares) {
      const { column, row } = this.cell(square);
      dark.set(`${column},${row}`, square.name);
    }
    for (let row = 0; row < size; row++) {
      for (let column = 0; column < size; column++) {
        const name = dark.get(`${column},${row}`);
        const x = MARGIN + column * SQUARE;
        const y = MARGIN + row * SQUARE;
        const attributes = { class: name ? 'square dark' : 'square light', x, y, width: SQUARE, height: SQUARE, ...this.paint(name) };
        if (name) attributes['data-square'] = name;
        element('rect', attributes, this.svg);
        if (name && !this.variant.algebraic) {
          const label = element('text', { class: 'square-name', x: x + 2, y: y + 10, 'font-size': 10, fill: LIGHT }, this.svg);
          label.textContent = name;
        }
      }
    }
  }

  // The colours of a square, `name` if it is played: on a board of playing squares only
  // (Turkish) one wood colour with grid lines, else chequered. Either way, class `dark`
  // marks a playing square.
  paint(name) {
    const size = this.variant.size;
    if (this.variant.squares.length === size * size) return { fill: WOOD, stroke: GRID, 'stroke-width': 1.5 };
    return { fill: name ? DARK : LIGHT };
  }

  // File letters under an algebraic board and rank numbers to its left.
  drawLabels() {
    if (!this.variant.algebraic) return;
    const size = this.variant.size;
    for (let index = 0; index < size; index++) {
      const offset = MARGIN + index * SQUARE + SQUARE / 2;
      const file = this.flipped ? size - 1 - index : index;
      const rank = this.flipped ? index : size - 1 - index;
      const letter = element('text', { class: 'file', x: offset, y: MARGIN + size * SQUARE + 16, 'font-size': 14, 'text-anchor': 'middle' }, this.svg);
      letter.textContent = String.fromCharCode(97 + file);
      const number = element('text', { class: 'rank', x: MARGIN / 2, y: offset + 5, 'font-size': 14, 'text-anchor': 'middle' }, this.svg);
      number.textContent = String(rank + 1);
    }
  }

  mark(parent, name, kind) {
    if (!this.byName.has(name)) return;
    const { x, y } = this.centre(name);
    const attributes = { class: `mark ${kind}`, 'data-square': name };
    if (kind === 'target') {
      element('circle', { ...attributes, cx: x, cy: y, r: SQUARE * 0.16 }, parent);
    } else {
      element('rect', { ...attributes, x: x - SQUARE / 2, y: y - SQUARE / 2, width: SQUARE, height: SQUARE }, parent);
    }
  }

  drawPiece(piece) {
    const { x, y } = this.centre(piece.square);
    const [fill, stroke] = piece.color === 'white' ? ['#f8f8f4', '#404040'] : ['#2b2b2b', '#000000'];
    const group = element('g', { class: `piece ${piece.color} ${piece.king ? 'king' : 'man'}`, 'data-square': piece.square }, this.svg);
    const radius = SQUARE * 0.34;
    const disc = (cy) => element('circle', { cx: x, cy, r: radius, fill, stroke, 'stroke-width': 2 }, group);
    if (piece.king) {
      disc(y + 2);
      disc(y - 2);
      const points = [[-0.45, 0.3], [0.45, 0.3], [0.55, -0.3], [0.25, -0.02], [0, -0.45], [-0.25, -0.02], [-0.55, -0.3]];
      const path = points.map(([dx, dy], index) => `${index ? 'L' : 'M'}${(x + dx * radius).toFixed(1)},${(y - 2 + dy * radius).toFixed(1)}`);
      element('path', { class: 'crown', d: `${path.join(' ')} Z`, fill: '#d4a017', stroke: '#7a5a00', 'stroke-width': 1 }, group);
    } else {
      disc(y);
    }
  }

  // A line through the squares of a move, with a head at its end.
  drawArrow(squares) {
    const points = squares.filter((name) => this.byName.has(name)).map((name) => this.centre(name));
    if (points.length < 2) return;
    const defs = element('defs', {}, this.svg);
    const marker = element('marker', { id: 'arrowhead', markerWidth: 4, markerHeight: 4, refX: 2, refY: 2, orient: 'auto' }, defs);
    element('path', { d: 'M0,0 L4,2 L0,4 Z', fill: '#1f6fb2' }, marker);
    element('polyline', {
      class: 'arrow',
      points: points.map(({ x, y }) => `${x},${y}`).join(' '),
      'marker-end': 'url(#arrowhead)',
    }, this.svg);
  }

  // The playing square under a pointer event, if any.
  squareAt(event) {
    const matrix = this.svg.getScreenCTM();
    if (!matrix || !this.variant) return null;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    const column = Math.floor((point.x - MARGIN) / SQUARE);
    const row = Math.floor((point.y - MARGIN) / SQUARE);
    const found = this.variant.squares.find((square) => {
      const cell = this.cell(square);
      return cell.column === column && cell.row === row;
    });
    return found ? found.name : null;
  }

  pointerDown(event) {
    const name = this.squareAt(event);
    if (!name) return;
    event.preventDefault();
    this.onPress(name);
    const piece = this.svg.querySelector(`.piece[data-square="${name}"]`);
    this.drag = { from: name, piece, x: event.clientX, y: event.clientY, moved: false };
    this.svg.setPointerCapture(event.pointerId);
  }

  // A dragged piece follows the pointer.
  pointerMove(event) {
    if (!this.drag || !this.drag.piece) return;
    const matrix = this.svg.getScreenCTM();
    const scale = matrix ? matrix.a : 1;
    const dx = (event.clientX - this.drag.x) / scale;
    const dy = (event.clientY - this.drag.y) / scale;
    if (Math.abs(dx) + Math.abs(dy) > 3) this.drag.moved = true;
    this.drag.piece.setAttribute('transform', `translate(${dx},${dy})`);
  }

  // A drag that ends on another square picks it, as a click there would.
  pointerUp(event) {
    if (!this.drag) return;
    const { from, moved } = this.drag;
    this.endDrag();
    const name = this.squareAt(event);
    if (name && name !== from && moved) this.onSquare(name);
  }

  endDrag() {
    if (this.drag && this.drag.piece) this.drag.piece.removeAttribute('transform');
    this.drag = null;
  }
}
