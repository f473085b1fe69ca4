"""`amul-table review SAVE [--seat N] [--json]`: the coach's review of one seat in a finished game.

The JSON shape is a contract: {"seat", "name", "decisions": [{"round", "phase", "chosen", "best",
"loss", "reason"}], "mean_loss", "accuracy"}, cards named as in `score` files (a card id, or the copy
number where copies differ). Progress goes to stderr, so `--json` prints only JSON on stdout. A save
that is damaged or not finished: one line on stderr, exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from amul_table.cli.progress_line import ProgressLine
from amul_table.i18n import hint_reason
from amul_table.persistence.errors import SaveError
from amul_table.persistence.reader import one_line
from amul_table.persistence.save_files import load_game
from amul_table.persistence.save_format import SavedGame
from amul_table.rules.cards import load_cards
from amul_table.rules.phases import ActionKind
from amul_table.rules.state import Action

if TYPE_CHECKING:
    from amul_table.ai.review import Review

BAR = 30  # characters of the command line's progress bar


def add_review_command(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("review", help="the coach's review of one seat's decisions in a finished game")
    p.add_argument("save", metavar="SAVE", help="a finished game's save (.yaml)")
    p.add_argument("--seat", type=int, default=None, help="the seat to review (default: the first human, else 0)")
    p.add_argument("--json", action="store_true", help="print the review as JSON (progress still goes to stderr)")
    p.set_defaults(func=run_review)


def run_review(args: argparse.Namespace) -> int:
    from amul_table.ai.review import ReviewError, review_game  # the AI loads only for this command, not for --help

    try:
        saved = load_game(args.save)
        seat = default_seat(saved) if args.seat is None else args.seat
        with ProgressLine(sys.stderr) as line:  # ended before any message that follows, SIGTERM's included
            review = review_game(saved.state, seat, progress=ProgressBar(line))
    except (SaveError, ReviewError) as exc:
        print(f"amul-table: {one_line(f'{args.save}: {exc}', 400)}", file=sys.stderr)  # no terminal escapes
        return 2
    name = saved.setup.seats[seat].name
    if args.json:
        print(json.dumps(review_json(review, name)))
    else:
        print(review_text(review, name))
    return 0


def default_seat(saved: SavedGame) -> int:
    """The first human seat, else seat 0."""
    humans = saved.setup.humans
    return humans[0] if humans else 0


def review_json(review: Review, name: str) -> dict[str, Any]:
    return {
        "seat": review.seat,
        "name": name,
        "decisions": [
            {
                "round": d.round,
                "phase": d.phase.word,
                "chosen": action_ref(d.chosen),
                "best": action_ref(d.best),
                "loss": d.loss,
                "reason": hint_reason(d.reason, d.reason_args, "en"),
            }
            for d in review.decisions
        ],
        "mean_loss": round(review.mean_loss, 3),
        "accuracy": round(review.accuracy, 3),
    }


def review_text(review: Review, name: str) -> str:
    """The review in a few plain English lines: the figures, the three costliest, then every decision."""
    lines = [
        f"{name} (seat {review.seat}): {len(review.decisions)} decisions, accuracy {review.accuracy:.0%} "
        f"(within 0.5 points of the best), mean loss {review.mean_loss:.2f} points; final margin "
        f"{review.final_margin:+d}",
    ]
    costly = review.costliest()
    if costly:
        lines.append("costliest decisions:")
        for d in costly:
            lines.append(
                f"  round {d.round} {d.phase}: {action_name(d.chosen)}; {action_name(d.best)} was worth "
                f"{d.loss:.1f} more ({hint_reason(d.reason, d.reason_args, 'en')})"
            )
    lines.append("every decision (round, phase, chosen, best, loss):")
    for d in review.decisions:
        best = "" if d.loss == 0 else f" best {action_ref(d.best)}"
        lines.append(f"  {d.round} {d.phase:<8} {action_ref(d.chosen):<14}{best:<20} {d.loss:5.2f}")
    return "\n".join(lines)


def action_name(action: Action) -> str:
    """A decline is "decline"; any other action its card's English name, as the window says it (Mongol Guard)."""
    return "decline" if action.kind == ActionKind.DECLINE else load_cards().card(action.card).type.name["en"]


def action_ref(action: Action) -> str:
    """A decline is "decline"; any other action its card, named as in `score` files."""
    return "decline" if action.kind == ActionKind.DECLINE else card_ref(action.card)


def card_ref(uid: int) -> str:
    """The card's id when all its copies are alike, else its copy number (A-27)."""
    cards = load_cards()
    card = cards.card(uid)
    copies = cards.resolve(card.id)
    alike = len({(c.letter, c.points) for c in copies}) == 1 and not any(c.letter for c in copies)
    return card.id if alike else card.number


class ProgressBar:
    """The review's bar, drawn on a progress line (which the last move ends)."""

    def __init__(self, line: ProgressLine) -> None:
        self.line = line

    def __call__(self, done: int, total: int) -> None:
        filled = BAR * done // max(1, total)
        self.line.show(f"reviewing [{'#' * filled}{'.' * (BAR - filled)}] {done}/{total}", last=done >= total)
