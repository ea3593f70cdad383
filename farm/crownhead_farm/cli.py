"""The ``crownhead-farm`` command: parses its arguments and runs the farm it names."""

import argparse
import sys
from pathlib import Path

from . import binary, cluster, egdb, revisions, selfplay, sprt
from .command import CommandFailed
from .tasks import TaskFailed


def positive(text):
    """An integer of at least 1."""
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"'{text}' is not a positive number")
    return value


def common_arguments(parser):
    """The options every subcommand takes: the cluster and the binary."""
    parser.add_argument("--address", help="join the Ray cluster there (default: start a local one)")
    parser.add_argument("--workers", type=positive, help="CPUs of the local cluster (default: all)")
    parser.add_argument(
        "--crownhead",
        help="the crownhead binary to ship (default: $CROWNHEAD, the PATH, "
        "then the repository's target/release/crownhead)",
    )


def selfplay_parser(subparsers):
    """``selfplay``: the shards of a self-play run."""
    parser = subparsers.add_parser("selfplay", help="self-play data, one task per shard")
    common_arguments(parser)
    parser.add_argument("--variant", default="english")
    parser.add_argument("--games", type=positive, required=True, help="games of the whole run")
    limit = parser.add_mutually_exclusive_group(required=True)
    limit.add_argument("--nodes", type=positive)
    limit.add_argument("--depth", type=positive)
    parser.add_argument("--shards", type=positive, required=True, help="tasks, one shard each")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--random-plies", type=int)
    parser.add_argument("--openings", default="builtin")
    parser.add_argument("--eval-file", type=Path)
    parser.add_argument("--out", type=Path, required=True, help="directory of the shards' files")


def sprt_parser(subparsers):
    """``sprt``: a candidate build against a base build."""
    parser = subparsers.add_parser("sprt", help="an SPRT between two builds, batches of game pairs as tasks")
    common_arguments(parser)
    for engine in ("base", "candidate"):
        group = parser.add_mutually_exclusive_group(required=True)
        group.add_argument(f"--{engine}", metavar="REV", help=f"the {engine} revision, built here")
        group.add_argument(f"--{engine}-binary", type=Path, help=f"the {engine}, built already")
        parser.add_argument(f"--{engine}-option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--variant", default="english")
    parser.add_argument("--sprt", required=True, metavar="ELO0,ELO1[,ALPHA,BETA]")
    limit = parser.add_mutually_exclusive_group(required=True)
    for option in ("--tc", "--movetime", "--depth", "--nodes"):
        limit.add_argument(option)
    parser.add_argument("--openings", default="builtin")
    parser.add_argument("--games", type=positive, help="the most games (default: until the SPRT decides)")
    parser.add_argument("--batch-pairs", type=positive, default=10, help="game pairs per task")
    parser.add_argument("--dir", type=Path, help="keep the batches' summaries here, and resume from them")


def egdb_parser(subparsers):
    """``egdb``: an endgame database, one task per slice."""
    parser = subparsers.add_parser("egdb", help="an endgame database, one task per slice")
    common_arguments(parser)
    parser.add_argument("--variant", default="english")
    parser.add_argument("--pieces", type=positive, required=True)
    parser.add_argument("--dir", type=Path, required=True, help="the databases' directory, as egdb build's")
    parser.add_argument("--threads", type=positive, default=1, help="threads (and CPUs) of each slice's task")


def parser():
    """The argument parser of ``crownhead-farm``."""
    top = argparse.ArgumentParser(prog="crownhead-farm", description=__doc__)
    subparsers = top.add_subparsers(dest="command", required=True)
    selfplay_parser(subparsers)
    sprt_parser(subparsers)
    egdb_parser(subparsers)
    return top


def limit_arguments(args, names):
    """The one limit option given, as command-line arguments."""
    return next([f"--{name}", str(getattr(args, name))] for name in names if getattr(args, name) is not None)


def run_selfplay(args, crownhead):
    """Runs ``selfplay`` and prints the shards' summaries."""
    cluster.connect(args.address, args.workers)
    options = selfplay.Options(
        variant=args.variant,
        games=args.games,
        limit=limit_arguments(args, ["nodes", "depth"]),
        shards=args.shards,
        out=args.out,
        seed=args.seed,
        random_plies=args.random_plies,
        openings=args.openings,
        eval_file=args.eval_file,
    )
    for shard, summary in sorted(selfplay.run(options, crownhead).items()):
        print(f"shard {shard}/{args.shards}: {summary}")


def run_sprt(args, crownhead):
    """Builds the revisions if asked, runs ``sprt`` and prints crownhead's summary."""
    candidate = args.candidate_binary or revisions.build(args.candidate)
    base = args.base_binary or revisions.build(args.base)
    cluster.connect(args.address, args.workers)
    options = sprt.Options(
        variant=args.variant,
        sprt=args.sprt,
        limit=limit_arguments(args, ["tc", "movetime", "depth", "nodes"]),
        openings=args.openings,
        games=args.games,
        batch_pairs=args.batch_pairs,
        candidate_options=tuple(args.candidate_option),
        base_options=tuple(args.base_option),
    )
    print(sprt.run(crownhead, candidate, base, options, args.dir), end="")


def run_egdb(args, crownhead):
    """Runs ``egdb`` and prints what it built."""
    cluster.connect(args.address, args.workers)
    built, kept = egdb.run(crownhead, args.variant, args.pieces, args.dir, args.threads)
    print(
        f"{args.variant} up to {args.pieces} pieces in {args.dir}: {built} slices built, {kept} already there"
    )


def main(argv=None):
    """Entry point of the ``crownhead-farm`` console script; returns the exit status."""
    args = parser().parse_args(argv)
    try:
        crownhead = binary.find(args.crownhead)
        {"selfplay": run_selfplay, "sprt": run_sprt, "egdb": run_egdb}[args.command](args, crownhead)
    except (binary.NoBinary, CommandFailed, TaskFailed, OSError) as error:
        print(f"crownhead-farm: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("crownhead-farm: stopped; run again to resume", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
