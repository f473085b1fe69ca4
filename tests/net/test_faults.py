"""Faults at random moments across games: clients (`join --auto`) and the host killed (kill -9) mid-game and
run again. Every game ends, on every client, exactly as its decisions played without interruption end;
each decision is on the host's disk once, none lost, none made twice; no table is lost."""

from __future__ import annotations

import asyncio
import json
import random
import signal
import time
from dataclasses import dataclass, field
from pathlib import Path

import msgspec
import pytest

from amul_table.match.protocol import PROTOCOL_VERSION, NewTable
from amul_table.net.client import request_table
from amul_table.net.journal import Entry, journal_path
from amul_table.persistence.save_files import load_game
from amul_table.rules.engine import apply
from amul_table.rules.scoring import score_game
from amul_table.rules.setup import new_game
from tests.net.conftest import Host, Process, joiner
from tests.net.test_online import kept_actions

PLAYERS = 4
MAX_GAMES = 150  # a run needing more games than this to place its kills is broken (~2 kills a game under load)
APART = (0.002, 0.025)  # seconds between two kills: a game of `join --auto random` clients makes decisions meanwhile


@dataclass
class Game:
    """One table and the `join --auto random` processes playing its seats (each with its own data folder)."""

    code: str
    seed: int
    homes: list[Path]
    clients: list[Process]
    since: list[int] = field(default_factory=list)  # the journal's length when each seat's client (re)started
    journal: Path = Path()

    @property
    def running(self) -> bool:
        return any(client.poll() is None for client in self.clients)

    def seats_deciding(self) -> list[int]:
        """The seats whose client has made a decision since it was (re)started: connected, mid-game."""
        seats = [entry.action.seat for entry in journal_entries(self.journal)]
        return [s for s, client in enumerate(self.clients) if client.poll() is None and s in seats[self.since[s] :]]


def journal_entries(path: Path) -> list[Entry]:
    try:
        lines = path.read_bytes().splitlines()
    except FileNotFoundError:
        return []
    return [msgspec.json.decode(line, type=Entry) for line in lines]


class Faults:
    """Games on one host, `at_once` at a time, with kills at random moments until both counts are reached."""

    def __init__(self, host: Host, env: dict[str, str], processes: list, folder: Path, rng: random.Random) -> None:
        self.host, self.env, self.processes, self.folder, self.rng = host, env, processes, folder, rng
        self.games: list[Game] = []
        self.client_kills = self.host_kills = 0
        self.host_errors: list[str] = []  # what each host killed had written on stderr

    def start_game(self) -> None:
        seed = 100 + len(self.games)
        request = NewTable(protocol=PROTOCOL_VERSION, players=PLAYERS, seed=seed)
        code = asyncio.run(request_table(self.host.url, request)).code  # at once: `table new` is tested elsewhere
        homes = [self.folder / f"{code}-{seat}" for seat in range(PLAYERS)]
        journal = journal_path(self.host.data / "tables" / f"{code}.yaml")
        game = Game(code, seed, homes, [], [0] * PLAYERS, journal)
        game.clients = [self._join(game, seat) for seat in range(PLAYERS)]
        self.games.append(game)
        kills = f"{self.client_kills} clients and {self.host_kills} hosts killed"
        assert len(self.games) <= MAX_GAMES, f"the games end before the kills can be placed in them ({kills})"

    def _join(self, game: Game, seat: int) -> Process:
        client = joiner(self.env, self.host.url, game.code, f"P{seat}", "random", game.homes[seat])
        self.processes.append(client)
        return client

    def kill_a_client(self) -> bool:
        """Kill a client in the middle of its game (it has decided since it last started) and run it again;
        False if no client is there yet."""
        victims = [(game, seat) for game in self.games if game.running for seat in game.seats_deciding()]
        if not victims:
            return False
        game, seat = self.rng.choice(victims)
        game.clients[seat].signal(signal.SIGKILL)
        game.clients[seat].wait(timeout=30)
        game.since[seat] = len(journal_entries(game.journal))
        game.clients[seat] = self._join(game, seat)
        self.client_kills += 1
        return True

    def kill_the_host(self) -> None:
        self.host.process.signal(signal.SIGKILL)
        _, _, err = self.host.process.finish(timeout=30)
        self.host_errors.append(err)
        self.host = self.host.restart()
        self.processes.append(self.host)
        self.host_kills += 1

    def run(self, *, at_once: int, client_kills: int, host_kills: int) -> None:
        """Kill clients and the host in a random order, a fraction of a second apart, while games go on
        (a new game starts when one ends), until `client_kills` and `host_kills` are reached."""
        order = [True] * host_kills + [False] * client_kills
        self.rng.shuffle(order)
        for host_next in order:
            for _ in range(at_once - sum(game.running for game in self.games)):  # at most `at_once` started at a time:
                self.start_game()  # on a busy machine games ended as fast as they started, and none was killed
            time.sleep(self.rng.uniform(*APART))
            if host_next:
                self.kill_the_host()
            else:
                while not self.kill_a_client():
                    time.sleep(APART[0])
                    if sum(game.running for game in self.games) < at_once:
                        self.start_game()


def check_game(game: Game, data: Path) -> None:
    """Every client ends with the totals of the game's decisions replayed from its deal without interruption,
    each from its own seat; the host's disk holds every decision once, in order."""
    outcomes = [client.finish() for client in game.clients]
    assert all(code == 0 for code, _, _ in outcomes), [err for _, _, err in outcomes]
    results = [json.loads(out) for _, out, _ in outcomes]
    assert sorted(result["seat"] for result in results) == list(range(PLAYERS))  # each reclaimed its own seat
    saved = data / "tables" / f"{game.code}.yaml"
    load_game(saved)  # the save still loads (its own replay check)
    actions = kept_actions(saved)
    replay = new_game(PLAYERS, game.seed)
    for action in actions:
        apply(replay, action)
    assert replay.is_over
    totals = [seat.total for seat in score_game(replay.play_areas).seats]
    assert all(result["totals"] == totals for result in results)
    turns = [entry.turn for entry in journal_entries(journal_path(saved))]
    assert turns == list(range(len(actions)))  # every decision journalled once: none lost, none repeated


def faults_across_games(start_host, net_env, processes, tmp_path, *, at_once, client_kills, host_kills) -> None:
    faults = Faults(start_host(), net_env, processes, tmp_path, random.Random(25))
    faults.run(at_once=at_once, client_kills=client_kills, host_kills=host_kills)
    for game in faults.games:
        check_game(game, faults.host.data)
    assert (faults.client_kills, faults.host_kills) == (client_kills, host_kills)
    faults.host_errors.append(faults.host.stop())
    assert not [err for err in faults.host_errors if "Traceback" in err]
    kept = {path.stem for path in (faults.host.data / "tables").glob("*.yaml")}
    assert kept == {game.code for game in faults.games}  # no table lost


def test_a_few_clients_and_the_host_killed_across_two_games(start_host, net_env, processes, tmp_path):
    faults_across_games(start_host, net_env, processes, tmp_path, at_once=2, client_kills=4, host_kills=2)


@pytest.mark.slow
def test_fifty_client_kills_and_twenty_host_kills_across_games(start_host, net_env, processes, tmp_path):
    """The issue's scale: 50 clients and 20 hosts killed outright at random moments, every one run again."""
    faults_across_games(start_host, net_env, processes, tmp_path, at_once=4, client_kills=50, host_kills=20)
