// The clock of a game against the engine: the page runs both sides' clocks, each side
// paying for the time it takes to move and getting the increment after it.

const NAMES = { white: 'White', black: 'Black' };

export class Clock {
  // `displays` holds the element that shows each side's time: { white, black }.
  constructor(displays) {
    this.displays = displays;
    this.time = null;       // ms left for each side, { white, black }; null without a clock
    this.increment = 0;     // ms added after each move
    this.running = null;    // the side whose time runs, or null
    this.since = 0;         // when it started to run (performance.now())
  }

  // Sets both sides' clocks to `minutes` with `increment` seconds, or takes the clock
  // away (null); either way nothing runs.
  reset(settings) {
    this.time = settings ? { white: settings.minutes * 60000, black: settings.minutes * 60000 } : null;
    this.increment = settings ? settings.increment * 1000 : 0;
    this.running = null;
    this.since = 0;
  }

  // Whether the game is played with a clock.
  get on() {
    return this.time !== null;
  }

  // `side`'s time as the engine takes it, in seconds: { time, increment }.
  engineTime(side) {
    return { time: this.time[side] / 1000, increment: this.increment / 1000 };
  }

  // The side that moved pays for its time and gets its increment.
  charge(mover) {
    if (!this.on || this.running !== mover) return;
    this.time[mover] += this.increment - (performance.now() - this.since);
    this.running = null;
  }

  // Runs `side`'s time (it goes on if it runs already); null stops it.
  run(side) {
    if (!this.on) return;
    if (side && this.running !== side) {
      this.running = side;
      this.since = performance.now();
    } else if (!side) {
      this.running = null;
    }
  }

  remaining(side) {
    const spent = this.running === side ? performance.now() - this.since : 0;
    return Math.max(0, this.time[side] - spent);
  }

  // The side whose time has run out, if any: its clock stops at zero.
  ranOut() {
    const side = this.running;
    if (!side || this.remaining(side) > 0) return null;
    this.time[side] = 0;
    this.running = null;
    return side;
  }

  // Shows each side's time as minutes and seconds, the running one marked.
  draw() {
    for (const side of ['white', 'black']) {
      const display = this.displays[side];
      if (!this.on) {
        display.textContent = '';
        continue;
      }
      const seconds = Math.ceil(this.remaining(side) / 1000);
      display.textContent = `${NAMES[side]} ${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
      display.className = this.running === side ? 'running' : '';
    }
  }
}
