// Pictures of the board as the page shows it (pieces, highlights, the best move's
// arrow), for articles and forums: the board's SVG written out as a document of its
// own, with the page's board styles in it, and a PNG drawn from that on a canvas.

import { download } from './pdn.js';

const SVG = 'http://www.w3.org/2000/svg';
// PNG pixels for each unit of the board's drawing: 896 pixels across an 8x8 board.
const PNG_SCALE = 2;

// The page's style rules for what is drawn on the board (`#board .target`, ...), which
// the picture carries in a <style> of its own; not those of the board's element itself,
// which size it in the page.
function boardRules() {
  const rules = [];
  for (const sheet of document.styleSheets) {
    for (const rule of sheet.cssRules) {
      const selectors = (rule.selectorText || '').split(',');
      if (selectors.every((selector) => selector.trim().startsWith('#board '))) rules.push(rule.cssText);
    }
  }
  return rules.join('\n');
}

// The drawing's width and height, from its viewBox.
function size(svg) {
  const [, , width, height] = svg.getAttribute('viewBox').split(/\s+/).map(Number);
  return { width, height };
}

// The board `svg` as an SVG document.
export function boardSvg(svg) {
  const copy = svg.cloneNode(true);
  const { width, height } = size(svg);
  copy.setAttribute('width', width);
  copy.setAttribute('height', height);
  copy.setAttribute('font-family', getComputedStyle(svg).fontFamily);
  copy.removeAttribute('class');
  const style = document.createElementNS(SVG, 'style');
  style.textContent = boardRules();
  copy.insertBefore(style, copy.firstChild);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}\n`;
}

// The board `svg` as a PNG image (a Blob), on the page's background.
export async function boardPng(svg) {
  const url = URL.createObjectURL(new Blob([boardSvg(svg)], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const { width, height } = size(svg);
    const canvas = document.createElement('canvas');
    canvas.width = width * PNG_SCALE;
    canvas.height = height * PNG_SCALE;
    const context = canvas.getContext('2d');
    context.fillStyle = getComputedStyle(document.body).backgroundColor;
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise((resolve, reject) => canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('the PNG could not be made'))), 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}

export function saveSvg(svg) {
  download(boardSvg(svg), 'crownhead-board.svg', 'image/svg+xml');
}

export async function savePng(svg) {
  download(await boardPng(svg), 'crownhead-board.png', 'image/png');
}
