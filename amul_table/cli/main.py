"""The `amul-table` command line. Subcommand names, options and JSON shapes are a stable contract."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from functools import cache

from amul_table.app.stopping import EXIT_STATUS, Terminated, stop_on_sigterm
from amul_table.cli.records_command import add_records_command
from amul_table.cli.review_command import add_review_command
from amul_table.cli.score_files import ScoreInputError, format_pad, load_tables, score_tables, to_json
from amul_table.net.commands import add_net_commands
from amul_table.persistence.reader import one_line


class CliError(Exception):
    """A user error: printed as one line, exit status 2."""


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        with stop_on_sigterm():  # the window replaces it with its own: autosave, then leave
            return _now(args.func)(args)
    except (CliError, ScoreInputError, ValueError) as exc:
        print(f"amul-table: {one_line(str(exc), 400)}", file=sys.stderr)  # one line, no terminal escapes
        return 2
    except KeyboardInterrupt:
        return 130
    except Terminated:
        print("amul-table: stopped (SIGTERM)", file=sys.stderr)
        return EXIT_STATUS


@cache
def _parser() -> argparse.ArgumentParser:
    """The parser `main` reads with, built once a process (a few ms each: a command's tests call main hundreds of
    times). Parsing leaves it as it was and it reads nothing of the environment; the commands are looked up by name
    when they run (`_now`, and the window's join), so a function replaced after the first call is the one called."""
    return build_parser()


def _now(func: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """The function under `func`'s name in its module now: the shared parser holds those of its first build."""
    return getattr(sys.modules[func.__module__], func.__name__, func)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="amul-table", description="Amul, the card-drafting game of the Silk Road.")
    parser.add_argument(
        "--saves", metavar="DIR", default=None, help="the saves folder (default: $AMUL_TABLE_SAVES, else saves/)"
    )
    parser.set_defaults(func=_open_window)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    _add_score(sub)
    _add_simulate(sub)
    _add_tournament(sub)
    _add_check_save(sub)
    _add_play(sub)
    _add_render(sub)
    _add_autoplay(sub)
    add_records_command(sub)
    add_review_command(sub)
    add_net_commands(sub, window_join=lambda url, code, name: _join_window(url, code, name))
    return parser


def _quiet_pygame() -> None:
    """No pygame banner on the terminal (set before pygame is first imported)."""
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _join_window(url: str, code: str, name: str) -> int:
    _quiet_pygame()
    from amul_table.app.start import join_window

    return join_window(url, code, name)


def _open_window(args: argparse.Namespace) -> int:
    _quiet_pygame()
    from amul_table.app.start import run_app

    return run_app(args)


# --- score ------------------------------------------------------------------------------------


def _add_score(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("score", help="score final play areas given in a YAML file")
    p.add_argument("file", help="YAML: seats: [{name, cards}] or tables: [{seats: [...]}, ...]")
    p.add_argument("--json", action="store_true", help="print JSON instead of the score pad")
    p.set_defaults(func=_score)


def _score(args: argparse.Namespace) -> int:
    tables = load_tables(args.file)
    results = score_tables(tables)
    if args.json:
        print(json.dumps([to_json(names, sheet) for names, sheet in results], ensure_ascii=False, indent=2))
    else:
        print("\n\n".join(format_pad(names, sheet) for names, sheet in results))
    return 0


# --- simulate ---------------------------------------------------------------------------------


def _add_simulate(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("simulate", help="play complete games with bots and summarise them")
    p.add_argument("--players", type=int, required=True, help="3 to 8")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--tea", type=int, default=0, help="Tea cards to add (0 = regular game)")
    p.add_argument("--bots", default="random", help="one tier for all seats, or one per seat: T1,T2,...")
    p.add_argument("--json", action="store_true")
    p.add_argument("--save-dir", default=None, help="write the final save of every game to this folder")
    p.set_defaults(func=_simulate)


def parse_tiers(text: str, players: int) -> list[str]:
    from amul_table.ai import BOT_TIERS

    tiers = [t.strip() for t in text.split(",") if t.strip()]
    if len(tiers) == 1:
        tiers *= players
    if len(tiers) != players:
        raise CliError(f"--bots names {len(tiers)} tiers for {players} players (give one, or one per seat)")
    for t in tiers:
        if t not in BOT_TIERS:
            raise CliError(f"unknown bot tier {t!r} (tiers: {', '.join(BOT_TIERS)})")
    return tiers


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run: distinct for every (seed, index) pair."""
    from amul_table.rules.rng import next_u64

    return next_u64((seed << 24) ^ index)[0] >> 16


def _simulate(args: argparse.Namespace) -> int:
    from amul_table.ai.base import derived_bot_salt
    from amul_table.ai.play import play_game
    from amul_table.rules.scoring import score_game
    from amul_table.rules.setup import check_options

    check_options(args.players, args.tea)
    if args.games < 1:
        raise CliError("--games must be at least 1")
    tiers = parse_tiers(args.bots, args.players)
    saver = _save_writer(args.save_dir) if args.save_dir else None
    results = []
    start = time.perf_counter()
    for g in range(args.games):
        seed = game_seed(args.seed, g)
        salt = derived_bot_salt(args.seed, seed)  # one-way, yet the run replays from --seed
        state = play_game(args.players, seed, tiers, tea=args.tea, salt=salt)
        sheet = score_game(state.play_areas)
        results.append({"totals": [s.total for s in sheet.seats], "winners": sheet.winners})
        if saver:
            saver(state, tiers, g, salt)
    seconds = time.perf_counter() - start
    summary = {
        "games": args.games,
        "players": args.players,
        "seconds": round(seconds, 4),
        "games_per_second": round(args.games / seconds, 2) if seconds else None,
        "results": results,
    }
    if args.json:
        print(json.dumps(summary))
        return 0
    wins = [0.0] * args.players
    for r in results:
        for w in r["winners"]:
            wins[w] += 1 / len(r["winners"])
    print(f"{args.games} games, {args.players} players, bots {','.join(tiers)}, tea {args.tea}, seed {args.seed}")
    for seat in range(args.players):
        mean = sum(r["totals"][seat] for r in results) / args.games
        print(f"  seat {seat + 1} ({tiers[seat]:>6}): wins {wins[seat]:6.1f}  mean score {mean:6.1f}")
    print(f"{seconds:.2f} s, {summary['games_per_second']} games per second")
    return 0


# --- tournament -------------------------------------------------------------------------------


def _add_tournament(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "tournament",
        help="bot tiers against each other on a fixed bank of deals, each played once per seat rotation",
    )
    p.add_argument("--players", type=int, required=True, help="3 to 8")
    p.add_argument("--lineup", required=True, help="one tier per seat: T1,T2,... (e.g. medium,easy,easy,easy)")
    p.add_argument("--deals", type=int, default=50, help="deals in the bank; each is played once per rotation")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1, help="parallel processes")
    p.add_argument("--tea", type=int, default=0, help="Tea cards to add (0 = regular game)")
    p.add_argument("--json", action="store_true", help='print {"tiers": {...}, "seconds": ...}')
    p.add_argument("--quiet", action="store_true", help="no progress display on stderr")
    p.set_defaults(func=_tournament)


def _tournament(args: argparse.Namespace) -> int:
    from amul_table.ai.tournament import progress_words, run_tournament
    from amul_table.cli.progress_line import ProgressLine
    from amul_table.rules.setup import check_options

    check_options(args.players, args.tea)
    lineup = [t.strip() for t in args.lineup.split(",") if t.strip()]
    if len(lineup) != args.players:
        raise CliError(f"--lineup names {len(lineup)} tiers for {args.players} players (one per seat)")
    with ProgressLine(sys.stderr) as line:  # ended before any message that follows, SIGTERM's included

        def progress(done: int, total: int, seconds: float) -> None:
            line.show(progress_words(done, total, seconds), last=done == total)

        result = run_tournament(
            args.players, lineup, args.deals, args.seed, args.jobs, args.tea, None if args.quiet else progress
        )
    if args.json:
        print(json.dumps(result))
        return 0
    games = args.deals * args.players
    print(f"{games} games ({args.deals} deals x {args.players} rotations), {args.players} players, seed {args.seed}")
    print(f"  {'tier':<8} {'games':>6} {'win rate':>9} {'95% CI':>15} {'mean rank':>10} {'margin':>8}")
    for tier, s in result["tiers"].items():
        lo, hi = s["ci95"]
        print(
            f"  {tier:<8} {s['games']:>6} {s['win_rate']:>9.1%} {f'{lo:.1%}-{hi:.1%}':>15}"
            f" {s['mean_rank']:>10.2f} {s['mean_margin']:>8.1f}"
        )
    print(f"{result['seconds']:.1f} s (shared victories count as fractional wins)")
    return 0


def _save_writer(folder: str) -> Callable:
    from amul_table.persistence.save_files import simulate_saver

    return simulate_saver(folder)


# --- check-save -------------------------------------------------------------------------------


def _add_check_save(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("check-save", help="check a save file: replay it and compare it with its snapshot")
    p.add_argument("file", help="a save (.yaml) written by amul-table")
    p.set_defaults(func=_check_save)


def _check_save(args: argparse.Namespace) -> int:
    """Exit 0 with a summary for a good save; exit 2 with the reason for a bad one."""
    from amul_table.cli.save_summary import describe
    from amul_table.persistence.errors import SaveError
    from amul_table.persistence.save_files import load_game

    try:
        saved = load_game(args.file)
    except SaveError as exc:
        raise CliError(f"{args.file}: refused: {exc}") from None
    print(f"{one_line(args.file, 400)}: {describe(saved)}")
    return 0


# --- the window: play, render, autoplay --------------------------------------------------------


def _add_play(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("play", help="open the window straight into a game: human seat(s) against bots")
    p.add_argument("--players", type=int, default=4, help="3 to 8")
    p.add_argument("--bots", default="medium", help="bot tier of every other seat: random, easy, medium, hard, expert")
    p.add_argument("--seed", type=int, default=None, help="the game's seed (random when left out)")
    p.add_argument("--tea", type=int, default=0, help="Tea cards to add (0 = regular game)")
    p.add_argument("--humans", type=int, default=1, help="human seats sharing the screen (pass and play)")
    p.set_defaults(func=_play)


def _check_window_options(args: argparse.Namespace) -> None:
    from amul_table.rules.setup import check_options

    _quiet_pygame()
    check_options(args.players, args.tea)
    if args.seed is not None and not 0 <= args.seed < 2**64:  # a save records seeds in this range only
        raise CliError("--seed must be a whole number from 0 to 2**64 - 1")
    for tier in args.bots.split(","):
        parse_tiers(tier, 1)


def _play(args: argparse.Namespace) -> int:
    _check_window_options(args)
    if not 1 <= args.humans <= args.players:
        raise CliError(f"--humans must be between 1 and the number of players ({args.players})")
    from amul_table.app.start import play_game

    return play_game(args.players, args.seed, args.bots, humans=args.humans, tea=args.tea, saves=args.saves)


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise CliError(f"--size must look like 1600x900, not {text!r}") from None
    if not (1024 <= w <= 3840 and 640 <= h <= 2160):
        raise CliError(f"--size {text} is outside 1024x640 .. 3840x2160")
    return w, h


def _add_render(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("render", help="draw one scene headless to a PNG")
    p.add_argument(
        "--scene",
        required=True,
        choices=(
            "title",
            "setup",
            "table",
            "scoring",
            "load",
            "shield",
            "settings",
            "cards",
            "rules",
            "records",
            "replay",
            "review",
            "tutorial",
        ),
    )
    p.add_argument("--players", type=int, default=4, help="3 to 8")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--bots", default="medium")
    p.add_argument("--tea", type=int, default=0)
    p.add_argument("--out", required=True, help="the PNG file to write")
    p.add_argument("--size", default="1600x900", help="WxH, from 1024x640 to 3840x2160")
    p.add_argument("--lang", default="en", choices=("en", "fr"), help="language of the window's text")
    p.add_argument("--page", type=int, default=1, help="page of the rules summary (--scene rules)")
    p.set_defaults(func=_render)


def _render(args: argparse.Namespace) -> int:
    _check_window_options(args)
    size = _size(args.size)
    check_output_path(args.out, streams=False)  # pygame writes the PNG itself: no FIFO that could block it
    from amul_table.app.headless import render_scene
    from amul_table.scenes.rules_summary import PAGES

    if not 1 <= args.page <= len(PAGES):  # it drew the last page for --page 99 and the first for --page 0
        raise CliError(f"--page must be from 1 to {len(PAGES)} (the pages of the rules summary)")

    try:
        render_scene(
            args.scene,
            args.players,
            args.seed,
            args.out,
            size,
            args.bots,
            args.tea,
            lang=args.lang,
            page=args.page,
            saves=args.saves,
        )
    except OSError as exc:
        raise CliError(f"cannot write {args.out}: {exc}") from None
    except Exception as exc:  # pygame.error has no common base with OSError
        if type(exc).__name__ == "error":
            raise CliError(f"cannot write {args.out}: {exc}") from None
        raise
    print(one_line(args.out, 400))
    return 0


def check_output_path(text: str, *, streams: bool = True) -> None:
    """Refuse, before any work, an output file that could not be written: a folder, no writable folder, a
    device or socket (a terminal, `/dev/null` or a FIFO only when the output is written as a stream)."""
    import os
    import stat

    from amul_table.persistence.reader import FileRefused, user_path

    try:
        path = user_path(text)
    except FileRefused as exc:
        raise CliError(f"cannot write {text}: {exc}") from None
    folder = path.parent
    if path.is_dir():
        raise CliError(f"cannot write {text}: it is a folder")
    kind = stat.S_IFMT(path.stat().st_mode) if path.exists() else stat.S_IFREG
    if kind not in ((stat.S_IFREG, stat.S_IFCHR, stat.S_IFIFO) if streams else (stat.S_IFREG, stat.S_IFCHR)):
        raise CliError(f"cannot write {text}: it is not a regular file")
    if not folder.is_dir():
        raise CliError(f"cannot write {text}: no folder {folder}")
    if not os.access(folder, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise CliError(f"cannot write {text}: permission denied")


def _add_autoplay(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("autoplay", help="run the window loop with bots in every seat and measure frame times")
    p.add_argument("--players", type=int, default=4, help="3 to 8")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--bots", default="medium")
    p.add_argument("--tea", type=int, default=0)
    p.add_argument("--size", default="1600x900")
    p.add_argument("--bot-pause", type=float, default=None, help="seconds per bot action (default: the setting)")
    p.add_argument("--frames-json", default=None, help="write the frame-time statistics to this JSON file")
    p.set_defaults(func=_autoplay)


def _autoplay(args: argparse.Namespace) -> int:
    _check_window_options(args)
    size = _size(args.size)
    if args.bot_pause is not None and not 0 <= args.bot_pause <= 5:
        raise CliError("--bot-pause must be between 0 and 5 seconds")
    if args.frames_json:
        check_output_path(args.frames_json)
    from amul_table.app.headless import autoplay

    stats = autoplay(args.players, args.seed, args.bots, size, args.bot_pause, args.tea)
    out = {k: stats[k] for k in ("frames", "p50_ms", "p95_ms", "p99_ms", "max_ms")}
    if args.frames_json:
        from amul_table.persistence.atomic import write_export
        from amul_table.persistence.reader import user_path

        try:  # a FIFO nobody reads is refused at once, never waited on
            write_export(user_path(args.frames_json).absolute(), json.dumps(out, indent=2).encode("utf-8"))
        except OSError as exc:
            raise CliError(f"cannot write {args.frames_json}: {exc.strerror or exc}") from None
    print(json.dumps({**out, "seconds": stats["seconds"], "totals": stats["totals"]}))
    return 0
