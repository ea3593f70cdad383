#!/usr/bin/env python3
"""An independent Turkish draughts move generator, written from RULES.md's clauses
(every square played; men one square forward or sideways, capturing the same ways;
flying kings along ranks and files; pieces removed as they are jumped; no 180° turn
between two jumps; the most pieces must be taken; a man reaching the far rank in a
capture goes on as a man and is crowned at the end), for cross-checking crownhead where
pydraughts cannot (it lets a king's quiet move pass over pieces: RULES.md, "Where
pydraughts differs"). Written for issue 59 without reading crownhead's code; Python 3,
no dependencies.

    python3 scripts/turkish_reference.py 7     # perft 1 to 7 from the start

prints the counts with duplicate captures (same from, to and captured set) counted
once: 8, 64, 708, 7,538, 85,090, 931,312, 10,782,308 (depth 7 takes minutes).
"""
import sys
DIRS = [(1,0),(-1,0),(0,1),(0,-1)]
FWD = {'W': (0,1), 'B': (0,-1)}
def inb(f, r): return 0 <= f < 8 and 0 <= r < 8

def captures(board, color, allow_180=False):
    res = {}  # key -> (len, path)
    best = [0]
    for sq, (c, k) in list(board.items()):
        if c != color: continue
        del board[sq]
        def dfs(pos, king, prev, caps, path):
            found = False
            dirs = DIRS if king else [FWD[color], (1,0), (-1,0)]
            for d in dirs:
                if prev and not allow_180 and d == (-prev[0], -prev[1]): continue
                if not king:
                    v = (pos[0]+d[0], pos[1]+d[1]); l = (v[0]+d[0], v[1]+d[1])
                    if inb(*l) and v in board and board[v][0] != color and l not in board:
                        found = True
                        p = board.pop(v)
                        dfs(l, king, d, caps + [v], path + [l])
                        board[v] = p
                else:
                    f, r = pos[0]+d[0], pos[1]+d[1]
                    while inb(f, r) and (f, r) not in board:
                        f += d[0]; r += d[1]
                    if not inb(f, r) or board[(f, r)][0] == color: continue
                    v = (f, r)
                    f, r = f+d[0], r+d[1]
                    lands = []
                    while inb(f, r) and (f, r) not in board:
                        lands.append((f, r)); f += d[0]; r += d[1]
                    if not lands: continue
                    found = True
                    p = board.pop(v)
                    for l in lands:
                        dfs(l, king, d, caps + [v], path + [l])
                    board[v] = p
            if not found and caps:
                n = len(caps)
                if n > best[0]:
                    best[0] = n; res.clear()
                if n == best[0]:
                    res.setdefault((sq, pos, frozenset(caps)), path)
        dfs(sq, k, None, [], [sq])
        board[sq] = (c, k)
    return [(key, path) for key, path in res.items()]

def quiet(board, color):
    out = []
    for sq, (c, k) in board.items():
        if c != color: continue
        if k:
            for d in DIRS:
                f, r = sq[0]+d[0], sq[1]+d[1]
                while inb(f, r) and (f, r) not in board:
                    out.append(((sq, (f, r), frozenset()), [sq, (f, r)])); f += d[0]; r += d[1]
        else:
            for d in [FWD[color], (1,0), (-1,0)]:
                t = (sq[0]+d[0], sq[1]+d[1])
                if inb(*t) and t not in board:
                    out.append(((sq, t, frozenset()), [sq, t]))
    return out

def moves(board, color, **kw):
    c = captures(board, color, **kw)
    return c if c else quiet(board, color)

def play(board, color, key):
    frm, to, caps = key
    b = dict(board)
    c, k = b.pop(frm)
    for x in caps: del b[x]
    last = 7 if color == 'W' else 0
    b[to] = (c, k or to[1] == last)
    return b

def perft(board, color, d, **kw):
    ms = moves(board, color, **kw)
    if d == 1: return len(ms)
    other = 'B' if color == 'W' else 'W'
    return sum(perft(play(board, color, key), other, d-1, **kw) for key, _ in ms)

def parse(fen):
    turn, w, b = fen.split(':')
    board = {}
    for col, part in (('W', w[1:]), ('B', b[1:])):
        for t in filter(None, part.split(',')):
            k = t.startswith('K'); t = t.lstrip('K')
            board[("abcdefgh".index(t[0]), int(t[1:]) - 1)] = (col, k)
    return board, turn

START = "W:W" + ",".join(f+r for r in "23" for f in "abcdefgh") + ":B" + ",".join(f+r for r in "67" for f in "abcdefgh")
if __name__ == "__main__":
    import time
    b, t = parse(START)
    for d in range(1, int(sys.argv[1]) + 1):
        t0 = time.time(); print(d, perft(b, t, d), f"{time.time()-t0:.1f}s", flush=True)
