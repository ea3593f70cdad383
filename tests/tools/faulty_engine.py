#!/usr/bin/env python3
"""A Hub engine that fails on purpose, for tests/tools/matches.rs.

    faulty_engine.py MODE N ENGINE [ARGS...]

Runs the Hub engine ENGINE and passes every line through both ways, except that the
N-th `go` this process receives is answered by failing in one way (MODE):

    crash       exit at once with status 3
    illegal     answer `done move=1-2`, which no rule set allows
    unreadable  answer `done move=zz`
    silent      never answer again (keep reading, as a hung engine would)
    late        pass the `go` on, but hold the engine's answer back for 1.4 s

The `id` line names the engine `faulty-MODE`, so a match tells it from ENGINE.
"""

import subprocess
import sys
import threading
import time


def main():
    mode, fault_at, command = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    engine = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    silent = threading.Event()
    late = threading.Event()

    def forward_answers():
        for line in engine.stdout:
            if silent.is_set():
                continue
            if line.startswith("done") and late.is_set():
                late.clear()
                time.sleep(1.4)
            if line.startswith("id "):
                line = "id name=faulty-%s\n" % mode
            sys.stdout.write(line)
            sys.stdout.flush()

    threading.Thread(target=forward_answers, daemon=True).start()
    goes = 0
    for line in sys.stdin:
        if line.startswith("go"):
            goes += 1
            if goes == fault_at:
                if mode == "crash":
                    sys.stdout.flush()
                    engine.kill()
                    sys.exit(3)
                if mode == "silent":
                    silent.set()
                    continue
                if mode == "late":
                    late.set()
                    engine.stdin.write(line)
                    engine.stdin.flush()
                    continue
                sys.stdout.write("done move=%s\n" % ("1-2" if mode == "illegal" else "zz"))
                sys.stdout.flush()
                continue
        if silent.is_set():
            continue
        engine.stdin.write(line)
        engine.stdin.flush()
    engine.kill()


if __name__ == "__main__":
    main()
